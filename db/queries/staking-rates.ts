/**
 * The staking rate and reward rules as SQL fragments, the one definition both the reads
 * (db/queries/staking.ts) and the reward run (lib/staking/run.ts) build on. A member's staked coin earns
 * the member's own rate when an admin set one (member_staking_rates.annual_rate), else the rate of the
 * member's chosen product when it is active, else the coin's active product (the newest one when there
 * are several). Rates are annual, in percent.
 * No `server-only` marker: the reward run also runs from a CLI script (`npm run rewards:accrue`).
 */
import { type SQL, sql } from "drizzle-orm";

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
 * One day's reward, exact: integer division of balance × rate × 10⁸ by 36,500 (100 % × 365 days), then
 * back to 8 decimals — balance × annual rate / 100 / 365 rounded down. Its TypeScript twin is
 * lib/staking/rates.ts dailyReward; tests hold the two to the same table.
 */
export function rewardSql(balanceExpr: SQL, rateExpr: SQL): SQL {
  return sql`(div(${balanceExpr} * ${rateExpr} * 100000000, 36500) / 100000000)::numeric(38,18)`;
}
