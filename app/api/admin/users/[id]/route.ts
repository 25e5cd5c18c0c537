/**
 * DELETE /api/admin/users/{id} — deactivate a member: sessions end, the users row is anonymised and the ID
 * images leave the member's record; the identity and images the law keeps are sealed for a SUPERADMIN for 5
 * years (lib/kyc/retention.ts), the ledger is kept. Admins cannot remove themselves or a SUPERADMIN (403).
 */
import { withAdmin } from "@/lib/api/with-auth";
import { deactivateMember } from "@/lib/kyc/deactivate";

export const DELETE = withAdmin<{ id: string }>(
  async ({ user, target, ip, requestId }) => deactivateMember(user, target.id, { ip, requestId }),
  { permission: "member.deactivate", target: "id" },
);
