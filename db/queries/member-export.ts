/**
 * The member's own CSV exports (issue 14 item 5): every visible transaction and every daily reward, newest
 * first, each with the KRW price in force at its time — the nearest stored spot price (price_snapshots,
 * series 'ticker', the coin's symbol) at or before it, found through the (symbol, series, time) unique index.
 * Amounts and prices are decimal strings without trailing zeros, times ISO instants (UTC).
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin, TxType } from "@/db/schema";

const num = (expr: SQL) => sql`trim_scale(${expr})::text`;
const iso = (expr: SQL) => sql`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The spot price of `coin` at or before `at`, as a LATERAL subquery named p. */
const priceAt = (coin: SQL, at: SQL) => sql`LEFT JOIN LATERAL (
    SELECT ${num(sql`s.price_krw`)} AS price_krw, ${iso(sql`s.time`)} AS price_time, s.source AS price_source
    FROM price_snapshots s
    WHERE s.symbol = ${coin}::text AND s.series = 'ticker' AND s.time <= ${at}
    ORDER BY s.time DESC LIMIT 1
  ) p ON true`;

export type PricedRow = { priceKrw: string | null; priceTime: string | null; priceSource: string | null };
export type TransactionExportRow = PricedRow & {
  id: number;
  type: TxType;
  coinSymbol: Coin;
  amount: string;
  createdAt: string;
};
export type RewardExportRow = PricedRow & {
  id: number;
  day: string;
  coinSymbol: Coin;
  amount: string;
  stakedBalance: string;
  annualRate: string;
  createdAt: string;
};

type Raw = Record<string, string | null>;
const priced = (r: Raw): PricedRow => ({
  priceKrw: r.price_krw ?? null,
  priceTime: r.price_time ?? null,
  priceSource: r.price_source ?? null,
});

/** The member's visible history (as GET /api/transactions/by-id lists it), newest first, at most `max` rows. */
export async function transactionExportRows(
  db: DbOrTx,
  { userId, max }: { userId: number; max: number },
): Promise<TransactionExportRow[]> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      SELECT t.id::text AS id, t.type::text AS type, t.coin_symbol::text AS coin, ${num(sql`t.amount`)} AS amount,
        ${iso(sql`t.created_at`)} AS created_at, p.price_krw, p.price_time, p.price_source
      FROM transactions t
      ${priceAt(sql`t.coin_symbol`, sql`t.created_at`)}
      WHERE t.user_id = ${userId} AND t.hidden_at IS NULL
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${max}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type as TxType,
    coinSymbol: r.coin as Coin,
    amount: r.amount as string,
    createdAt: r.created_at as string,
    ...priced(r),
  }));
}

/** The member's daily rewards (as GET /api/users/{userId}/staking-history lists them), newest day first. */
export async function rewardExportRows(
  db: DbOrTx,
  { userId, max }: { userId: number; max: number },
): Promise<RewardExportRow[]> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      SELECT r.id::text AS id, r.day::text AS day, r.coin_symbol::text AS coin, ${num(sql`r.amount`)} AS amount,
        ${num(sql`r.staked_balance`)} AS staked_balance, ${num(sql`r.annual_rate`)} AS annual_rate,
        ${iso(sql`r.created_at`)} AS created_at, p.price_krw, p.price_time, p.price_source
      FROM staking_rewards r
      ${priceAt(sql`r.coin_symbol`, sql`r.created_at`)}
      WHERE r.user_id = ${userId}
      ORDER BY r.day DESC, r.id DESC
      LIMIT ${max}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    day: (r.day as string).slice(0, 10),
    coinSymbol: r.coin as Coin,
    amount: r.amount as string,
    stakedBalance: r.staked_balance as string,
    annualRate: r.annual_rate as string,
    createdAt: r.created_at as string,
    ...priced(r),
  }));
}
