"use client";

/**
 * What waits for an administrator (GET /api/admin/waiting): the ID documents to review, the members' pending
 * requests and the four-eyes proposals to decide, as the sidebar's badges. Polled every 30 s and on focus, and
 * read again whenever a screen refreshes one of its lists after a decision (an "admin-ops" or "admin" query
 * invalidated), so a badge follows the queue it counts.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { api } from "@/lib/client/api";
import type { WaitingDto } from "@/lib/admin/waiting-dto";

export type WaitingKey = keyof WaitingDto;

export const WAITING_QUERY_KEY = ["admin", "waiting"] as const;

export function useWaiting() {
  const qc = useQueryClient();
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "invalidate") return;
        const head = event.query.queryKey[0];
        const own = head === WAITING_QUERY_KEY[0] && event.query.queryKey[1] === WAITING_QUERY_KEY[1];
        if (!own && (head === "admin-ops" || head === "admin"))
          void qc.invalidateQueries({ queryKey: WAITING_QUERY_KEY });
      }),
    [qc],
  );
  return useQuery({
    queryKey: WAITING_QUERY_KEY,
    queryFn: () => api<WaitingDto>("/api/admin/waiting"),
    refetchInterval: 30_000,
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
}

/**
 * A count pill over the right end of a sidebar link (outside it, so the link's name stays the screen's name), named
 * for screen readers ("요청 3건 대기"); nothing while loading or when nothing waits.
 */
export function WaitingBadge({ kind, count }: { kind: WaitingKey; count: number | undefined }) {
  const t = useTranslations("Admin.shell.waiting");
  if (!count) return null;
  const label = t(kind, { n: count });
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid={`waiting-${kind}`}
      className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold leading-4 text-white tabular-nums"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
