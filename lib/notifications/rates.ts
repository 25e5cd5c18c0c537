/**
 * "Your staking rate changed": the rate_changed notifications of a change to the rates, written
 * in the change's transaction — set-based, one statement, however many members it reaches.
 *
 * - A product change (created, updated; directly or by an approved four-eyes proposal): every ACTIVE member with a
 *   staked balance of an affected coin whose stake would earn another rate under the products after the change
 *   than under those in force — the rule of db/queries/staking-rates.ts, the product's minimum included (a stake
 *   below it earns 0). Call it BEFORE the change is written: the tables as they are are the "before".
 * - A member's own rate: that member, told the rate in force before and after (whatever they hold).
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { effectiveRateSql, minExpr, rateExpr, rateJoins, type RateSources } from "@/db/queries/staking-rates";
import type { Coin } from "@/db/schema";
import { toDecimalString } from "@/lib/money";
import { type NotificationParams, notify } from "./index";

const live: RateSources = { products: sql`staking_products`, memberRates: sql`member_staking_rates` };

/** The rate a stake of `balance` earns under `from`: the rule's rate, 0 below the paying product's minimum. */
const earned = (from: RateSources) =>
  sql`(SELECT CASE WHEN x.balance >= ${minExpr} THEN COALESCE(${rateExpr}, 0) ELSE 0 END AS rate
    FROM (SELECT 1) one ${rateJoins(sql`x.user_id`, sql`x.coin`, from)})`;

/** Notifies the stakers of `coins` whose rate `products` (productsWith: the products after the change) would change. */
export async function notifyProductRateChange(tx: DbOrTx, products: SQL, coins: Coin[]): Promise<void> {
  const list = sql.join(
    [...new Set(coins)].map((c) => sql`${c}::coin`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, params)
    SELECT x.user_id, 'rate_changed',
      jsonb_build_object('coin', x.coin::text, 'before', trim_scale(b.rate)::text, 'after', trim_scale(a.rate)::text)
    FROM (
      SELECT s.user_id, s.coin, s.balance FROM ledger_accounts s JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
      WHERE s.kind = 'staked' AND s.balance > 0 AND s.coin IN (${list})
    ) x
    CROSS JOIN LATERAL ${earned(live)} b
    CROSS JOIN LATERAL ${earned({ ...live, products })} a
    WHERE a.rate <> b.rate`);
}

/** The rate in force for one member and coin now (percent, a decimal string), or null when none applies. */
export async function memberRateNow(tx: DbOrTx, userId: number, coin: Coin): Promise<string | null> {
  const [row] = rowsOf<{ rate: string | null }>(
    await tx.execute(sql`SELECT ${effectiveRateSql(sql`${userId}::int`, sql`${coin}::coin`)}::text AS rate`),
  );
  const rate = row?.rate ?? null;
  return rate === null ? null : toDecimalString(rate);
}

/** Tells a member their own rate changed, when it did. */
export async function notifyMemberRateChange(
  tx: DbOrTx,
  userId: number,
  change: NotificationParams["rate_changed"],
): Promise<void> {
  if (change.before === change.after) return;
  await notify(tx, userId, "rate_changed", change);
}
