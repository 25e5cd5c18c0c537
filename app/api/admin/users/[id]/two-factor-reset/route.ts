// PATCH /api/admin/users/{id}/two-factor-reset { reason? } — SUPERADMIN turns a member's two-factor off (lost phone
//   and recovery codes); the member is notified and their transfers and withdrawals wait out the 24-hour cool-down.
//   A member's (USER's): 200 { userId, reset } (reset: false when it was already off). Four-eyes: another
//   administrator's account is 202 { proposal } with the mandatory `reason` (or the x-audit-memo memo), applied once
//   another SUPERADMIN approves it. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { resetTwoFactorOf } from "@/lib/auth/account-proposals";
import { accountResetSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const input = await readJson(req, accountResetSchema);
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/users/${target.id}/two-factor-reset`, input, (tx) =>
      resetTwoFactorOf(tx, actor, target, input.reason),
    );
  },
  { permission: "member.two-factor-reset", target: "id" },
);
