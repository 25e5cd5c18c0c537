// PATCH /api/admin/users/{id}/password-reset { reason? } — SUPERADMIN issues a one-time temporary password. A
// member's (USER's): 200 { userId, temporaryPassword }, shown once. Four-eyes: another administrator's account is
// 202 { proposal } with the mandatory `reason` (or the x-audit-memo memo); the password is made when another
// SUPERADMIN approves it and shown to that approver once. Either way the member must change it at the next sign-in.
// No Idempotency-Key: a stored answer would keep the temporary password.
import { json, readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { resetPasswordOf } from "@/lib/auth/account-proposals";
import { accountResetSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const { reason } = await readJson(req, accountResetSchema);
    const out = await resetPasswordOf({ id: user.id, role: user.role, ip, requestId }, target, reason);
    return json(out.body, out.status);
  },
  { permission: "member.password-reset", target: "id" },
);
