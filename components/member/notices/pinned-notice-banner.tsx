"use client";

/**
 * The home screen's banner for the newest pinned notice published now (loaded lazily by /home, so the page's
 * first load does not carry it: docs/benchmarks.md budget). Nothing shows while loading, on an error, or when
 * no notice is pinned. A "새 공지" mark until the member opens it.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { api } from "@/lib/client/api";
import type { NoticeListPage } from "@/lib/notices/dto";

export default function PinnedNoticeBanner() {
  const t = useTranslations("Notices");
  const locale = useLocale();
  const q = useQuery({
    queryKey: ["notices", "page", "pinned", locale],
    queryFn: () => api<NoticeListPage>("/api/notices?limit=1"),
    staleTime: 60_000,
  });
  const n = q.data?.items[0];
  if (!n?.pinned) return null;
  return (
    <AppLink
      href={`/notices/view?id=${n.id}`}
      className="flex min-h-11 items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 hover:bg-amber-100"
      data-testid="home-notice-banner"
    >
      <span className="shrink-0 font-bold">{t("banner")}</span>
      <span className="min-w-0 flex-1 truncate">{n.title}</span>
      {n.unread && (
        <span className="shrink-0 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white" data-testid="notice-new">
          {t("new")}
        </span>
      )}
    </AppLink>
  );
}
