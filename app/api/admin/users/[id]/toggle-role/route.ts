// PATCH /api/admin/users/{id}/toggle-role {role} — SUPERADMIN sets the member's role (USER, ADMIN or SUPERADMIN).
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { setRole } from "@/lib/auth/member-admin";
import { toggleRoleSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const { role } = await readJson(req, toggleRoleSchema);
    const row = await setRole(user, target.id, role, { ip, requestId });
    return { id: row.id, userId: row.userId, role: row.role };
  },
  { permission: "member.role", target: "id" },
);
