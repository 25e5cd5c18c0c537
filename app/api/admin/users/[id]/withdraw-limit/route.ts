// PATCH /api/admin/users/{id}/withdraw-limit { limitKrw: whole KRW | null, reason } — a SUPERADMIN proposes the
// member's own daily withdrawal limit (null: back to DAILY_WITHDRAW_LIMIT_KRW; 0 blocks sending). Four-eyes:
// always 202 { proposal }; another SUPERADMIN approves it in /admin/approvals (lib/wallet/limits.ts
// setDailyLimitOverride, audited before → after). Without a reason 400 PROPOSAL_REASON_REQUIRED. Accepts
// Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { proposalOutcome, proposeWithdrawLimit } from "@/lib/admin/proposals";
import { withdrawLimitSchema } from "@/lib/validation/proposals";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target: member, ip, requestId }) => {
    const { limitKrw, reason } = await readJson(req, withdrawLimitSchema);
    const asked = { limitKrw: limitKrw === null ? null : limitKrw.toFixed(0), reason };
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/users/${member.id}/withdraw-limit`, asked, async (tx) =>
      proposalOutcome(await proposeWithdrawLimit(tx, { userId: member.id, limitKrw, reason, actor })),
    );
  },
  { permission: "member.withdraw-limit", target: "id" },
);
