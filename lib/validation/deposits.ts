/**
 * The bank statement routes' inputs (KRW deposits matched to the bank): GET /api/admin/deposits/bank's query and
 * POST /api/admin/deposits/bank/lines/{id}/resolve's body.
 */
import { z } from "zod";
import { hasControlChars } from "@/lib/http/body";
import { BANK_LINE_STATUSES } from "@/lib/deposits/dto";
import { queryInt } from "./query";

export const bankLinesQuerySchema = z.object({
  status: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(BANK_LINE_STATUSES, { message: "VALIDATION" }))
    .optional(),
  page: queryInt(1, 1_000_000),
  limit: queryInt(20, 100),
});

const requestId = z
  .number({ message: "VALIDATION" })
  .int("VALIDATION")
  .positive("VALIDATION")
  .max(Number.MAX_SAFE_INTEGER, "VALIDATION");

export const bankLineResolveSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("match"), requestId }),
    z.object({
      action: z.literal("dismiss"),
      reason: z
        .string({ message: "VALIDATION" })
        .trim()
        .min(1, "VALIDATION")
        .max(500, "VALIDATION")
        .refine((s) => !hasControlChars(s), "INVALID_CHARACTERS"),
    }),
  ],
  { message: "VALIDATION" },
);
