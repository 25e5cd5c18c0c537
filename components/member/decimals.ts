"use client";

/**
 * Amounts and prices as decimal.js decimals, for the screens that compute money (the coin and staking tabs,
 * the review figures of the modals, the transfer page). Kept apart from ./queries.ts so Home and the wallet's
 * first screen, which only show amounts, do not download the decimal library.
 */
import { useQuery } from "@tanstack/react-query";
import { D, type Dec } from "@/lib/money";
import type { PriceMapDto } from "@/lib/prices/dto";
import { type CoinRow, pricesQuery, pricesTrusted, type StakedRow } from "./queries";

export type PriceMap = { prices: Record<string, Dec>; trusted: boolean; stale: boolean; updatedAt: string | null };

function toPriceMap(body: PriceMapDto): PriceMap {
  const prices: Record<string, Dec> = {};
  for (const [k, v] of Object.entries(body.prices ?? {})) {
    const d = priceDec(v);
    if (d) prices[k.toUpperCase()] = d;
  }
  return { prices, trusted: pricesTrusted(body), stale: body.stale === true, updatedAt: body.updatedAt ?? null };
}

/** GET /api/prices: symbol → KRW (as decimals), and whether the prices may be shown at all. */
export function usePrices() {
  return useQuery({ ...pricesQuery, select: toPriceMap });
}

/** A KRW price (number or string, possibly wrapped as `{ price }`) as a decimal, or null. */
export function priceDec(v: unknown): Dec | null {
  const raw = v && typeof v === "object" && "price" in v ? (v as { price: unknown }).price : v;
  if (typeof raw !== "number" && typeof raw !== "string") return null;
  try {
    const d = new D(String(raw));
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Decimal of an amount string from the API; garbage reads as zero rather than NaN. */
export function amt(v: string | number | null | undefined): Dec {
  if (v === null || v === undefined) return new D(0);
  try {
    const d = new D(String(v));
    return d.isFinite() ? d : new D(0);
  } catch {
    return new D(0);
  }
}

/** The WLD amount of a coins or staked list. */
export function wldOf(rows: Array<CoinRow | StakedRow> | undefined): Dec {
  const row = rows?.find((r) => ("symbol" in r ? r.symbol : r.coinSymbol) === "WLD");
  return amt(row?.amount);
}
