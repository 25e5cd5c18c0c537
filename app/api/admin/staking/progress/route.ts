// GET /api/admin/staking/progress?page&limit — each stake: { items: [{ id, userId, name, coinSymbol, amount,
// rate, dailyReward, accrued, lockEnd, secondsToLockEnd }], total }, largest stake first.
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/with-auth";
import { stakingProgress } from "@/db/queries/staking";
import { LOCK_RELEASE_AT } from "@/lib/constants";
import { pageQuery } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const { offset, limit } = pageQuery(req.nextUrl.searchParams);
    return stakingProgress(await getDb(), { offset, limit, protectedLockEnd: LOCK_RELEASE_AT });
  },
  { permission: "staking-reports.read" },
);
