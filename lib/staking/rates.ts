/**
 * Staking rates. A member's staked coin earns the member's own rate when an admin set one
 * (member_staking_rates.annual_rate), else the rate of the member's chosen product when it is active,
 * else the coin's active product (the newest one when there are several). Rates are annual, in percent.
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin } from "@/db/schema";
import { D, type Dec, floorTo, toDecimalString } from "@/lib/money";

/**
 * LEFT JOINs that bring the rate candidates of member `userIdExpr` and coin `coinExpr` into a query:
 * msr (the member's own row), msp (the member's chosen product, if active), dsp (the coin's newest
 * active product). Use with rateExpr. Set-based: the reward run joins it once for 100,000 members.
 */
export function rateJoins(userIdExpr: SQL, coinExpr: SQL): SQL {
  return sql`LEFT JOIN member_staking_rates msr ON msr.user_id = ${userIdExpr} AND msr.coin_symbol = ${coinExpr}
    LEFT JOIN staking_products msp ON msp.id = msr.product_id AND msp.active
    LEFT JOIN LATERAL (
      SELECT p.annual_rate FROM staking_products p WHERE p.coin_symbol = ${coinExpr} AND p.active ORDER BY p.id DESC LIMIT 1
    ) dsp ON true`;
}

/** The effective annual rate over rateJoins, NULL when none applies. The one definition of the rule. */
export const rateExpr = sql`COALESCE(msr.annual_rate, msp.annual_rate, dsp.annual_rate)`;

/** The effective rate as a scalar subquery, for reads of one member or a page of rows. */
export function effectiveRateSql(userIdExpr: SQL, coinExpr: SQL): SQL {
  return sql`(SELECT ${rateExpr} FROM (SELECT 1) one ${rateJoins(userIdExpr, coinExpr)})`;
}

/**
 * One day's reward: balance × annual rate / 100 / 365, rounded down to 8 decimals.
 * The SQL twin is rewardSql; tests hold the two to the same table.
 */
export function dailyReward(balance: Dec | string, annualRatePercent: Dec | string): Dec {
  const b = new D(balance);
  const r = new D(annualRatePercent);
  if (b.lte(0) || r.lte(0)) return new D(0);
  return floorTo(b.times(r).div(100).div(365), 8);
}

/** Exact in SQL too: integer division of balance × rate × 10⁸ by 36,500, then back to 8 decimals. */
export function rewardSql(balanceExpr: SQL, rateExpr: SQL): SQL {
  return sql`(div(${balanceExpr} * ${rateExpr} * 100000000, 36500) / 100000000)::numeric(38,18)`;
}

export type CoinRate = { coinSymbol: Coin; rate: string | null; source: "member" | "product" | null };

/** The effective rate and where it comes from, for each given coin. */
export async function effectiveRates(db: DbOrTx, userId: number, coins: readonly Coin[]): Promise<CoinRate[]> {
  const out: CoinRate[] = [];
  for (const coin of coins) {
    const [row] = rowsOf<{ rate: string | null; member: string | null }>(
      await db.execute(sql`
        SELECT ${effectiveRateSql(sql`${userId}::int`, sql`${coin}::coin`)}::text AS rate,
               (SELECT annual_rate::text FROM member_staking_rates WHERE user_id = ${userId} AND coin_symbol = ${coin}::coin) AS member`),
    );
    const rate = row?.rate ?? null;
    out.push({
      coinSymbol: coin,
      rate: rate === null ? null : toDecimalString(rate),
      source: rate === null ? null : row?.member != null ? "member" : "product",
    });
  }
  return out;
}
