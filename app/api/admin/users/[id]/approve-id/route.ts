/**
 * PATCH /api/admin/users/{id}/approve-id — approve the member's PENDING ID (CertID true) and pay the
 * 1000 WLD airdrop once per member. 409 NOTHING_TO_APPROVE with no submission, ALREADY_APPROVED after,
 * CONFLICT when the optional { documentId } is no longer the member's current submission.
 */
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { approveIdDocument } from "@/lib/kyc/documents";
import { approveIdSchema } from "@/lib/validation/kyc";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    // No body (as the spec sends it) approves the current submission; { documentId } pins the one reviewed.
    const { documentId } = await readJson(req, approveIdSchema);
    return approveIdDocument(user, target.id, { ip, requestId, documentId });
  },
  { permission: "member.kyc", target: "id" },
);
