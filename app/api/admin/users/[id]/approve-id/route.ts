/**
 * PATCH /api/admin/users/{id}/approve-id — approve the member's PENDING ID (CertID true) and pay the
 * 1000 WLD airdrop once per member. 409 NOTHING_TO_APPROVE with no submission, ALREADY_APPROVED after.
 */
import { withAdmin } from "@/lib/api/handler";
import { approveIdDocument } from "@/lib/kyc/documents";
import { memberIdParam } from "@/lib/validation/kyc";

export const PATCH = withAdmin<{ id: string }>(async ({ params, user, ip, requestId }) =>
  approveIdDocument(user, memberIdParam(params.id), { ip, requestId }),
);
