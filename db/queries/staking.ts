/**
 * Staking reads for members and the admin screens: stakes, rates, rewards, the reward runs, and the
 * staking products. Every function takes the owner's numeric id where there is one; amounts are decimal
 * strings as PostgreSQL prints them without trailing zeros (trim_scale), so nothing here needs lib/.
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { COINS, type Coin, stakingProducts } from "@/db/schema";
import { statement } from "@/db/statement";
import { effectiveRateSql, rewardSql } from "./staking-rates";

/** A numeric column or expression as a plain decimal string ("12.5", never "12.500…"). */
const num = (expr: SQL) => sql`trim_scale(${expr})::text`;
/** What one day at `balance` and `rate` pays; zero when either is missing or not positive. */
const dailyRewardSql = (balance: SQL, rate: SQL) =>
  num(sql`CASE WHEN ${balance} > 0 AND ${rate} > 0 THEN ${rewardSql(balance, rate)} ELSE 0 END`);

const coinOrder = (a: Coin, b: Coin) => COINS.indexOf(a) - COINS.indexOf(b);

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

/** stakedCoins' statement: built once, sent straight to the driver (db/statement.ts); every member page reads it. */
const stakedCoinRows = statement<
  { userId: number },
  { coin: Coin; staked: string; rewards: string; rate: string; daily: string }
>(
  (v) => sql`
      WITH coins AS (
        SELECT coin FROM ledger_accounts WHERE user_id = ${v.userId} AND kind = 'staked'
        UNION SELECT coin_symbol FROM staking_products WHERE active
        UNION SELECT coin_symbol FROM member_staking_rates WHERE user_id = ${v.userId}
      )
      SELECT coin, ${num(sql`staked`)} AS staked, ${num(sql`rewards`)} AS rewards, ${num(sql`rate`)} AS rate,
        ${dailyRewardSql(sql`staked`, sql`rate`)} AS daily
      FROM (
        SELECT c.coin::text AS coin,
          COALESCE((SELECT balance FROM ledger_accounts WHERE user_id = ${v.userId} AND coin = c.coin AND kind = 'staked'), 0) AS staked,
          COALESCE((SELECT balance FROM ledger_accounts WHERE user_id = ${v.userId} AND coin = c.coin AND kind = 'rewards'), 0) AS rewards,
          COALESCE(${effectiveRateSql(sql`${v.userId}::int`, sql`c.coin`)}, 0) AS rate
        FROM coins c
      ) s`,
);

/**
 * GET /api/users/{userId}/staked-coins: every coin the member has staked or could stake (an active
 * product or an own rate exists), WLD first.
 */
export async function stakedCoins(db: DbOrTx, { userId }: { userId: number }): Promise<StakedCoinDto[]> {
  const rows = await stakedCoinRows({ userId }, db);
  return rows
    .map((r) => ({
      coinSymbol: r.coin,
      amount: r.staked,
      profit: r.rate,
      dailyReward: r.daily,
      rewards: r.rewards,
    }))
    .sort((a, b) => coinOrder(a.coinSymbol, b.coinSymbol));
}

export type StakingHistoryDto = { id: number; coinSymbol: Coin; amount: string; createdAt: string; day: string };

/** GET /api/users/{userId}/staking-history: daily rewards, newest day first. */
export async function stakingHistory(
  db: DbOrTx,
  { userId, offset, limit }: { userId: number; offset: number; limit: number },
): Promise<StakingHistoryDto[]> {
  const rows = rowsOf<{ id: string; coin: Coin; amount: string; created_at: string; day: string }>(
    await db.execute(sql`
      SELECT id::text AS id, coin_symbol::text AS coin, ${num(sql`amount`)} AS amount, created_at::text AS created_at, day::text AS day
      FROM staking_rewards WHERE user_id = ${userId}
      ORDER BY day DESC, id DESC OFFSET ${offset} LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    coinSymbol: r.coin,
    amount: r.amount,
    createdAt: pgTime(r.created_at).toISOString(),
    day: r.day,
  }));
}

/** GET /api/admin/users/{id}/staking-profit: the member's rewards balance (WLD). */
export async function stakingProfit(
  db: DbOrTx,
  { userId, coin = "WLD" }: { userId: number; coin?: Coin },
): Promise<{ profit: string }> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      SELECT ${num(sql`balance`)} AS balance FROM ledger_accounts WHERE user_id = ${userId} AND coin = ${coin}::coin AND kind = 'rewards'`),
  );
  return { profit: row?.balance ?? "0" };
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
    // No parallel workers: on a busy server their start costs more than this index-only read of every stake.
    await tx.execute(sql`SELECT set_config('max_parallel_workers_per_gather', '0', true)`);
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
  // KST days (UTC+9 all year): from 00:00 KST of `from` to 00:00 KST after `to`.
  if (q.from) conds.push(sql`t.created_at >= (${q.from}::date::text || ' 00:00+09')::timestamptz`);
  if (q.to) conds.push(sql`t.created_at < ((${q.to}::date + 1)::text || ' 00:00+09')::timestamptz`);
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
      SELECT t.id::text AS id, u.id AS member_id, u.user_id, u.name, t.coin_symbol::text AS coin, ${num(sql`t.amount`)} AS amount,
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
      amount: r.amount,
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

export type ProductDto = {
  id: number;
  coinSymbol: Coin;
  name: string;
  /** Annual rate in percent, decimal string. */
  annualRate: string;
  lockEnd: string | null;
  lockDays: number | null;
  minAmount: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
};

/** The columns a ProductDto is built from; also the RETURNING list of the admin's product writes. */
export const productColumns = {
  id: stakingProducts.id,
  coinSymbol: stakingProducts.coinSymbol,
  name: stakingProducts.name,
  annualRate: num(sql`${stakingProducts.annualRate}`).mapWith(String),
  lockEnd: stakingProducts.lockEnd,
  lockDays: stakingProducts.lockDays,
  minAmount: num(sql`${stakingProducts.minAmount}`).mapWith(String),
  active: stakingProducts.active,
  createdAt: stakingProducts.createdAt,
  updatedAt: stakingProducts.updatedAt,
};

type ProductRow = Omit<ProductDto, "lockEnd" | "createdAt" | "updatedAt"> & {
  lockEnd: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const toProductDto = (p: ProductRow): ProductDto => ({
  ...p,
  lockEnd: p.lockEnd ? p.lockEnd.toISOString() : null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** GET /api/admin/staking-products: every product, oldest first. */
export async function listProducts(db: DbOrTx): Promise<ProductDto[]> {
  const rows = await db.select(productColumns).from(stakingProducts).orderBy(stakingProducts.id);
  return rows.map(toProductDto);
}

/**
 * A product change or a new product waiting for a second administrator (SECURITY I39): the product as it will be
 * once approved — the proposed fields over the current ones.
 */
export type PendingProductDto = {
  proposalId: number;
  kind: "product_rate" | "product_create";
  /** The product changed; null for one that does not exist yet. */
  productId: number | null;
  coinSymbol: Coin;
  name: string;
  annualRate: string;
  minAmount: string;
  active: boolean;
  proposedBy: string;
  createdAt: string;
  expiresAt: string;
};

/** GET /api/admin/staking-products/pending: the pending product proposals not yet expired at `at`, oldest first. */
export async function pendingProductProposals(db: DbOrTx, { at }: { at: Date }): Promise<PendingProductDto[]> {
  // The proposed value (a change's patch, a new product's fields), else the product's own.
  const field = (key: string, current: SQL) =>
    sql`COALESCE(p.payload->'patch'->>${key}, p.payload->'product'->>${key}, ${current})`;
  const rows = rowsOf<{
    id: string;
    kind: PendingProductDto["kind"];
    product_id: number | null;
    coin: Coin;
    name: string;
    rate: string;
    min: string;
    active: boolean;
    proposed_by: string;
    created_at: string;
    expires_at: string;
  }>(
    await db.execute(sql`
      SELECT p.id::text AS id, p.kind, s.id AS product_id, ${field("coinSymbol", sql`s.coin_symbol::text`)} AS coin,
        ${field("name", sql`s.name`)} AS name,
        ${num(sql`${field("annualRate", sql`s.annual_rate::text`)}::numeric`)} AS rate,
        ${num(sql`${field("minAmount", sql`s.min_amount::text`)}::numeric`)} AS min,
        ${field("active", sql`s.active::text`)}::boolean AS active,
        u.user_id AS proposed_by, p.created_at::text AS created_at, p.expires_at::text AS expires_at
      FROM proposals p
      JOIN users u ON u.id = p.proposed_by
      LEFT JOIN staking_products s ON p.kind = 'product_rate' AND s.id = (p.payload->>'productId')::integer
      WHERE p.kind IN ('product_rate', 'product_create') AND p.status = 'PENDING'
        AND p.expires_at > ${at.toISOString()}::timestamptz
      ORDER BY p.id`),
  );
  return rows.map((r) => ({
    proposalId: Number(r.id),
    kind: r.kind,
    productId: r.product_id,
    coinSymbol: r.coin,
    name: r.name,
    annualRate: r.rate,
    minAmount: r.min,
    active: r.active,
    proposedBy: r.proposed_by,
    createdAt: pgTime(r.created_at).toISOString(),
    expiresAt: pgTime(r.expires_at).toISOString(),
  }));
}
