/** Inputs of the ID-verification calls. */
import { z } from "zod";
import { AppError } from "@/lib/errors";

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

/** The numeric users.id of an /api/admin/users/{id} route; anything else is 404. */
export function memberIdParam(raw: string | undefined): number {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) throw new AppError("NOT_FOUND");
  const id = Number(raw);
  if (id > 2_147_483_647) throw new AppError("NOT_FOUND");
  return id;
}
