// GET /api/users/{userId}/staked-coins — the member (or an admin): [{ coinSymbol, amount, profit, dailyReward,
// rewards }], profit being the annual rate in percent (spec), dailyReward what one day at it pays.
import { getDb } from "@/db/client";
import { withUser } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";
import { stakedCoins } from "@/lib/staking/reads";

export const dynamic = "force-dynamic";

export const GET = withUser<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  return stakedCoins(await getDb(), target.id);
});
