/**
 * The staking rate and reward rules as SQL fragments, the one definition both the reads
 * (db/queries/staking.ts) and the reward run (lib/staking/run.ts) build on. A member's staked coin earns
 * the member's own rate when an admin set one (member_staking_rates.annual_rate), else the rate of the
 * member's chosen product when it is active, else the coin's active product (the newest one when there
 * are several). Rates are annual, in percent. A stake below the minimum amount of the product whose rate
 * applies earns nothing; a member's own rate has no minimum.
 *
 * The rule reads its products and members' rows from RateSources: the tables as they are, as they were at an
 * instant (ratesAsOf: what a reward day is paid at), or with one product changed (productsWith, raisesRatesSql:
 * what a product change would put in force, SECURITY I39).
 * No `server-only` marker: the reward run also runs from a CLI script (`npm run rewards:accrue`).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Coin } from "@/db/schema";

/**
 * Relations with the columns the rule reads: `products` (id, coin_symbol, annual_rate, min_amount, active) and
 * `memberRates` (user_id, coin_symbol, product_id, annual_rate).
 */
export type RateSources = { products: SQL; memberRates: SQL };

const liveRates: RateSources = { products: sql`staking_products`, memberRates: sql`member_staking_rates` };

/**
 * The products and members' rows in force at `at` (an ISO instant), from their history (staking_product_versions,
 * member_staking_rate_versions): each row's last version that took effect before `at`.
 */
export function ratesAsOf(at: string): RateSources {
  return {
    products: sql`(
      SELECT DISTINCT ON (v.product_id) v.product_id AS id, v.coin_symbol, v.annual_rate, v.min_amount, v.active
      FROM staking_product_versions v WHERE v.valid_from < ${at}::timestamptz
      ORDER BY v.product_id, v.valid_from DESC, v.id DESC)`,
    memberRates: sql`(
      SELECT DISTINCT ON (v.user_id, v.coin_symbol) v.user_id, v.coin_symbol, v.product_id, v.annual_rate
      FROM member_staking_rate_versions v WHERE v.valid_from < ${at}::timestamptz
      ORDER BY v.user_id, v.coin_symbol, v.valid_from DESC, v.id DESC)`,
  };
}

/** A product's columns as the rule reads them (decimal strings). */
export type RuleProduct = { coinSymbol: Coin; annualRate: string; minAmount: string; active: boolean };

/**
 * staking_products with product `id` as `product` — or, without an id, with `product` added as the newest (a new
 * product's id is above every existing one): a products relation for raisesRatesSql.
 */
export function productsWith(id: number | null, product: RuleProduct): SQL {
  const productId = id === null ? sql`(SELECT COALESCE(max(id), 0) + 1 FROM staking_products)` : sql`${id}::integer`;
  return sql`(
    SELECT id, coin_symbol, annual_rate, min_amount, active FROM staking_products WHERE id IS DISTINCT FROM ${id}::integer
    UNION ALL
    SELECT ${productId}, ${product.coinSymbol}::coin, ${product.annualRate}::numeric, ${product.minAmount}::numeric,
      ${product.active}::boolean)`;
}

/**
 * LEFT JOINs that bring the rate candidates of member `userIdExpr` and coin `coinExpr` into a query:
 * msr (the member's own row), msp (the member's chosen product, if active), dsp (the coin's newest
 * active product). Use with rateExpr and minExpr. Set-based: the reward run joins it once for 100,000 members.
 */
export function rateJoins(userIdExpr: SQL, coinExpr: SQL, from: RateSources = liveRates): SQL {
  return sql`LEFT JOIN ${from.memberRates} msr ON msr.user_id = ${userIdExpr} AND msr.coin_symbol = ${coinExpr}
    LEFT JOIN ${from.products} msp ON msp.id = msr.product_id AND msp.active
    LEFT JOIN LATERAL (
      SELECT p.annual_rate, p.min_amount FROM ${from.products} p WHERE p.coin_symbol = ${coinExpr} AND p.active
      ORDER BY p.id DESC LIMIT 1
    ) dsp ON true`;
}

/** The effective annual rate over rateJoins, NULL when none applies. The one definition of the rule. */
export const rateExpr = sql`COALESCE(msr.annual_rate, msp.annual_rate, dsp.annual_rate)`;

/** The smallest stake that earns rateExpr: the paying product's minimum, none under a member's own rate. */
export const minExpr = sql`CASE WHEN msr.annual_rate IS NOT NULL THEN 0 ELSE COALESCE(msp.min_amount, dsp.min_amount, 0) END`;

/** The effective rate as a scalar subquery, for reads of one member or a page of rows. */
export function effectiveRateSql(userIdExpr: SQL, coinExpr: SQL): SQL {
  return sql`(SELECT ${rateExpr} FROM (SELECT 1) one ${rateJoins(userIdExpr, coinExpr)})`;
}

/**
 * Whether `products` in place of staking_products would pay someone more than now, for any stake: a higher rate,
 * or a lower minimum under a rate above zero. Judged for every coin's default (a member without a rate of their
 * own) and for every member who follows a chosen product — the only members a product can reach beyond the
 * default (a member's own rate overrides every product). One boolean column `raises`.
 */
export function raisesRatesSql(products: SQL): SQL {
  const after = { ...liveRates, products };
  const terms = (from: RateSources) =>
    sql`(SELECT COALESCE(${rateExpr}, 0) AS rate, ${minExpr} AS min FROM (SELECT 1) one ${rateJoins(sql`x.user_id`, sql`x.coin`, from)})`;
  return sql`
    SELECT EXISTS (
      SELECT 1 FROM (
        SELECT NULL::integer AS user_id, c AS coin FROM unnest(enum_range(NULL::coin)) c
        UNION ALL
        SELECT user_id, coin_symbol FROM member_staking_rates WHERE annual_rate IS NULL AND product_id IS NOT NULL
      ) x
      CROSS JOIN LATERAL ${terms(liveRates)} b
      CROSS JOIN LATERAL ${terms(after)} a
      WHERE a.rate > b.rate OR (a.rate > 0 AND a.min < b.min)
    ) AS raises`;
}

/**
 * One day's reward, exact: integer division of balance × rate × 10⁸ by 36,500 (100 % × 365 days), then
 * back to 8 decimals — balance × annual rate / 100 / 365 rounded down. Its TypeScript twin is
 * lib/staking/rates.ts dailyReward; tests hold the two to the same table.
 */
export function rewardSql(balanceExpr: SQL, rateExpr: SQL): SQL {
  return sql`(div(${balanceExpr} * ${rateExpr} * 100000000, 36500) / 100000000)::numeric(38,18)`;
}
