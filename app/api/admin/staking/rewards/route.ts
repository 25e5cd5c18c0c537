// GET /api/admin/staking/rewards?page&limit — one row per paid KST day, newest first:
// { items: [{ day, membersPaid, totalPaid, startedAt, finishedAt }], total }.
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/with-auth";
import { rewardDays } from "@/db/queries/staking";
import { pageQuery } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const { offset, limit } = pageQuery(req.nextUrl.searchParams, { limit: 30, max: 100 });
    return rewardDays(await getDb(), { offset, limit });
  },
  { permission: "staking-reports.read" },
);
