/** Input schemas of the four-eyes calls (lib/admin/proposals.ts). */
import { z } from "zod";
import { PROPOSAL_STATUSES } from "@/lib/admin/proposal-kinds";
import { adminAmount } from "./amount";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Why an admin change is made: required when the change becomes a proposal (lib/admin/proposals.ts falls back
 * to the console's memo), accepted and ignored otherwise. Up to 500 characters; line feeds allowed.
 */
export const reasonField = () =>
  z
    .string({ message: "VALIDATION" })
    .trim()
    .max(500, "VALIDATION")
    .refine((v) => !CONTROL.test(v), "INVALID_CHARACTERS")
    .optional();

/** POST /api/admin/proposals/{id}/reject: the note is required (shown to the proposer). */
export const rejectSchema = z.object({
  note: z
    .string({ message: "REASON_REQUIRED" })
    .trim()
    .min(1, "REASON_REQUIRED")
    .max(500, "VALIDATION")
    .refine((v) => !CONTROL.test(v), "INVALID_CHARACTERS"),
});

const ci = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(PROPOSAL_STATUSES, { message: "VALIDATION" }));

/** GET /api/admin/proposals?status&page&limit */
export const proposalListSchema = z.object({
  status: ci.optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, "VALIDATION")
    .transform(Number)
    .pipe(z.number().int().min(1, "VALIDATION"))
    .optional()
    .transform((v) => v ?? 1),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "VALIDATION")
    .transform(Number)
    .pipe(z.number().int().min(1, "VALIDATION").max(100, "VALIDATION"))
    .optional()
    .transform((v) => v ?? 20),
});

/**
 * PATCH /api/admin/users/{id}/withdraw-limit: the member's own daily withdrawal limit in whole KRW (0 blocks
 * them), or null for the configured default; always a four-eyes proposal with a reason.
 */
export const withdrawLimitSchema = z.object({
  limitKrw: z.union([z.null(), adminAmount({ decimals: 0, allowZero: true })], { message: "INVALID_AMOUNT" }),
  reason: reasonField(),
});
