/** Inputs of the ID-verification calls. */
import { z } from "zod";

/** The document the admin looked at; when given and no longer current (the member re-uploaded) → 409. */
const documentId = z.number().int().positive().optional();

export const approveIdSchema = z.object({ documentId });
export type ApproveId = z.infer<typeof approveIdSchema>;

/** The reason is free text shown to the member and may span lines (tab and line breaks kept). */
export const rejectIdSchema = z.object({
  reason: z
    .string({ error: "REASON_REQUIRED" })
    .trim()
    .min(1, { error: "REASON_REQUIRED" })
    .max(500, { error: "VALIDATION" }),
  documentId,
});
export type RejectId = z.infer<typeof rejectIdSchema>;
