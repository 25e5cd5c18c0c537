/**
 * PATCH /api/admin/users/{id}/approve-id — approve the member's PENDING ID (CertID true) and pay the
 * 1000 WLD airdrop once per member. 409 NOTHING_TO_APPROVE with no submission, ALREADY_APPROVED after,
 * CONFLICT when the optional { documentId } is no longer the member's current submission.
 */
import { readJson, withAdmin } from "@/lib/api/handler";
import { approveIdDocument } from "@/lib/kyc/documents";
import { approveIdSchema, memberIdParam } from "@/lib/validation/kyc";

export const PATCH = withAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const id = memberIdParam(params.id);
  // No body (as the spec sends it) approves the current submission; { documentId } pins the one reviewed.
  const { documentId } = await readJson(req, approveIdSchema);
  return approveIdDocument(user, id, { ip, requestId, documentId });
});
