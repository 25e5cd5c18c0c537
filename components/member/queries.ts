"use client";

/**
 * The member screens' reads, one react-query hook per call (shapes: DESIGN.md's calls table). Amounts stay
 * decimal strings; KRW prices arrive as numbers. This module carries no decimal library: Home and the
 * wallet's first screen only show and sum amounts (lib/money-text.ts, on big.js). Screens that compute
 * money (review figures, the coin and staking tabs) turn amounts into decimals with ./decimals.ts. A failed
 * call's text is ./error-text.ts (forms and modals only, so not first-load code of Home and the wallet).
 */
import { useQuery } from "@tanstack/react-query";
// Types only (erased at build): the client reads exactly the DTOs the server writes.
import type { ProfileDto } from "@/lib/members/dto";
import type { StakedCoinDto, StakingHistoryDto } from "@/lib/staking/dto";
import type { RequestDto, TransactionDto } from "@/lib/wallet/dto";
import { api } from "@/lib/client/api";
import { LOCK_RELEASE_AT, MAX_PRICE_AGE_MS } from "@/lib/constants";
import { type Fixed, FIXED_ZERO, parseDecimal } from "@/lib/money-text";
import type { PriceDto, PriceMapDto } from "@/lib/prices/dto";
import type { CoinDto } from "@/lib/wallet/balances";
import { useMember } from "./member-context";

export type Profile = ProfileDto;
export type CoinRow = CoinDto;
export type StakedRow = StakedCoinDto;
export type StakingHistoryRow = StakingHistoryDto;
export type TxRow = TransactionDto;
/** A transfer, withdraw or deposit request (EXPIRED: a deposit whose quote ran out; shown, no longer cancellable). */
export type RequestRow = RequestDto;
export type WldPrice = PriceDto;

export const enc = encodeURIComponent;

export const keys = {
  profile: (u: string) => ["profile", u] as const,
  coins: (u: string) => ["coins", u] as const,
  staked: (u: string) => ["staked", u] as const,
  stakingHistory: (u: string) => ["staking-history", u] as const,
  transactions: (u: string, page: number) => ["transactions", u, page] as const,
};

export function useProfile() {
  const { userId } = useMember();
  return useQuery({ queryKey: keys.profile(userId), queryFn: () => api<Profile>(`/api/users/by-id/${enc(userId)}`) });
}

export function useCoins() {
  const { userId } = useMember();
  return useQuery({
    queryKey: keys.coins(userId),
    queryFn: () => api<CoinRow[]>(`/api/users/by-id/${enc(userId)}/coins`),
  });
}

export function useStaked() {
  const { userId } = useMember();
  return useQuery({
    queryKey: keys.staked(userId),
    queryFn: () => api<StakedRow[]>(`/api/users/${enc(userId)}/staked-coins`),
  });
}

export function useWldPrice() {
  return useQuery({
    queryKey: ["price", "WLD"],
    queryFn: () => api<WldPrice>("/api/price/WLD"),
    refetchInterval: 30_000,
  });
}

/** Whether the price map may be shown at all (a price too old to trust is shown as unavailable). */
export function pricesTrusted(body: PriceMapDto, now = Date.now()): boolean {
  const updatedAt = body.updatedAt ?? null;
  const age = updatedAt ? now - new Date(updatedAt).getTime() : 0;
  return body.usable !== false || body.seeded === true || age <= MAX_PRICE_AGE_MS;
}

/**
 * GET /api/prices as the server wrote it (symbol → KRW as JSON numbers). The cache holds the answer itself, so
 * the server can render it into the page (app/lang/[locale]/(member)/prefetch) and the hooks pick their own view with `select`.
 */
export const pricesQuery = {
  queryKey: ["prices"] as const,
  queryFn: () => api<PriceMapDto>("/api/prices"),
  refetchInterval: 30_000,
};

export type PriceTexts = { prices: Record<string, Fixed>; trusted: boolean; stale: boolean; updatedAt: string | null };

function toPriceTexts(body: PriceMapDto): PriceTexts {
  const prices: Record<string, Fixed> = {};
  for (const [k, v] of Object.entries(body.prices ?? {})) {
    const d = priceFixed(v);
    if (d) prices[k.toUpperCase()] = d;
  }
  return { prices, trusted: pricesTrusted(body), stale: body.stale === true, updatedAt: body.updatedAt ?? null };
}

/** The price map with exact (BigInt) prices, for totals that are only shown. */
export function usePriceTexts() {
  return useQuery({ ...pricesQuery, select: toPriceTexts });
}

/** A KRW price (number or string, possibly wrapped as `{ price }`) as an exact Fixed, or null. */
export function priceFixed(v: unknown): Fixed | null {
  const raw = v && typeof v === "object" && "price" in v ? (v as { price: unknown }).price : v;
  if (typeof raw !== "number" && typeof raw !== "string") return null;
  return parseDecimal(raw);
}

/** An amount string from the API as an exact Fixed; garbage reads as zero. */
export const amountFixed = (v: string | number | null | undefined): Fixed => parseDecimal(v) ?? FIXED_ZERO;

/** The WLD amount of a coins or staked list, exact. */
export function wldFixedOf(rows: Array<CoinRow | StakedRow> | undefined): Fixed {
  const row = rows?.find((r) => ("symbol" in r ? r.symbol : r.coinSymbol) === "WLD");
  return amountFixed(row?.amount);
}

/** GET /api/config: the protected-lock release moment. Falls back to the constant this build shipped with. */
export function useLockRelease() {
  return useQuery({
    queryKey: ["config"],
    queryFn: async () => {
      try {
        const c = await api<{ lockReleaseAt?: string }>("/api/config");
        return c?.lockReleaseAt ?? LOCK_RELEASE_AT;
      } catch {
        return LOCK_RELEASE_AT;
      }
    },
    staleTime: 5 * 60_000,
  });
}
