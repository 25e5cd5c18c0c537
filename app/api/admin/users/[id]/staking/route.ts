// GET /api/admin/users/{id}/staking — the member's stakes: { id, userId, stakes: [{ coinSymbol, amount, profit
// (annual rate %), rateSource, memberRate, dailyReward, rewards, totalRewarded }] }.
// PATCH /api/admin/users/{id}/staking { symbol, amount, action: withdraw } — moves coins from the member's
// stake back to their holding, recorded as a negative STAKING transaction (audited); 409 INSUFFICIENT_FUNDS
// beyond the stake. 200 { coinSymbol, staked, holding }. Accepts Idempotency-Key.
import { getDb } from "@/db/client";
import { readJson, withAdmin } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { memberOrThrow, withdrawStake } from "@/lib/staking/admin";
import { adminMemberStaking } from "@/lib/staking/reads";
import { stakingWithdrawSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ params }) => {
  const db = await getDb();
  return adminMemberStaking(db, await memberOrThrow(db, params.id));
});

export const PATCH = withAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const member = await memberOrThrow(await getDb(), params.id);
  const { symbol, amount, action } = await readJson(req, stakingWithdrawSchema);
  const asked = { symbol, amount: amount.toFixed(), action };
  return idempotent(req, user.id, `PATCH /api/admin/users/${member.id}/staking`, asked, async (tx) => ({
    status: 200,
    body: await withdrawStake(tx, member.id, symbol, amount, { actorId: user.id, ip, requestId }),
  }));
});
