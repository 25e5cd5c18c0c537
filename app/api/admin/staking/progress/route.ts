// GET /api/admin/staking/progress?page&limit — each stake: { items: [{ id, userId, name, coinSymbol, amount,
// rate, dailyReward, accrued, lockEnd, secondsToLockEnd }], total }, largest stake first.
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/handler";
import { stakingProgress } from "@/lib/staking/reads";
import { pageQuery } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => {
  const { offset, limit } = pageQuery(req.nextUrl.searchParams);
  return stakingProgress(await getDb(), { offset, limit });
});
