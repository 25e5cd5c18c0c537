"use client";

/**
 * React Query hooks for the public price routes (refetched every 30 s, like the server's feed cache).
 * The query keys are shared with components/member/queries.ts, so Home and Wallet fetch once.
 */
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { ChartDto, PriceDto } from "@/lib/prices/dto";

export type ChartRange = ChartDto["range"];
export const CHART_RANGES: readonly ChartRange[] = ["1d", "1w", "1m"];
export const PRICE_REFETCH_MS = 30_000;

export function useWldPriceQuery() {
  return useQuery({
    queryKey: ["price", "WLD"],
    queryFn: () => api<PriceDto>("/api/price/WLD"),
    refetchInterval: PRICE_REFETCH_MS,
  });
}

export function useWldChartQuery(range: ChartRange) {
  return useQuery({
    queryKey: ["price", "WLD", "chart", range],
    queryFn: () => api<ChartDto>(`/api/price/WLD/chart?range=${range}`),
    refetchInterval: PRICE_REFETCH_MS,
    placeholderData: (previous) => previous,
  });
}
