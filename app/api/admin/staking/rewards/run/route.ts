// POST /api/admin/staking/rewards/run { date? } — pays the staking rewards of an ended KST day (YYYY-MM-DD), or of
// every ended day not yet paid, exactly like POST /api/cron/accrue: a day already paid pays nothing again.
// 200 { days: [{ day, membersPaid, totalPaid, alreadyPaid }], membersPaid, totalPaid, remaining, alreadyPaid? }
// (with a `date`: `alreadyPaid`, and when true the day's recorded `finishedAt` — nothing paid, nothing changed);
// a day that has not ended → 400 VALIDATION. Audited (admin.staking.reward_run). ADMIN or SUPERADMIN.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { runRewardsByAdmin } from "@/lib/admin/reward-run";
import { accrueSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const { date } = await readJson(req, accrueSchema);
    return runRewardsByAdmin(user, date, { ip, requestId });
  },
  { permission: "staking-rewards.run" },
);
