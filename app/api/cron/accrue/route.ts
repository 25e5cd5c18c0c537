// POST /api/cron/accrue — pays the daily staking rewards: { date? } one ended KST day, else every ended day
// not yet paid. Bearer CRON_SECRET; 404 when it is unset. A day already paid answers 200 with nothing paid:
// 200 { days: [{ day, membersPaid, totalPaid, alreadyPaid }], membersPaid, totalPaid, remaining, alreadyPaid? }
// (with a `date`: `alreadyPaid`, and when true the day's recorded `finishedAt` — nothing paid, nothing changed).
import { handler, readJson } from "@/lib/api/handler";
import { accrueFromCron, requireCronSecret } from "@/lib/staking/cron";
import { accrueSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const POST = handler(async ({ req }) => {
  requireCronSecret(req);
  const { date } = await readJson(req, accrueSchema);
  return accrueFromCron(date);
});
