"use client";

/**
 * /support (1:1 문의): the member's inquiries, newest activity first, each with its status chip; the way to a new
 * one. Skeleton while loading, an empty state.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { AppLink } from "@/components/ui/app-link";
import { FormAlert } from "@/components/ui/form-alert";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import type { InquirySummaryDto } from "@/lib/support/dto";
import { StatusChip } from "./status-chip";

export const INQUIRIES_KEY = ["support", "inquiries"] as const;

export function SupportListScreen() {
  const t = useTranslations("Support");
  const locale = useLocale();
  const errorText = useErrorText();
  const q = useQuery({
    queryKey: [...INQUIRIES_KEY, locale],
    queryFn: () => api<{ items: InquirySummaryDto[] }>("/api/inquiries"),
  });

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/settings" backLabel={t("back")} title={t("title")} />
      <p className="text-sm text-gray-700">{t("intro")}</p>
      <AppLink
        href="/support/new"
        className="flex min-h-12 items-center justify-center rounded-xl bg-brand px-4 py-3 font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        data-testid="support-new"
      >
        {t("newInquiry")}
      </AppLink>
      {q.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={t("loading")} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-20 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : q.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-700">
          <p className="font-semibold">{t("empty")}</p>
          <p className="mt-1">{t("emptyHint")}</p>
        </div>
      ) : (
        <ul
          aria-label={t("listLabel")}
          className="divide-y rounded-xl border border-gray-200 divide-gray-200"
          data-testid="inquiry-list"
        >
          {q.data.items.map((i) => (
            <li key={i.id}>
              <AppLink
                href={`/support/view?id=${i.id}`}
                className="flex items-start gap-3 px-3 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
                data-testid="inquiry-item"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-xs text-gray-600">{t(`category.${i.category}`)}</span>
                  <span className="block font-semibold break-words">{i.subject}</span>
                  <span className="mt-1 block text-xs text-gray-600">
                    {t("updatedAt", { time: formatKst(i.updatedAt, locale) })}
                  </span>
                </span>
                <StatusChip status={i.status} />
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
