/**
 * An administrator runs the daily staking rewards by hand (/admin/staking-rewards `지급 실행`): exactly the
 * cron run (lib/staking/run.ts accrueRewards — a paid day pays nothing again, concurrent runs pay once),
 * with the administrator as the postings' actor, and one audit row of what this call paid. A day asked for that
 * was paid before answers `alreadyPaid: true` with its recorded completion time
 * (tests/integration/reward-run-paid-day.test.ts).
 */
import "server-only";
import { getDb } from "@/db/client";
import { audit, type RequestMeta } from "@/lib/audit";
import { accrueRewards, dayRunAnswer } from "@/lib/staking/run";

/** Pays `date` (an ended KST day), or every ended day not yet paid (oldest first, at most 31 per call). */
export async function runRewardsByAdmin(actor: { id: number }, date: string | undefined, meta: RequestMeta) {
  const db = await getDb();
  const result = await accrueRewards(db, { date, actorId: actor.id });
  await audit(db, {
    action: "admin.staking.reward_run",
    actorId: actor.id,
    targetId: date ?? "pending",
    ...meta,
    after: {
      days: result.days.map((d) => ({ day: d.day, membersPaid: d.membersPaid, totalPaid: d.totalPaid })),
      membersPaid: result.membersPaid,
      totalPaid: result.totalPaid,
      remaining: result.remaining,
    },
  });
  return dayRunAnswer(db, date, result);
}
