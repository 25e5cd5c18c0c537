"use client";

/**
 * The member's WLD as one sum for every screen that shows it (Home; the wallet's coin and staking tabs add the
 * same three parts). Its own module, so /wallet's first load (which only needs the KRW total) does not carry it.
 */
import { amountFixed, type CoinRow, type StakedRow, wldFixedOf } from "./queries";

/** The holding, the protected lock and the lock's accrued rewards; `total` is what they add up to. */
export function wldTotalsOf(coins: CoinRow[] | undefined, staked: StakedRow[] | undefined) {
  const holding = wldFixedOf(coins);
  const lock = wldFixedOf(staked);
  const rewards = amountFixed(staked?.find((s) => s.coinSymbol === "WLD")?.rewards);
  return { holding, lock, rewards, total: holding.plus(lock).plus(rewards) };
}
