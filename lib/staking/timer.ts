/**
 * The in-process daily reward timer: at 00:05 Asia/Seoul (and once shortly after start, to catch up
 * days missed while the app was down) it pays every ended day not yet paid.
 *
 * Several instances may run it: on PostgreSQL the run takes pg_try_advisory_xact_lock, so only one
 * instance works and the others skip. That only saves work — paying twice is impossible anyway
 * (idempotency key per coin and day, unique staking_rewards_day_uq). PGlite is a single process: it just runs.
 */
import { sql } from "drizzle-orm";
import { dbKind, getDb, rowsOf } from "@/db/client";
import { errorLogFields } from "@/lib/errors";
import { log, withLogScope } from "@/lib/log";
import { type AccrueResult, accrueRewards } from "./run";
import { msUntilKst } from "@/lib/kst-day";

/** Advisory lock key of the daily reward run (the migration lock is 727_270_001). */
export const REWARD_RUN_LOCK = 727_270_007;
const STARTUP_DELAY_MS = 30_000;

/** One scheduled run; `null` when another instance holds the lock. */
export async function runScheduledAccrual(now = new Date()): Promise<AccrueResult | null> {
  const db = await getDb();
  if ((await dbKind()) === "pglite") return accrueRewards(db, { now });
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${REWARD_RUN_LOCK}) AS locked`),
    );
    if (!row?.locked) return null;
    return accrueRewards(tx, { now });
  });
}

/** One timer run, logged under the job's own id (lib/log.ts): totals only, no member. */
const tick = (label: string) =>
  withLogScope("job:reward-run", async () => {
    try {
      const result = await runScheduledAccrual();
      log.info("staking reward run", {
        trigger: label,
        skipped: result === null,
        days: result?.days.map((d) => d.day) ?? [],
        membersPaid: result?.membersPaid ?? 0,
        totalPaid: result?.totalPaid ?? "0",
      });
    } catch (e) {
      log.error("staking reward run failed", errorLogFields(e));
    }
  });

const timerKey = Symbol.for("wld.staking.timer");

/** Starts the daily timer once per process (lib/jobs.ts calls this). */
export function startRewardTimer(): void {
  const g = globalThis as typeof globalThis & { [timerKey]?: boolean };
  if (g[timerKey]) return;
  g[timerKey] = true;
  setTimeout(() => void tick("startup"), STARTUP_DELAY_MS).unref();
  const schedule = () => {
    setTimeout(
      () => {
        void tick("daily").finally(schedule);
      },
      msUntilKst(new Date(), 0, 5),
    ).unref();
  };
  schedule();
}
