"use client";

/**
 * The member screens' reads, one react-query hook per call (DESIGN.md §5 shapes). Amounts stay
 * decimal strings; KRW prices arrive as numbers and are turned into decimals with `priceDec`.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
// Types only (erased at build): the client reads exactly the DTOs the server writes.
import type { StakedCoinDto, StakingHistoryDto } from "@/db/queries/staking";
import type { RequestDto } from "@/db/queries/requests";
import type { TransactionDto } from "@/db/queries/transactions";
import type { ProfileDto } from "@/db/queries/users";
import { ApiError, api } from "@/lib/client/api";
import { LOCK_RELEASE_AT, MAX_PRICE_AGE_MS } from "@/lib/constants";
import { D, type Dec } from "@/lib/money";
import type { PriceDto, PriceMapDto } from "@/lib/prices/dto";
import type { CoinDto } from "@/lib/wallet/holdings";
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

export type PriceMap = { prices: Record<string, Dec>; trusted: boolean; stale: boolean; updatedAt: string | null };

/** GET /api/prices: symbol → KRW (as decimals), and whether the prices may be shown at all. */
export function usePrices() {
  return useQuery({
    queryKey: ["prices"],
    queryFn: async (): Promise<PriceMap> => {
      const body = await api<PriceMapDto>("/api/prices");
      const prices: Record<string, Dec> = {};
      for (const [k, v] of Object.entries(body.prices ?? {})) {
        const d = priceDec(v);
        if (d) prices[k.toUpperCase()] = d;
      }
      const updatedAt = body.updatedAt ?? null;
      const age = updatedAt ? Date.now() - new Date(updatedAt).getTime() : 0;
      const trusted = body.usable !== false || body.seeded === true || age <= MAX_PRICE_AGE_MS;
      return { prices, trusted, stale: body.stale === true, updatedAt };
    },
    refetchInterval: 30_000,
  });
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

/** The server's message for a failed call, or the given translated fallback. */
export function useErrorText() {
  const t = useTranslations("Common.errors");
  return (
    err: unknown,
    fallback:
      | "requestFailed"
      | "swapFailed"
      | "transferFailed"
      | "registrationFailed"
      | "saveFailed"
      | "changeFailed"
      | "deletionFailed"
      | "processingFailed"
      | "duplicateCheckFailed"
      | "walletCheckFailed"
      | "balanceCheckFailed" = "requestFailed",
  ) => {
    if (err instanceof ApiError) {
      if (err.code === "NETWORK") return t("serverConnectionFailed");
      if (err.message) return err.message;
      if (err.status >= 500) return t("serverError");
    }
    return t(fallback);
  };
}
