/**
 * The payout routes' bodies: POST /api/admin/requests/{id}/payout { txHash } and …/fail { reason }.
 * A hash is `0x` and 64 hex digits (either case: it is stored lower-case).
 */
import { z } from "zod";

export const payoutRecordSchema = z.object({
  txHash: z
    .string({ message: "VALIDATION" })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "VALIDATION")
    .transform((h) => h.toLowerCase() as `0x${string}`),
});

export const payoutFailSchema = z.object({
  reason: z.string({ message: "VALIDATION" }).trim().min(1, "VALIDATION").max(500, "VALIDATION"),
});
