/**
 * GET /api/admin/users/{id}/retained-identity — SUPERADMIN only: the identity a deactivated member left, kept by law
 * for 5 years after the relationship ended (lib/kyc/retention.ts): 200 { id, loginId, name, phone, walletAddr,
 * idApprovedAt, relationshipEndedAt, eraseAfter, images: [{ documentId, url }] }. Every read is audited
 * (retention.identity.view); an ADMIN gets 403 (audited as AUTHZ_DENIED); none held (an active member, or erased) →
 * 404.
 */
import { withAdmin } from "@/lib/api/with-auth";
import { readRetainedIdentity } from "@/lib/kyc/retention";

export const GET = withAdmin<{ id: string }>(
  async ({ user, target, ip, requestId }) => readRetainedIdentity(user, target.id, { ip, requestId }),
  { permission: "member.retained-identity", target: "id" },
);
