/**
 * Staking reads for members, and the staking products: stakes, rates, rewards. Every function takes the owner's
 * numeric id where there is one; amounts are decimal strings as PostgreSQL prints them without trailing zeros
 * (trim_scale), so nothing here needs lib/. The console's lists (a member's stakes as administrators see them,
 * progress, records, reward days) are ./staking-admin.
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { COINS, type Coin, stakingProducts } from "@/db/schema";
import { statement } from "@/db/statement";
import { effectiveRateSql, rewardSql } from "./staking-rates";

/** A numeric column or expression as a plain decimal string ("12.5", never "12.500…"). */
export const num = (expr: SQL) => sql`trim_scale(${expr})::text`;
/** What one day at `balance` and `rate` pays; zero when either is missing or not positive. */
export const dailyRewardSql = (balance: SQL, rate: SQL) =>
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

/** A timestamptz as PostgreSQL prints it ("2025-07-27 09:00:00+00") → Date. */
export function pgTime(text: string): Date {
  const t = text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
  return new Date(t);
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
