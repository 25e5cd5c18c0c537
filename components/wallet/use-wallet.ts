"use client";

import { usePrices, useCoins, useStaked, useWldPrice, amt, priceDec } from "@/components/member/queries";
import { D, type Dec } from "@/lib/money";

/**
 * The member's total in KRW: every holding and staked amount × its KRW price, in decimals.
 * WLD falls back to GET /api/price/WLD when the price map lacks it.
 */
export function useWalletTotal(): { total: Dec | null; loading: boolean; unavailable: boolean } {
  const coins = useCoins();
  const staked = useStaked();
  const prices = usePrices();
  const wld = useWldPrice();
  const loading = coins.isPending || staked.isPending || (prices.isPending && wld.isPending);
  if (loading) return { total: null, loading: true, unavailable: false };
  if (prices.data && !prices.data.trusted) return { total: null, loading: false, unavailable: true };
  const map: Record<string, Dec> = { ...(prices.data?.prices ?? {}) };
  const wldPrice = wld.data ? priceDec(wld.data.price) : null;
  if (!map.WLD && wldPrice) map.WLD = wldPrice;
  let total = new D(0);
  for (const c of coins.data ?? []) {
    const p = map[c.symbol];
    if (p) total = total.add(amt(c.amount).mul(p));
  }
  for (const s of staked.data ?? []) {
    const p = map[s.coinSymbol];
    if (p) total = total.add(amt(s.amount).add(amt(s.rewards)).mul(p));
  }
  return { total, loading: false, unavailable: false };
}
