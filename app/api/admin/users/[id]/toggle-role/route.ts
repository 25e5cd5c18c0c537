// PATCH /api/admin/users/{id}/toggle-role {role} — SUPERADMIN sets the member's role (USER, ADMIN or SUPERADMIN).
import { readJson, withSuperAdmin } from "@/lib/api/handler";
import { setRole } from "@/lib/auth/accounts";
import { requireAdminOver } from "@/lib/auth/guards";
import { toggleRoleSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withSuperAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const { target } = await requireAdminOver(req, params.id);
  const { role } = await readJson(req, toggleRoleSchema);
  const row = await setRole(user, target.id, role, { ip, requestId });
  return { id: row.id, userId: row.userId, role: row.role };
});
