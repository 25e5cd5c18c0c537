// PATCH /api/admin/users/{id}/toggle-role { role, reason? } — SUPERADMIN sets the member's role. Four-eyes: granting
// a console role — ADMIN, SUPERADMIN or a staff role (SUPPORT 고객지원, FINANCE 재무, COMPLIANCE 준법감시; SECURITY.md I39) —
// is 202 { proposal } with the mandatory `reason` (or the x-audit-memo memo), applied once
// another SUPERADMIN approves it in /admin/approvals; USER (a demotion, which also cancels the member's pending
// proposals) and the role the member already has answer 200 { id, userId, role } at once. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { changeRole } from "@/lib/auth/account-proposals";
import { toggleRoleSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const input = await readJson(req, toggleRoleSchema);
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/users/${target.id}/toggle-role`, input, (tx) =>
      changeRole(tx, actor, target.id, input.role, input.reason),
    );
  },
  { permission: "member.role", target: "id" },
);
