/**
 * The console's staking reads: one member's stakes as administrators see them, every stake's progress, the staking
 * movements (records) and the reward run days. Members' own staking reads and the products are ./staking; amounts
 * are decimal strings as PostgreSQL prints them without trailing zeros (trim_scale), as there.
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin } from "@/db/schema";
import { dailyRewardSql, num, pgTime, type StakedCoinDto, stakedCoins } from "./staking";
import { effectiveRateSql } from "./staking-rates";

export type AdminMemberStakingDto = {
  id: number;
  userId: string;
  stakes: (StakedCoinDto & {
    rateSource: "member" | "product" | null;
    memberRate: string | null;
    totalRewarded: string;
  })[];
};

/** GET /api/admin/users/{id}/staking: stakes, the rate in force and where it comes from, rewards. */
export async function adminMemberStaking(
  db: DbOrTx,
  member: { id: number; userId: string },
): Promise<AdminMemberStakingDto> {
  const stakes = await stakedCoins(db, { userId: member.id });
  const extra = rowsOf<{ coin: Coin; member_rate: string | null; total: string | null }>(
    await db.execute(sql`
      SELECT c.coin::text AS coin,
        (SELECT ${num(sql`annual_rate`)} FROM member_staking_rates WHERE user_id = ${member.id} AND coin_symbol = c.coin) AS member_rate,
        ${num(sql`COALESCE((SELECT sum(amount) FROM staking_rewards WHERE user_id = ${member.id} AND coin_symbol = c.coin), 0)`)} AS total
      FROM unnest(enum_range(NULL::coin)) AS c(coin)`),
  );
  const byCoin = new Map(extra.map((e) => [e.coin, e]));
  return {
    id: member.id,
    userId: member.userId,
    stakes: stakes.map((s) => {
      const e = byCoin.get(s.coinSymbol);
      const memberRate = e?.member_rate ?? null;
      return {
        ...s,
        memberRate,
        rateSource: memberRate !== null ? "member" : s.profit !== "0" ? "product" : null,
        totalRewarded: e?.total ?? "0",
      };
    }),
  };
}

export type Page<T> = { items: T[]; total: number };

export type ProgressDto = {
  /** users.id */
  id: number;
  userId: string;
  name: string;
  coinSymbol: Coin;
  amount: string;
  rate: string;
  dailyReward: string;
  /** Rewards paid on this stake so far (sum of its daily rewards). */
  accrued: string;
  lockEnd: string;
  /** Seconds until lockEnd, floored at 0. */
  secondsToLockEnd: number;
};

/** No parallel workers in this transaction: on a busy server their start costs more than the index-only counts here. */
const serialReads = (tx: DbOrTx) => tx.execute(sql`SELECT set_config('max_parallel_workers_per_gather', '0', true)`);

/**
 * GET /api/admin/staking/progress: each non-zero stake. Lock end: the product's lock end, or its lock
 * days counted from the member's first stake, else `protectedLockEnd` (the caller passes
 * LOCK_RELEASE_AT from lib/constants.ts).
 */
export async function stakingProgress(
  db: DbOrTx,
  {
    offset,
    limit,
    protectedLockEnd,
    now = new Date(),
  }: { offset: number; limit: number; protectedLockEnd: string; now?: Date },
): Promise<Page<ProgressDto>> {
  // Both read ledger_accounts_staked_balance_idx (partial: kind = 'staked' AND balance > 0; migration 0030): the
  // page walks it in its order, the count reads it alone (index-only) less the stakes of the few inactive members
  // (users_inactive_idx), never a join of every stake to users (docs/scaling.md, "Hot queries at that size").
  const where = sql`a.kind = 'staked' AND a.balance > 0 AND u.status = 'ACTIVE'`;
  return db.transaction(async (tx) => {
    await serialReads(tx);
    return progressPage(tx, where, { offset, limit, protectedLockEnd, now });
  });
}

async function progressPage(
  db: DbOrTx,
  where: SQL,
  { offset, limit, protectedLockEnd, now }: { offset: number; limit: number; protectedLockEnd: string; now: Date },
): Promise<Page<ProgressDto>> {
  const [count] = rowsOf<{ n: string }>(
    await db.execute(
      sql`SELECT count(*)::text AS n FROM ledger_accounts a WHERE a.kind = 'staked' AND a.balance > 0
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id AND u.status <> 'ACTIVE')`,
    ),
  );
  const rows = rowsOf<{
    id: number;
    user_id: string;
    name: string;
    coin: Coin;
    amount: string;
    rate: string;
    daily: string;
    accrued: string;
    lock_end: string | null;
    lock_days: number | null;
    first_stake: string | null;
  }>(
    await db.execute(sql`
      SELECT u.id, u.user_id, u.name, a.coin::text AS coin, ${num(sql`a.balance`)} AS amount,
        ${num(sql`COALESCE(rt.rate, 0)`)} AS rate, ${dailyRewardSql(sql`a.balance`, sql`rt.rate`)} AS daily,
        ${num(sql`COALESCE((SELECT sum(r.amount) FROM staking_rewards r WHERE r.user_id = u.id AND r.coin_symbol = a.coin), 0)`)} AS accrued,
        p.lock_end::text AS lock_end, p.lock_days,
        (SELECT min(e.created_at)::text FROM ledger_entries e WHERE e.account_id = a.id AND e.amount > 0) AS first_stake
      FROM ledger_accounts a
      JOIN users u ON u.id = a.user_id
      CROSS JOIN LATERAL (SELECT ${effectiveRateSql(sql`u.id`, sql`a.coin`)} AS rate) rt
      LEFT JOIN LATERAL (
        SELECT sp.lock_end, sp.lock_days FROM staking_products sp
        WHERE sp.active AND sp.coin_symbol = a.coin
        ORDER BY (sp.id = (SELECT m.product_id FROM member_staking_rates m WHERE m.user_id = u.id AND m.coin_symbol = a.coin)) DESC NULLS LAST, sp.id DESC
        LIMIT 1
      ) p ON true
      WHERE ${where}
      ORDER BY a.balance DESC, a.id
      OFFSET ${offset} LIMIT ${limit}`),
  );
  const items = rows.map((r): ProgressDto => {
    const lockEnd = r.lock_end
      ? pgTime(r.lock_end)
      : r.lock_days != null && r.first_stake
        ? new Date(pgTime(r.first_stake).getTime() + r.lock_days * 86_400_000)
        : new Date(protectedLockEnd);
    return {
      id: r.id,
      userId: r.user_id,
      name: r.name,
      coinSymbol: r.coin,
      amount: r.amount,
      rate: r.rate,
      dailyReward: r.daily,
      accrued: r.accrued,
      lockEnd: lockEnd.toISOString(),
      secondsToLockEnd: Math.max(0, Math.floor((lockEnd.getTime() - now.getTime()) / 1000)),
    };
  });
  return { items, total: Number(count?.n ?? 0) };
}

export type StakingRecordDto = {
  id: number;
  memberId: number;
  userId: string;
  name: string;
  type: "STAKING";
  coinSymbol: Coin;
  /** Positive: swapped into the lock; negative: withdrawn from it. */
  amount: string;
  createdAt: string;
  hidden: boolean;
};

/**
 * GET /api/admin/staking/records: every staking movement (STAKING transactions), newest first, by
 * member (numeric id or login handle) and KST date range (inclusive).
 */
export async function stakingRecords(
  db: DbOrTx,
  q: { member?: string | null; from?: string | null; to?: string | null; offset: number; limit: number },
): Promise<Page<StakingRecordDto>> {
  const conds: SQL[] = [sql`t.type = 'STAKING'`];
  if (q.member) {
    const m = q.member.trim();
    const byId = /^\d{1,9}$/.test(m) ? sql`u.id = ${Number(m)} OR ` : sql``;
    conds.push(sql`t.user_id IN (SELECT u.id FROM users u WHERE ${byId}lower(u.user_id) = lower(${m}))`);
  }
  // KST days (UTC+9 all year): from 00:00 KST of `from` to 00:00 KST after `to`.
  if (q.from) conds.push(sql`t.created_at >= (${q.from}::date::text || ' 00:00+09')::timestamptz`);
  if (q.to) conds.push(sql`t.created_at < ((${q.to}::date + 1)::text || ' 00:00+09')::timestamptz`);
  const where = sql.join(conds, sql` AND `);
  // Both read the STAKING rows alone (migration 0033): the page walks transactions_staking_created_idx newest first
  // (a member's: transactions_staking_user_idx), the date range its index condition, and joins the page's 20 rows
  // to their members; the count reads the same index alone (index-only), no join — every row has its member
  // (user_id NOT NULL REFERENCES users), so joining each to users would change no total, only cost a read per row
  // (docs/scaling.md, "Hot queries at that size").
  return db.transaction(async (tx) => {
    await serialReads(tx);
    const [count] = rowsOf<{ n: string }>(
      await tx.execute(sql`SELECT count(*)::text AS n FROM transactions t WHERE ${where}`),
    );
    const rows = rowsOf<{
      id: string;
      member_id: number;
      user_id: string;
      name: string;
      coin: Coin;
      amount: string;
      created_at: string;
      hidden: boolean;
    }>(
      await tx.execute(sql`
      SELECT t.id::text AS id, m.id AS member_id, m.user_id, m.name, t.coin_symbol::text AS coin, ${num(sql`t.amount`)} AS amount,
        t.created_at::text AS created_at, t.hidden_at IS NOT NULL AS hidden
      FROM transactions t JOIN users m ON m.id = t.user_id
      WHERE ${where}
      ORDER BY t.created_at DESC, t.id DESC OFFSET ${q.offset} LIMIT ${q.limit}`),
    );
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({
        id: Number(r.id),
        memberId: r.member_id,
        userId: r.user_id,
        name: r.name,
        type: "STAKING",
        coinSymbol: r.coin,
        amount: r.amount,
        createdAt: pgTime(r.created_at).toISOString(),
        hidden: r.hidden,
      })),
    };
  });
}

export type RewardDayDto = {
  day: string;
  /** Rewards paid that day, one per member and coin (only WLD has products today). */
  membersPaid: number;
  /** Sum paid that day, decimal string (all coins; only WLD has products). */
  totalPaid: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** GET /api/admin/staking/rewards: one row per run day (staking_runs), newest first. */
export async function rewardDays(
  db: DbOrTx,
  { offset, limit }: { offset: number; limit: number },
): Promise<Page<RewardDayDto>> {
  const [count] = rowsOf<{ n: string }>(
    await db.execute(sql`SELECT count(*)::text AS n FROM staking_runs WHERE finished_at IS NOT NULL`),
  );
  const rows = rowsOf<{ day: string; members: number; total: string; started: string | null; finished: string | null }>(
    await db.execute(sql`
      SELECT day::text AS day, members_paid AS members, ${num(sql`total_paid`)} AS total,
        started_at::text AS started, finished_at::text AS finished
      FROM staking_runs WHERE finished_at IS NOT NULL
      ORDER BY day DESC OFFSET ${offset} LIMIT ${limit}`),
  );
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((r) => ({
      day: r.day,
      membersPaid: r.members,
      totalPaid: r.total,
      startedAt: r.started ? pgTime(r.started).toISOString() : null,
      finishedAt: r.finished ? pgTime(r.finished).toISOString() : null,
    })),
  };
}
