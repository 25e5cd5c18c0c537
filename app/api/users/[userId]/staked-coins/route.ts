// GET /api/users/{userId}/staked-coins — the member (or an admin): [{ coinSymbol, amount, profit, dailyReward,
// rewards }], profit being the annual rate in percent (spec), dailyReward what one day at it pays.
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { stakedCoinsOf } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return stakedCoinsOf({ userId: target.id });
  },
  { permission: "member.read" },
);
