// GET /api/admin/staking/rewards?page&limit — one row per paid KST day, newest first:
// { items: [{ day, membersPaid, totalPaid, startedAt, finishedAt }], total }.
import { withAdmin } from "@/lib/api/with-auth";
import { pageQuery } from "@/lib/validation/staking";
import { rewardDayPage } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const { offset, limit } = pageQuery(req.nextUrl.searchParams, { limit: 30, max: 100 });
    return rewardDayPage({ offset, limit });
  },
  { permission: "staking-reports.read" },
);
