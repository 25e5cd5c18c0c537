/**
 * PATCH /api/admin/users/{id}/reject-id { reason, documentId? } — reject the member's submission (or revoke an
 * approval); the member may upload again. 409 INVALID_STATE when there is nothing to reject.
 */
import { readJson, withAdmin } from "@/lib/api/handler";
import { rejectIdDocument } from "@/lib/kyc/documents";
import { memberIdParam, rejectIdSchema } from "@/lib/validation/kyc";

export const PATCH = withAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const id = memberIdParam(params.id);
  const { reason, documentId } = await readJson(req, rejectIdSchema);
  return rejectIdDocument(user, id, reason, { ip, requestId, documentId });
});
