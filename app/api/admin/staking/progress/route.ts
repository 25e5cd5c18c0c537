// GET /api/admin/staking/progress?page&limit — each stake: { items: [{ id, userId, name, coinSymbol, amount,
// rate, dailyReward, accrued, lockEnd, secondsToLockEnd }], total }, largest stake first.
import { withAdmin } from "@/lib/api/with-auth";
import { lockReleaseAt } from "@/lib/wallet/lock";
import { pageQuery } from "@/lib/validation/staking";
import { stakingProgressPage } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const { offset, limit } = pageQuery(req.nextUrl.searchParams);
    return stakingProgressPage({ offset, limit, protectedLockEnd: lockReleaseAt() });
  },
  { permission: "staking-reports.read" },
);
