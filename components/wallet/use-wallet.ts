"use client";

import { amountFixed, priceFixed, useCoins, usePriceTexts, useStaked, useWldPrice } from "@/components/member/queries";
import { addFixed, type Fixed, FIXED_ZERO, mulFixed } from "@/lib/money-text";

/**
 * The member's total in KRW: every holding and staked amount × its KRW price, exact (big.js through
 * lib/money-text.ts, no float; lib/money.ts's helpers stay off the wallet's first load). WLD falls back to
 * GET /api/price/WLD when the price map lacks it.
 */
export function useWalletTotal(): { total: Fixed | null; loading: boolean; unavailable: boolean } {
  const coins = useCoins();
  const staked = useStaked();
  const prices = usePriceTexts();
  const wld = useWldPrice();
  const loading = coins.isPending || staked.isPending || (prices.isPending && wld.isPending);
  if (loading) return { total: null, loading: true, unavailable: false };
  if (prices.data && !prices.data.trusted) return { total: null, loading: false, unavailable: true };
  const map: Record<string, Fixed> = { ...(prices.data?.prices ?? {}) };
  const wldPrice = wld.data ? priceFixed(wld.data.price) : null;
  if (!map.WLD && wldPrice) map.WLD = wldPrice;
  let total = FIXED_ZERO;
  for (const c of coins.data ?? []) {
    const p = map[c.symbol];
    if (p) total = addFixed(total, mulFixed(amountFixed(c.amount), p));
  }
  for (const s of staked.data ?? []) {
    const p = map[s.coinSymbol];
    if (p) total = addFixed(total, mulFixed(addFixed(amountFixed(s.amount), amountFixed(s.rewards)), p));
  }
  return { total, loading: false, unavailable: false };
}
