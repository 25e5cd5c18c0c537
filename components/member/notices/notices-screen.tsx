"use client";

/**
 * /notices (공지사항): the notices published now, pinned first then newest, each with its category, date (KST)
 * and a "새 공지" mark until the member opens it. Skeleton while loading, an empty state, pages of 20.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { Pager } from "@/components/member/pager";
import { AppLink } from "@/components/ui/app-link";
import { FormAlert } from "@/components/ui/form-alert";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import type { NoticeListPage } from "@/lib/notices/dto";
import { CategoryChip, NewMark } from "./notice-bits";

const PAGE_SIZE = 20;

export const noticesKey = ["notices", "page"] as const;

export function NoticesScreen() {
  const t = useTranslations("Notices");
  const locale = useLocale();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...noticesKey, page, locale],
    queryFn: () => api<NoticeListPage>(`/api/notices?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/settings" backLabel={t("back")} title={t("title")} />
      {q.data && q.data.unread > 0 && (
        <p className="text-sm text-gray-600" aria-live="polite">
          {t("unreadCount", { count: q.data.unread })}
        </p>
      )}
      {q.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={t("loading")} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="skeleton h-16 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : q.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-700 break-keep">
          <p className="font-semibold">{t("empty")}</p>
          <p className="mt-1">{t("emptyHint")}</p>
        </div>
      ) : (
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200" data-testid="notice-list">
          {q.data.items.map((n) => (
            <li key={n.id} data-testid="notice-item" data-unread={n.unread ? "true" : "false"}>
              <AppLink
                href={`/notices/view?id=${n.id}`}
                className={`flex flex-col gap-1 px-3 py-3 hover:bg-gray-50 ${n.unread ? "bg-blue-50/60" : ""}`}
              >
                <span className="flex flex-wrap items-center gap-1.5">
                  {n.pinned && (
                    <span className="text-xs font-semibold text-accent" data-testid="notice-pinned">
                      {t("pinned")}
                    </span>
                  )}
                  <CategoryChip category={n.category} />
                  {n.unread && <NewMark />}
                </span>
                <span
                  className={`block break-keep break-words ${n.unread ? "font-bold" : "font-semibold text-gray-800"}`}
                >
                  {n.title}
                </span>
                <span className="block text-xs text-gray-600">{formatKst(n.publishedFrom, locale)}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </main>
  );
}
