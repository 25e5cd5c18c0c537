/**
 * DELETE /api/admin/users/{id} — deactivate a member: sessions end, personal data and ID images are
 * erased, the ledger is kept. Admins cannot remove themselves or a SUPERADMIN (403).
 */
import { withAdmin } from "@/lib/api/with-auth";
import { deactivateMember } from "@/lib/kyc/deactivate";

export const DELETE = withAdmin<{ id: string }>(
  async ({ user, target, ip, requestId }) => deactivateMember(user, target.id, { ip, requestId }),
  { permission: "member.deactivate", target: "id" },
);
