/**
 * DELETE /api/admin/users/{id} — deactivate a member: sessions end, personal data and ID images are
 * erased, the ledger is kept. Admins cannot remove themselves or a SUPERADMIN (403).
 */
import { withAdmin } from "@/lib/api/handler";
import { deactivateMember } from "@/lib/kyc/deactivate";
import { memberIdParam } from "@/lib/validation/kyc";

export const DELETE = withAdmin<{ id: string }>(async ({ params, user, ip, requestId }) =>
  deactivateMember(user, memberIdParam(params.id), { ip, requestId }),
);
