/**
 * The member's own CSV exports: every posting on the member's balances and
 * every daily reward, newest first, each with the KRW price that values it — a buy at its request's quote, a
 * reward at its day's stored price (dayPrice), anything else at the nearest stored spot price (price_snapshots,
 * series 'ticker', the coin's symbol) at or before it, found through the (symbol, series, time) unique index.
 * Amounts and prices are decimal strings without trailing zeros, times ISO instants (UTC).
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin, TxType } from "@/db/schema";

const num = (expr: SQL) => sql`trim_scale(${expr})::text`;
const iso = (expr: SQL) => sql`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type PricedRow = { priceKrw: string | null; priceTime: string | null; priceSource: string | null };
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

/**
 * A ledger posting as the member's tax file shows it: what it did to each of the member's
 * balances of one coin — `holding` (보유), `lock` (보호 잠금: staked + held, so a request's hold and its release
 * net to nothing) and `rewards` — so the file's columns add up to the balances. With its history row when it
 * has one (`txId`, `txType`, `txAmount`, `hidden`: an administrator hid it from the on-screen history), the
 * posting's kind, and the price that values it (`priceKind`): a buy at the price its request quoted, a daily
 * reward at the reward day's stored price, anything else at the nearest stored spot price at or before it.
 */
export type LedgerExportRow = PricedRow & {
  postingId: number;
  postingKind: string;
  coinSymbol: Coin;
  holding: string;
  lock: string;
  rewards: string;
  txId: number | null;
  txType: TxType | null;
  txAmount: string | null;
  hidden: boolean;
  rewardDay: string | null;
  priceKind: "quote" | "day" | "spot";
  createdAt: string;
};

/**
 * The stored price of a reward day, whenever the run paid it: the last spot price from the day's start (00:00 KST)
 * to the moment its reward fell due (00:05 KST the next day, lib/staking/run.ts), else the day's 1d candle, else the
 * last spot price before.
 */
export const dayPrice = (coin: SQL, day: SQL) => {
  const end = sql`((${day})::timestamp + interval '15 hours 5 minutes') AT TIME ZONE 'UTC'`;
  const pick = (
    where: SQL,
    rank: number,
  ) => sql`(SELECT ${num(sql`s.price_krw`)} AS price_krw, ${iso(sql`s.time`)} AS price_time,
      s.source AS price_source, ${rank}::int AS rank
    FROM price_snapshots s WHERE s.symbol = ${coin}::text AND ${where} ORDER BY s.time DESC LIMIT 1)`;
  return sql`LEFT JOIN LATERAL (
    SELECT price_krw, price_time, price_source FROM (
      ${pick(sql`s.series = 'ticker' AND s.time <= ${end} AND s.time > ${end} - interval '1 day 5 minutes'`, 1)}
      UNION ALL ${pick(sql`s.series = '1d' AND (s.time AT TIME ZONE 'UTC')::date = (${day})::date`, 2)}
      UNION ALL ${pick(sql`s.series = 'ticker' AND s.time <= ${end}`, 3)}
    ) c ORDER BY rank LIMIT 1
  ) dp ON ${day} IS NOT NULL`;
};

/**
 * Every posting that changed one of the member's balances (a move between staked and held alone changes none),
 * newest first, at most `max`, hidden history rows included. Read from the ledger, so nothing the balances
 * hold is missing: rewards, interest and an administrator's unrecorded adjustments have no history row.
 */
export async function ledgerExportRows(
  db: DbOrTx,
  { userId, max }: { userId: number; max: number },
): Promise<LedgerExportRow[]> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      WITH mv AS (
        SELECT e.posting_id, e.coin,
          COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'holding'), 0) AS holding,
          COALESCE(sum(e.amount) FILTER (WHERE a.kind IN ('staked', 'held')), 0) AS lock,
          COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'rewards'), 0) AS rewards
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.user_id = ${userId}
        GROUP BY e.posting_id, e.coin
      )
      SELECT mv.posting_id::text AS posting_id, p.kind AS posting_kind, mv.coin::text AS coin,
        ${num(sql`mv.holding`)} AS holding, ${num(sql`mv.lock`)} AS lock, ${num(sql`mv.rewards`)} AS rewards,
        t.id::text AS tx_id, t.type::text AS tx_type, ${num(sql`t.amount`)} AS tx_amount,
        (t.hidden_at IS NOT NULL)::text AS hidden, sr.day::text AS reward_day,
        ${iso(sql`COALESCE(t.created_at, sr.created_at, p.created_at)`)} AS created_at,
        CASE WHEN q.price_krw IS NOT NULL THEN 'quote' WHEN sr.day IS NOT NULL THEN 'day' ELSE 'spot' END AS price_kind,
        COALESCE(${num(sql`q.price_krw`)}, dp.price_krw, sp.price_krw) AS price_krw,
        CASE WHEN q.price_krw IS NOT NULL THEN ${iso(sql`q.created_at`)} ELSE COALESCE(dp.price_time, sp.price_time) END AS price_time,
        CASE WHEN q.price_krw IS NOT NULL THEN 'quote' ELSE COALESCE(dp.price_source, sp.price_source) END AS price_source
      FROM mv
      JOIN ledger_postings p ON p.id = mv.posting_id
      LEFT JOIN LATERAL (
        SELECT t.id, t.type, t.amount, t.hidden_at, t.created_at FROM transactions t
        WHERE t.posting_id = mv.posting_id AND t.user_id = ${userId} AND t.coin_symbol = mv.coin
        ORDER BY t.id LIMIT 1
      ) t ON true
      LEFT JOIN staking_rewards sr ON sr.posting_id = mv.posting_id AND sr.user_id = ${userId} AND sr.coin_symbol = mv.coin
      LEFT JOIN requests q ON q.settle_posting_id = mv.posting_id AND q.user_id = ${userId} AND q.type = 'DEPOSIT'
      ${dayPrice(sql`mv.coin`, sql`sr.day`)}
      LEFT JOIN LATERAL (
        SELECT ${num(sql`s.price_krw`)} AS price_krw, ${iso(sql`s.time`)} AS price_time, s.source AS price_source
        FROM price_snapshots s
        WHERE q.price_krw IS NULL AND sr.day IS NULL
          AND s.symbol = mv.coin::text AND s.series = 'ticker' AND s.time <= COALESCE(t.created_at, p.created_at)
        ORDER BY s.time DESC LIMIT 1
      ) sp ON true
      WHERE mv.holding <> 0 OR mv.lock <> 0 OR mv.rewards <> 0 OR t.id IS NOT NULL
      ORDER BY COALESCE(t.created_at, sr.created_at, p.created_at) DESC, mv.posting_id DESC
      LIMIT ${max}`),
  );
  return rows.map((r) => ({
    postingId: Number(r.posting_id),
    postingKind: r.posting_kind as string,
    coinSymbol: r.coin as Coin,
    holding: r.holding as string,
    lock: r.lock as string,
    rewards: r.rewards as string,
    txId: r.tx_id ? Number(r.tx_id) : null,
    txType: (r.tx_type as TxType | null) ?? null,
    txAmount: r.tx_amount ?? null,
    hidden: r.hidden === "true",
    rewardDay: r.reward_day ? r.reward_day.slice(0, 10) : null,
    priceKind: r.price_kind as LedgerExportRow["priceKind"],
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
        ${iso(sql`r.created_at`)} AS created_at, dp.price_krw, dp.price_time, dp.price_source
      FROM staking_rewards r
      ${dayPrice(sql`r.coin_symbol`, sql`r.day`)}
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
