/**
 * PATCH /api/admin/users/{id}/reject-id { reason, documentId? } — reject the member's submission (or revoke an
 * approval); the member may upload again. 409 INVALID_STATE when there is nothing to reject.
 */
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { rejectIdDocument } from "@/lib/kyc/documents";
import { rejectIdSchema } from "@/lib/validation/kyc";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const { reason, documentId } = await readJson(req, rejectIdSchema);
    return rejectIdDocument(user, target.id, reason, { ip, requestId, documentId });
  },
  { permission: "member.kyc", target: "id" },
);
