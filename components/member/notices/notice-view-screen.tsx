"use client";

/**
 * /notices/view?id=N: one notice in the member's language, its body rendered from markdown without any HTML
 * (components/notices/notice-markdown.tsx). Opening it marks it read (the server does, in GET /api/notices/{id});
 * the list and the home banner are refreshed so their "새 공지" marks go. Ended or unknown: a plain message.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { retryUnlessMissing, ViewScreen } from "@/components/member/view-screen";
import { NoticeMarkdown } from "@/components/notices/notice-markdown";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import type { NoticeDetail } from "@/lib/notices/dto";
import { CategoryChip } from "./notice-bits";

/** The notice's list, the keys of the view's words and its loading shapes (components/member/view-screen.tsx). */
const VIEW = {
  listHref: "/notices",
  keys: { title: "title", toList: "toList" },
  skeleton: ["h-6 w-3/4", "h-4 w-1/3", "h-40 w-full"],
};

export function NoticeViewScreen({ id }: { id: number | null }) {
  const t = useTranslations("Notices");
  const locale = useLocale();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["notices", "one", id, locale],
    queryFn: () => api<NoticeDetail>(`/api/notices/${id}`),
    enabled: id !== null,
    retry: retryUnlessMissing,
  });
  useEffect(() => {
    if (q.data?.unread) void qc.invalidateQueries({ queryKey: ["notices"], refetchType: "none" });
  }, [q.data, qc]);

  return (
    <ViewScreen id={id} query={q} t={t} {...VIEW}>
      {(n) => (
        <article className="flex flex-col gap-3" data-testid="notice-article" aria-labelledby="notice-title">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryChip category={n.category} />
            <span className="text-xs text-gray-600">{formatKst(n.publishedFrom, locale)}</span>
          </div>
          <h2 id="notice-title" className="text-lg font-bold break-keep break-words">
            {n.title}
          </h2>
          <NoticeMarkdown source={n.body} className="text-base" />
        </article>
      )}
    </ViewScreen>
  );
}
