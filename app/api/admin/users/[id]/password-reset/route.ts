// PATCH /api/admin/users/{id}/password-reset — SUPERADMIN issues a one-time temporary password, shown once.
import { withAdmin } from "@/lib/api/with-auth";
import { resetPassword } from "@/lib/auth/passwords";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ user, target, ip, requestId }) => {
    const temporaryPassword = await resetPassword(user, target.id, { ip, requestId });
    return { userId: target.userId, temporaryPassword };
  },
  { permission: "member.password-reset", target: "id" },
);
