/**
 * The monthly partitions of notifications and staking_rewards (migration 0029, docs/operations.md "Monthly
 * partitions"): at start and daily at 04:10 Asia/Seoul, ensure_month_partitions() creates the months through three
 * ahead — so a month's partition exists long before its first row, and the reward run and every notification write
 * into a small current-month partition — and moves months past the online window into the schema `archive`
 * (PARTITION_NOTIFICATIONS_KEEP_MONTHS, PARTITION_REWARDS_KEEP_MONTHS; kept, never deleted). Should it not run for
 * months, no write fails: such a row lands in the DEFAULT partition, and the next run moves it into its month.
 *
 * One instance at a time: on PostgreSQL the run takes pg_try_advisory_xact_lock (the function's own lock), so a
 * second instance skips instead of waiting; PGlite is a single process. The function is SECURITY DEFINER, owned
 * by the migrator: the app's role, which owns nothing (db/roles.ts), may run it.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, dbKind, getDb, rowsOf } from "@/db/client";
import { env } from "@/lib/env";
import { errorLogFields } from "@/lib/errors";
import { msUntilKst } from "@/lib/kst-day";
import { log, withLogScope } from "@/lib/log";

/** The advisory lock ensure_month_partitions() takes (db/functions/ensure_month_partitions.sql). */
export const PARTITIONS_LOCK = 727_270_029;
/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 3;
const STARTUP_DELAY_MS = 5_000;
const timerKey = Symbol.for("wld.partitions.timer");

/** One call of ensure_month_partitions() on `db`: what it changed, one line each. */
export async function ensureMonthPartitions(
  db: DbOrTx,
  opts: { from?: Date; notificationsKeepMonths?: number; rewardsKeepMonths?: number } = {},
): Promise<string[]> {
  const from = (opts.from ?? new Date()).toISOString();
  const keepNotifications = opts.notificationsKeepMonths ?? env().PARTITION_NOTIFICATIONS_KEEP_MONTHS;
  const keepRewards = opts.rewardsKeepMonths ?? env().PARTITION_REWARDS_KEEP_MONTHS;
  const rows = rowsOf<{ change: string }>(
    await db.execute(sql`
      SELECT c AS change FROM ensure_month_partitions(${from}::timestamptz, ${MONTHS_AHEAD}::int,
        ${keepNotifications}::int, ${keepRewards}::int) c`),
  );
  return rows.map((r) => r.change);
}

/** One scheduled run; `null` when another instance holds the lock. */
export async function runPartitionMaintenance(): Promise<string[] | null> {
  const db = await getDb();
  if ((await dbKind()) === "pglite") return ensureMonthPartitions(db);
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PARTITIONS_LOCK}) AS locked`),
    );
    if (!row?.locked) return null;
    return ensureMonthPartitions(tx);
  });
}

const tick = (trigger: "startup" | "daily") =>
  withLogScope("job:partitions", async () => {
    try {
      const changes = await runPartitionMaintenance();
      log.info("monthly partitions", { trigger, skipped: changes === null, changes: changes ?? [] });
    } catch (e) {
      log.error("monthly partitions failed", errorLogFields(e));
    }
  });

/** Starts the job once per process (lib/jobs.ts calls this). */
export function startPartitionJob(): void {
  const g = globalThis as typeof globalThis & { [timerKey]?: boolean };
  if (g[timerKey]) return;
  g[timerKey] = true;
  setTimeout(() => void tick("startup"), STARTUP_DELAY_MS).unref();
  const schedule = () => {
    setTimeout(() => void tick("daily").finally(schedule), msUntilKst(new Date(), 4, 10)).unref();
  };
  schedule();
}
