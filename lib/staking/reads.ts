/**
 * Staking reads for members and the admin screens. Every function takes the owner's numeric id where
 * there is one; answers are DTOs with decimal-string amounts.
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { COINS, type Coin } from "@/db/schema";
import { LOCK_RELEASE_AT } from "@/lib/constants";
import { toDecimalString } from "@/lib/money";
import { dailyReward, effectiveRateSql } from "./rates";
import { dayEnd } from "./time";

const coinOrder = (a: Coin, b: Coin) => COINS.indexOf(a) - COINS.indexOf(b);
const dec = (v: string | null | undefined) => toDecimalString(v ?? "0");

export type StakedCoinDto = {
  coinSymbol: Coin;
  /** Staked balance. */
  amount: string;
  /** Annual rate in percent (spec: `profit`), "0" when no product or member rate applies. */
  profit: string;
  /** What one day at this balance and rate pays (rounded down to 8 decimals). */
  dailyReward: string;
  /** The member's accrued rewards balance for this coin. */
  rewards: string;
};

/**
 * GET /api/users/{userId}/staked-coins: every coin the member has staked or could stake (an active
 * product or an own rate exists), WLD first.
 */
export async function stakedCoins(db: DbOrTx, userId: number): Promise<StakedCoinDto[]> {
  const rows = rowsOf<{ coin: Coin; staked: string | null; rewards: string | null; rate: string | null }>(
    await db.execute(sql`
      WITH coins AS (
        SELECT coin FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'staked'
        UNION SELECT coin_symbol FROM staking_products WHERE active
        UNION SELECT coin_symbol FROM member_staking_rates WHERE user_id = ${userId}
      )
      SELECT c.coin::text AS coin,
        (SELECT balance::text FROM ledger_accounts WHERE user_id = ${userId} AND coin = c.coin AND kind = 'staked') AS staked,
        (SELECT balance::text FROM ledger_accounts WHERE user_id = ${userId} AND coin = c.coin AND kind = 'rewards') AS rewards,
        ${effectiveRateSql(sql`${userId}::int`, sql`c.coin`)}::text AS rate
      FROM coins c`),
  );
  return rows
    .map((r) => ({
      coinSymbol: r.coin,
      amount: dec(r.staked),
      profit: dec(r.rate),
      dailyReward: dailyReward(r.staked ?? "0", r.rate ?? "0").toFixed(),
      rewards: dec(r.rewards),
    }))
    .sort((a, b) => coinOrder(a.coinSymbol, b.coinSymbol));
}

export type StakingHistoryDto = { id: number; coinSymbol: Coin; amount: string; createdAt: string; day: string };

/** GET /api/users/{userId}/staking-history: daily rewards, newest day first. */
export async function stakingHistory(
  db: DbOrTx,
  userId: number,
  { offset, limit }: { offset: number; limit: number },
): Promise<StakingHistoryDto[]> {
  const rows = rowsOf<{ id: string; coin: Coin; amount: string; created_at: string; day: string }>(
    await db.execute(sql`
      SELECT id::text AS id, coin_symbol::text AS coin, amount::text AS amount, created_at::text AS created_at, day::text AS day
      FROM staking_rewards WHERE user_id = ${userId}
      ORDER BY day DESC, id DESC OFFSET ${offset} LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    coinSymbol: r.coin,
    amount: dec(r.amount),
    createdAt: pgTime(r.created_at).toISOString(),
    day: r.day,
  }));
}

/** GET /api/admin/users/{id}/staking-profit: the member's rewards balance (WLD). */
export async function stakingProfit(db: DbOrTx, userId: number, coin: Coin = "WLD"): Promise<{ profit: string }> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      SELECT balance::text AS balance FROM ledger_accounts WHERE user_id = ${userId} AND coin = ${coin}::coin AND kind = 'rewards'`),
  );
  return { profit: dec(row?.balance) };
}

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
  const stakes = await stakedCoins(db, member.id);
  const extra = rowsOf<{ coin: Coin; member_rate: string | null; total: string | null }>(
    await db.execute(sql`
      SELECT c.coin::text AS coin,
        (SELECT annual_rate::text FROM member_staking_rates WHERE user_id = ${member.id} AND coin_symbol = c.coin) AS member_rate,
        (SELECT sum(amount)::text FROM staking_rewards WHERE user_id = ${member.id} AND coin_symbol = c.coin) AS total
      FROM unnest(enum_range(NULL::coin)) AS c(coin)`),
  );
  const byCoin = new Map(extra.map((e) => [e.coin, e]));
  return {
    id: member.id,
    userId: member.userId,
    stakes: stakes.map((s) => {
      const e = byCoin.get(s.coinSymbol);
      const memberRate = e?.member_rate != null ? toDecimalString(e.member_rate) : null;
      return {
        ...s,
        memberRate,
        rateSource: memberRate !== null ? "member" : s.profit !== "0" ? "product" : null,
        totalRewarded: dec(e?.total),
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

/**
 * GET /api/admin/staking/progress: each non-zero stake. Lock end: the product's lock end, or its lock
 * days counted from the member's first stake, else the protected-lock release of spec §9.
 */
export async function stakingProgress(
  db: DbOrTx,
  { offset, limit, now = new Date() }: { offset: number; limit: number; now?: Date },
): Promise<Page<ProgressDto>> {
  const where = sql`a.kind = 'staked' AND a.balance > 0 AND u.status = 'ACTIVE'`;
  const [count] = rowsOf<{ n: string }>(
    await db.execute(
      sql`SELECT count(*)::text AS n FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE ${where}`,
    ),
  );
  const rows = rowsOf<{
    id: number;
    user_id: string;
    name: string;
    coin: Coin;
    amount: string;
    rate: string | null;
    accrued: string | null;
    lock_end: string | null;
    lock_days: number | null;
    first_stake: string | null;
  }>(
    await db.execute(sql`
      SELECT u.id, u.user_id, u.name, a.coin::text AS coin, a.balance::text AS amount,
        ${effectiveRateSql(sql`u.id`, sql`a.coin`)}::text AS rate,
        (SELECT sum(r.amount)::text FROM staking_rewards r WHERE r.user_id = u.id AND r.coin_symbol = a.coin) AS accrued,
        p.lock_end::text AS lock_end, p.lock_days,
        (SELECT min(e.created_at)::text FROM ledger_entries e WHERE e.account_id = a.id AND e.amount > 0) AS first_stake
      FROM ledger_accounts a
      JOIN users u ON u.id = a.user_id
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
        : new Date(LOCK_RELEASE_AT);
    return {
      id: r.id,
      userId: r.user_id,
      name: r.name,
      coinSymbol: r.coin,
      amount: dec(r.amount),
      rate: dec(r.rate),
      dailyReward: dailyReward(r.amount, r.rate ?? "0").toFixed(),
      accrued: dec(r.accrued),
      lockEnd: lockEnd.toISOString(),
      secondsToLockEnd: Math.max(0, Math.floor((lockEnd.getTime() - now.getTime()) / 1000)),
    };
  });
  return { items, total: Number(count?.n ?? 0) };
}

/** A timestamptz as PostgreSQL prints it ("2025-07-27 09:00:00+00") → Date. */
function pgTime(text: string): Date {
  const t = text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
  return new Date(t);
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
    conds.push(
      /^\d{1,9}$/.test(m)
        ? sql`(u.id = ${Number(m)} OR lower(u.user_id) = lower(${m}))`
        : sql`lower(u.user_id) = lower(${m})`,
    );
  }
  if (q.from)
    conds.push(sql`t.created_at >= ${new Date(dayEnd(q.from).getTime() - 86_400_000).toISOString()}::timestamptz`);
  if (q.to) conds.push(sql`t.created_at < ${dayEnd(q.to).toISOString()}::timestamptz`);
  const where = sql.join(conds, sql` AND `);
  const [count] = rowsOf<{ n: string }>(
    await db.execute(
      sql`SELECT count(*)::text AS n FROM transactions t JOIN users u ON u.id = t.user_id WHERE ${where}`,
    ),
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
    await db.execute(sql`
      SELECT t.id::text AS id, u.id AS member_id, u.user_id, u.name, t.coin_symbol::text AS coin, t.amount::text AS amount,
        t.created_at::text AS created_at, t.hidden_at IS NOT NULL AS hidden
      FROM transactions t JOIN users u ON u.id = t.user_id
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
      amount: dec(r.amount),
      createdAt: pgTime(r.created_at).toISOString(),
      hidden: r.hidden,
    })),
  };
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
      SELECT day::text AS day, members_paid AS members, total_paid::text AS total,
        started_at::text AS started, finished_at::text AS finished
      FROM staking_runs WHERE finished_at IS NOT NULL
      ORDER BY day DESC OFFSET ${offset} LIMIT ${limit}`),
  );
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((r) => ({
      day: r.day,
      membersPaid: r.members,
      totalPaid: dec(r.total),
      startedAt: r.started ? pgTime(r.started).toISOString() : null,
      finishedAt: r.finished ? pgTime(r.finished).toISOString() : null,
    })),
  };
}
