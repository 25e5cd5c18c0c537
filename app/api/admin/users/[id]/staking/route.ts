// GET /api/admin/users/{id}/staking — the member's stakes: { id, userId, stakes: [{ coinSymbol, amount, profit
// (annual rate %), rateSource, memberRate, dailyReward, rewards, totalRewarded }] }.
// PATCH /api/admin/users/{id}/staking { symbol, amount, action: withdraw } — moves coins from the member's
// stake back to their holding, recorded as a negative STAKING transaction (audited); 409 INSUFFICIENT_FUNDS
// beyond the stake. 200 { coinSymbol, staked, holding }. Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD (any amount of another coin) nothing moves: 202 { proposal } with `reason`.
import { changeBalance } from "@/lib/admin/balance-change";
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { memberStakingOf } from "@/lib/staking/reports";
import { stakingWithdrawSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ target }) => memberStakingOf(target), {
  permission: "member.read",
  target: "id",
});

export const PATCH = withAdmin<{ id: string }>(
  async (call) => {
    const { req } = call;
    return changeBalance(call, "staking", await readJson(req, stakingWithdrawSchema));
  },
  { permission: "member.credit", target: "id" },
);
