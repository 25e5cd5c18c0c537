"use client";

/**
 * /notices/view?id=N: one notice in the member's language, its body rendered from markdown without any HTML
 * (components/notices/notice-markdown.tsx). Opening it marks it read (the server does, in GET /api/notices/{id});
 * the list and the home banner are refreshed so their "새 공지" marks go. Ended or unknown: a plain message.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { NoticeMarkdown } from "@/components/notices/notice-markdown";
import { AppLink } from "@/components/ui/app-link";
import { FormAlert } from "@/components/ui/form-alert";
import { ApiError, api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import type { NoticeDetail } from "@/lib/notices/dto";
import { CategoryChip } from "./notice-bits";

export function NoticeViewScreen({ id }: { id: number | null }) {
  const t = useTranslations("Notices");
  const locale = useLocale();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["notices", "one", id, locale],
    queryFn: () => api<NoticeDetail>(`/api/notices/${id}`),
    enabled: id !== null,
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });
  useEffect(() => {
    if (q.data?.unread) void qc.invalidateQueries({ queryKey: ["notices"], refetchType: "none" });
  }, [q.data, qc]);
  const missing = id === null || (q.error instanceof ApiError && q.error.status === 404);

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/notices" backLabel={t("back")} title={t("title")} />
      {missing ? (
        <div className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-700 break-keep">
          <p className="font-semibold">{t("notFound")}</p>
          <AppLink href="/notices" className="mt-2 inline-flex min-h-11 items-center font-semibold text-accent">
            {t("toList")}
          </AppLink>
        </div>
      ) : q.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label={t("loading")} aria-busy="true">
          <div className="skeleton h-6 w-3/4" />
          <div className="skeleton h-4 w-1/3" />
          <div className="skeleton h-40 w-full" />
        </div>
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : (
        <article className="flex flex-col gap-3" data-testid="notice-article" aria-labelledby="notice-title">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryChip category={q.data.category} />
            <span className="text-xs text-gray-600">{formatKst(q.data.publishedFrom, locale)}</span>
          </div>
          <h2 id="notice-title" className="text-lg font-bold break-keep break-words">
            {q.data.title}
          </h2>
          <NoticeMarkdown source={q.data.body} className="text-base" />
        </article>
      )}
    </main>
  );
}
