// PATCH /api/admin/users/{id}/password-reset — SUPERADMIN issues a one-time temporary password, shown once.
import { withSuperAdmin } from "@/lib/api/handler";
import { resetPassword } from "@/lib/auth/accounts";
import { requireAdminOver } from "@/lib/auth/guards";

export const dynamic = "force-dynamic";

export const PATCH = withSuperAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const { target } = await requireAdminOver(req, params.id);
  const temporaryPassword = await resetPassword(user, target.id, { ip, requestId });
  return { userId: target.userId, temporaryPassword };
});
