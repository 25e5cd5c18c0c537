/**
 * The daily staking reward run (DESIGN.md "Money and the ledger"; SECURITY.md A5: a day pays once).
 *
 * For every member's staked balance at the end of a KST day: reward = balance × annual rate / 100 / 365,
 * rounded down to 8 decimals, credited from the coin's `rewards_pool` to the member's `rewards` account.
 * Per coin and day it is ONE set-based posting (lib/ledger/batch.ts) with idempotency key
 * `reward-run:<coin>:<day>`, and one staking_rewards row per member, coin and day (unique
 * staking_rewards_day_uq), behind the day's staking_runs row: a second or concurrent run of the same day pays
 * nothing.
 *
 * "Staked balance at the end of the day" is the sum of the staked account's ledger entries with
 * created_at before 00:00 KST of the next day — read as its balance minus the entries since then — in ONE
 * statement (one snapshot) and written into
 * staking_rewards before any money moves; the posting then pays exactly those rows. We read the ledger
 * instead of locking the accounts because
 *  - a posting's entries commit together, so a swap running during the run is either wholly in that
 *    snapshot or wholly out of it — never half (the holding and staked legs are one posting);
 *  - swaps after midnight (the run starts at 00:05, or days later when catching up) are excluded by their
 *    created_at, so the reward of a day does not depend on when the run happens;
 *  - members keep swapping while 100,000 rows are paid: nothing of theirs is locked.
 * A swap's created_at is its transaction's start; one that started before midnight but commits after the
 * run's snapshot is left out of that day (it counts from the next day on). The balance used is kept in
 * staking_rewards.staked_balance, so every reward can be explained afterwards.
 * The rates are those in force when the day ENDED (SECURITY I39), read from their history (ratesAsOf:
 * staking_product_versions, member_staking_rate_versions, migration 0015), never those of the moment the run
 * happens: a day run at 00:05, or days later by the catch-up, pays the same. A rate raised after the day ended
 * does not reach back into it. The rate used is kept in staking_rewards.annual_rate. A stake below the minimum
 * amount of the product whose rate pays (staking_products.min_amount) earns nothing that day; a member's own rate,
 * set by an administrator, has no minimum.
 * A day once run is final: its finished staking_runs row is the record that it was decided, members paid and
 * members not paid alike, and a later run of it — by hand, the cron's `date`, concurrently — pays nothing.
 * Only ACTIVE members are paid, and their users rows are locked FOR SHARE by the statement that picks them
 * (the foreign key check takes a row lock on each anyway): a deactivation in progress is waited for, and the
 * row is then re-checked, so no reward lands on an account deactivated while the run was under way.
 *
 * Catch-up (pendingDays): every ended day since the first day anything was staked that has no finished run
 * is unpaid, whatever ran after it — a run for a later day (`--date`, the cron body) never hides an earlier
 * one. Each call pays at most MAX_CATCH_UP_DAYS of them, oldest first, and says how many remain; each at the
 * rates in force when it ended, as if it had been run on time. Days older than the rate history (before
 * migration 0015) are paid at the rates the migration found.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin } from "@/db/schema";
import { recordAuditAnchor } from "@/lib/audit-chain";
import { AppError } from "@/lib/errors";
import { postBatchCredit } from "@/lib/ledger/batch";
import { D, type Dec, toDecimalString } from "@/lib/money";
import { minExpr, type RateSources, rateExpr, rateJoins, ratesAsOf, rewardSql } from "./rates";
import { dayEnd, isDay, lastEndedDay } from "@/lib/kst-day";

/** At most this many days are caught up per call (oldest first); the next call continues. */
export const MAX_CATCH_UP_DAYS = 31;

export type DayResult = {
  day: string;
  /** Rewards paid by THIS call for this day, one per member and coin (0 when it had been paid already). */
  membersPaid: number;
  /** Amount paid by this call, a decimal string. */
  totalPaid: string;
  /** The day had been run before and this call paid nothing more. */
  alreadyPaid: boolean;
};

export type AccrueResult = { days: DayResult[]; membersPaid: number; totalPaid: string; remaining: number };

/** Coins that can earn under `rates`: an active product or a member's own rate or chosen product exists. */
async function earningCoins(db: DbOrTx, rates: RateSources): Promise<Coin[]> {
  const rows = rowsOf<{ coin: Coin }>(
    await db.execute(sql`
      SELECT p.coin_symbol::text AS coin FROM ${rates.products} p WHERE p.active
      UNION
      SELECT m.coin_symbol::text FROM ${rates.memberRates} m WHERE m.annual_rate IS NOT NULL OR m.product_id IS NOT NULL
      ORDER BY 1`),
  );
  return rows.map((r) => r.coin);
}

/**
 * Pays one KST day that has ended at `now`, at the rates in force when it ended. Safe to repeat and to run
 * concurrently: the first run decides the day for good, every other one pays nothing.
 */
export async function runRewardDay(
  db: DbOrTx,
  day: string,
  opts: { now?: Date; actorId?: number | null } = {},
): Promise<DayResult> {
  const now = opts.now ?? new Date();
  if (!isDay(day) || dayEnd(day).getTime() > now.getTime()) throw new AppError("VALIDATION", { field: "date" });
  const end = dayEnd(day).toISOString();
  // Rewards of a day carry the moment they fell due (00:05 KST), or the real time if that is earlier.
  const due = new Date(dayEnd(day).getTime() + 5 * 60_000).toISOString();

  return db.transaction(async (tx) => {
    // Room for hashing 100,000 balances in memory instead of spilling to disk (this transaction only).
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    if (!(await startRewardDay(tx, day))) return { day, membersPaid: 0, totalPaid: "0", alreadyPaid: true };
    const rates = ratesAsOf(end);
    let membersPaid = 0;
    let total = new D(0);
    const paidPostings: { postingId: number; coin: Coin }[] = [];
    for (const coin of await earningCoins(tx, rates)) {
      const result = await postBatchCredit(tx, {
        kind: "STAKING_REWARD",
        idempotencyKey: `reward-run:${coin}:${day}`,
        coin,
        from: "rewards_pool",
        to: "rewards",
        actorId: opts.actorId ?? null,
        memo: `staking reward ${coin} ${day}`,
        audit: { action: "staking.reward_run", actorId: opts.actorId ?? null, targetId: `${coin}:${day}` },
        rows: async (t, postingId) => {
          // The rows just paid are also kept in a temporary table (no indexes, no foreign keys, dropped at
          // commit), so the ledger can read them back cheaply however large staking_rewards grows.
          await t.execute(sql`
            CREATE TEMP TABLE IF NOT EXISTS staking_batch_rows (posting_id bigint, user_id integer, amount numeric)
            ON COMMIT DROP`);
          // One statement, one snapshot: the day-end balances of every staked member, and their rewards.
          await t.execute(sql`
            WITH paid AS (
            INSERT INTO staking_rewards (user_id, coin_symbol, day, staked_balance, annual_rate, amount, posting_id, created_at)
            SELECT s.user_id, ${coin}::coin, ${day}::date, s.balance, s.rate, s.reward, ${postingId}::bigint, LEAST(now(), ${due}::timestamptz)
            FROM (
              SELECT b.user_id, b.balance, r.rate, ${rewardSql(sql`b.balance`, sql`r.rate`)} AS reward
              FROM (
                ${dayEndBalances(coin, end)}
              ) b
              JOIN users u ON u.id = b.user_id AND u.status = 'ACTIVE'
              ${rateJoins(sql`b.user_id`, sql`${coin}::coin`, rates)}
              -- The rate and the minimum stake it pays from; the coin's default product is read once, not per member.
              CROSS JOIN LATERAL (SELECT ${rateExpr} AS rate, ${minExpr} AS min_amount) r
              WHERE r.rate > 0 AND b.balance >= r.min_amount
              FOR SHARE OF u
            ) s
            WHERE s.reward > 0
            ON CONFLICT ON CONSTRAINT staking_rewards_day_uq DO NOTHING
            RETURNING posting_id, user_id, amount
            )
            INSERT INTO staking_batch_rows SELECT posting_id, user_id, amount FROM paid`);
          await t.execute(sql`ANALYZE staking_batch_rows`);
          return sql`SELECT user_id, amount FROM staking_batch_rows WHERE posting_id = ${postingId}::bigint`;
        },
      });
      membersPaid += result.count;
      total = total.plus(result.total);
      if (result.count > 0) paidPostings.push({ postingId: result.postingId, coin });
    }
    if (paidPostings.length > 0) await notifyRewards(tx, day, due, paidPostings);
    await finishRewardDay(tx, day, { membersPaid, total });
    return { day, membersPaid, totalPaid: toDecimalString(total), alreadyPaid: false };
  });
}

/**
 * Takes `day` for this run: false when a run of it has finished — the day is final — or, for a concurrent run,
 * once the one that took it first has committed (the insert waits on the day's primary key). A row without
 * finished_at (a run finishes in its own transaction, so only a hand-made row) is taken over: pendingDays counts
 * that day unpaid.
 */
async function startRewardDay(tx: DbOrTx, day: string): Promise<boolean> {
  const taken = rowsOf<{ day: string }>(
    await tx.execute(sql`
      INSERT INTO staking_runs (day, started_at) VALUES (${day}::date, now())
      ON CONFLICT (day) DO UPDATE SET started_at = excluded.started_at WHERE staking_runs.finished_at IS NULL
      RETURNING day::text AS day`),
  );
  return taken.length > 0;
}

/**
 * Closes a day's run inside its transaction, with what it paid (the admin screen's figures: no scan of the
 * ever-growing staking_rewards). The one place a day becomes final: what must be recorded with each daily run
 * belongs here.
 */
async function finishRewardDay(tx: DbOrTx, day: string, paid: { membersPaid: number; total: Dec }): Promise<void> {
  await tx.execute(sql`
    UPDATE staking_runs SET finished_at = now(), members_paid = ${paid.membersPaid},
      total_paid = ${paid.total.toFixed()}::numeric
    WHERE day = ${day}::date`);
}

/**
 * The members' "reward paid" notifications of `day`: ONE per member for the day, whatever
 * the number of coins, with the amount of each coin — set-based, in the run's transaction, from the rows this
 * run just paid (staking_batch_rows). A day is run once, so a member is told about it once.
 */
async function notifyRewards(tx: DbOrTx, day: string, due: string, postings: { postingId: number; coin: Coin }[]) {
  const coinOf = sql.join(
    postings.map((p) => sql`(${p.postingId}::bigint, ${p.coin}::text)`),
    sql`, `,
  );
  // A posting pays one coin and at most one row per member (staking_rewards_day_uq), so each member has one amount
  // per coin here: with one coin (the usual day) the amounts are the rows themselves, nothing to aggregate.
  const amounts =
    postings.length === 1
      ? sql`SELECT b.user_id, jsonb_build_object(${postings[0]!.coin}::text, trim_scale(b.amount)::text) AS amounts
            FROM staking_batch_rows b WHERE b.posting_id = ${postings[0]!.postingId}::bigint`
      : sql`SELECT b.user_id, jsonb_object_agg(c.coin, trim_scale(b.amount)::text) AS amounts
            FROM staking_batch_rows b JOIN (VALUES ${coinOf}) AS c (posting_id, coin) ON c.posting_id = b.posting_id
            GROUP BY b.user_id`;
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, params, created_at)
    SELECT m.user_id, 'reward_paid', jsonb_build_object('day', ${day}::text, 'amounts', m.amounts),
           LEAST(now(), ${due}::timestamptz)
    FROM (${amounts}) m`);
}

/**
 * Every member's staked balance of `coin` at `end` (those above zero), as "balance now minus the entries since
 * `end`" — the ledger's invariant makes a balance the sum of its entries — so the read grows with the stakers and
 * the entries since `end`, never with the history: the entries since then are found through
 * ledger_entries_created_brin (migration 0010), where summing every entry before `end` was a scan of all of
 * ledger_entries (docs/scaling.md: 4.8 s of a 20–25 s run at a year of daily rewards). Used inside one statement,
 * so the balances and the entries are one snapshot.
 */
export function dayEndBalances(coin: Coin, end: string) {
  return sql`
    SELECT a.user_id, sum(a.balance - COALESCE(later.amount, 0)) AS balance
    FROM ledger_accounts a
    LEFT JOIN (
      SELECT e.account_id, sum(e.amount) AS amount FROM ledger_entries e
      WHERE e.created_at >= ${end}::timestamptz
      GROUP BY e.account_id
    ) later ON later.account_id = a.id
    WHERE a.kind = 'staked' AND a.coin = ${coin}::coin
    GROUP BY a.user_id
    HAVING sum(a.balance - COALESCE(later.amount, 0)) > 0`;
}

/**
 * The ended days not yet paid, oldest first: the calendar from the KST day of the first staked entry up to
 * yesterday in Seoul, minus the days with a finished run. Gaps before a later paid day are found too.
 */
export async function pendingDays(db: DbOrTx, now: Date): Promise<string[]> {
  const last = lastEndedDay(now);
  const first = await firstStakedDay(db);
  if (first === null) return [];
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT d::date::text AS day
      FROM generate_series(${first}::date, ${last}::date, interval '1 day') d
      WHERE NOT EXISTS (SELECT 1 FROM staking_runs r WHERE r.day = d::date AND r.finished_at IS NOT NULL)
      ORDER BY 1`),
  );
  return rows.map((r) => r.day.slice(0, 10));
}

/**
 * The KST day of the first staked entry, or null. Found by a scan of the ledger (every entry joined to its
 * account), so it is remembered (staking_first_day, migration 0029) once it is final: entries are never changed or
 * deleted, and a day that ended before yesterday in Seoul (the database's clock) has no transaction of it still open
 * (a swap's entries carry its transaction's start), so no earlier staked entry can appear after it. Until then it is found again each time.
 */
async function firstStakedDay(db: DbOrTx): Promise<string | null> {
  const [known] = rowsOf<{ day: string }>(await db.execute(sql`SELECT day::text AS day FROM staking_first_day`));
  if (known) return known.day.slice(0, 10);
  const [found] = rowsOf<{ day: string | null }>(
    await db.execute(sql`
      SELECT (((min(e.created_at) AT TIME ZONE 'UTC') + interval '9 hours')::date)::text AS day
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'staked'`),
  );
  const day = found?.day ? found.day.slice(0, 10) : null;
  if (day !== null)
    await db.execute(sql`
      INSERT INTO staking_first_day (day) SELECT ${day}::date
      WHERE ${day}::date < (now() AT TIME ZONE 'Asia/Seoul')::date - 1
      ON CONFLICT DO NOTHING`);
  return day;
}

/** Pays `date`, or every pending ended day (at most MAX_CATCH_UP_DAYS, oldest first). */
export async function accrueRewards(
  db: DbOrTx,
  opts: { date?: string; now?: Date; actorId?: number | null } = {},
): Promise<AccrueResult> {
  const now = opts.now ?? new Date();
  let days: string[];
  let remaining = 0;
  if (opts.date !== undefined) {
    days = [opts.date];
  } else {
    const pending = await pendingDays(db, now);
    days = pending.slice(0, MAX_CATCH_UP_DAYS);
    remaining = pending.length - days.length;
  }
  const results: DayResult[] = [];
  let membersPaid = 0;
  let total = new D(0);
  for (const day of days) {
    const r = await runRewardDay(db, day, { now, actorId: opts.actorId });
    results.push(r);
    membersPaid += r.membersPaid;
    total = total.plus(r.totalPaid);
  }
  // Every run — the timer's, the cron call's, an administrator's, rewards:accrue — anchors the audit chain.
  await recordAuditAnchor(db);
  return { days: results, membersPaid, totalPaid: toDecimalString(total), remaining };
}

/**
 * The answer of a run asked for one `date` (POST /api/cron/accrue, the console's 지급 실행): the
 * result with `alreadyPaid` — true when that day had been paid before, so this call paid nothing and changed
 * nothing, its completion time included — and then the day's `finishedAt` as recorded when it was paid. Without a
 * date (catch-up) the result as it is.
 */
export async function dayRunAnswer(
  db: DbOrTx,
  date: string | undefined,
  result: AccrueResult,
): Promise<AccrueResult & { alreadyPaid?: boolean; finishedAt?: string | null }> {
  if (date === undefined) return result;
  const alreadyPaid = result.days.length > 0 && result.days.every((d) => d.alreadyPaid);
  if (!alreadyPaid) return { ...result, alreadyPaid };
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(sql`
      SELECT to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM staking_runs WHERE day = ${date}::date`),
  );
  return { ...result, alreadyPaid, finishedAt: row?.at ?? null };
}
