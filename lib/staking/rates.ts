/**
 * Staking rates. A member's staked coin earns the member's own rate when an admin set one
 * (member_staking_rates.annual_rate), else the rate of the member's chosen product when it is active,
 * else the coin's active product (the newest one when there are several). Rates are annual, in percent.
 * The rate in force for a stake is that rule over the tables as they are; a reward day is paid at the rule over
 * the tables as they were when it ended (ratesAsOf).
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin } from "@/db/schema";
import { effectiveRateSql, raisesRatesSql } from "@/db/queries/staking-rates";
import { REWARD_DECIMALS, REWARD_RATE_DIVISOR } from "@/lib/constants";
import { D, type Dec, floorTo, toDecimalString } from "@/lib/money";

// The rate rule and the reward formula in SQL live with the data layer; re-exported for lib callers.
export {
  effectiveRateSql,
  minExpr,
  productsWith,
  type RateSources,
  rateExpr,
  rateJoins,
  ratesAsOf,
  rewardSql,
} from "@/db/queries/staking-rates";

/**
 * One day's reward: balance × annual rate / 100 / 365, rounded down to 8 decimals (lib/constants.ts).
 * The SQL twin is rewardSql; tests hold the two to the same table.
 */
export function dailyReward(balance: Dec | string, annualRatePercent: Dec | string): Dec {
  const b = new D(balance);
  const r = new D(annualRatePercent);
  if (b.lte(0) || r.lte(0)) return new D(0);
  return floorTo(b.times(r).div(REWARD_RATE_DIVISOR), REWARD_DECIMALS);
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

/**
 * Whether `products` (productsWith: the products after a change) in place of staking_products would pay any stake
 * more than the rates in force now (SECURITY I39: such a change waits for a second administrator). Read in the
 * caller's transaction, after serializeProductChanges.
 */
export async function raisesRates(db: DbOrTx, products: SQL): Promise<boolean> {
  const [row] = rowsOf<{ raises: boolean }>(await db.execute(raisesRatesSql(products)));
  return row?.raises === true;
}
