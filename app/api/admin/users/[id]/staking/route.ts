// GET /api/admin/users/{id}/staking — the member's stakes: { id, userId, stakes: [{ coinSymbol, amount, profit
// (annual rate %), rateSource, memberRate, dailyReward, rewards, totalRewarded }] }.
// PATCH /api/admin/users/{id}/staking { symbol, amount, action: withdraw } — moves coins from the member's
// stake back to their holding, recorded as a negative STAKING transaction (audited); 409 INSUFFICIENT_FUNDS
// beyond the stake. 200 { coinSymbol, staked, holding }. Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD (any amount of another coin) nothing moves: 202 { proposal } with `reason`.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { idempotent } from "@/lib/api/idempotency";
import { withdrawStake } from "@/lib/staking/admin";
import { proposeIfAboveLimit } from "@/lib/admin/proposals";
import { stakingWithdrawSchema } from "@/lib/validation/staking";
import { memberStakingOf } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ target }) => memberStakingOf(target), {
  permission: "member.read",
  target: "id",
});

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target: member, ip, requestId }) => {
    const { symbol, amount, action, reason } = await readJson(req, stakingWithdrawSchema);
    const asked = { symbol, amount: amount.toFixed(), action, reason };
    return idempotent(req, user.id, `PATCH /api/admin/users/${member.id}/staking`, asked, async (tx) => {
      const proposal = await proposeIfAboveLimit(tx, {
        kind: "staking",
        symbol,
        amount,
        targetUserId: member.id,
        payload: { symbol, amount: amount.toFixed(), action },
        reason,
        actor: { id: user.id, role: user.role, ip, requestId },
      });
      if (proposal) return proposal;
      return {
        status: 200,
        body: await withdrawStake(tx, member.id, symbol, amount, { actorId: user.id, ip, requestId }),
      };
    });
  },
  { permission: "member.credit", target: "id" },
);
