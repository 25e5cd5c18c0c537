"use client";

/**
 * /notifications: the member's inbox, newest first, in their language (rendered by the
 * server at read time). Each unread item can be marked read on its own (읽음 표시) or all at once (모두 읽음);
 * opening an item marks it read and goes to the screen it concerns. Skeleton while loading, an empty state.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { Pager } from "@/components/member/pager";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import { unreadKey } from "./notification-bell";
import { refreshQueries } from "@/lib/client/refresh";

const PAGE_SIZE = 20;

type Item = {
  id: number;
  kind: string;
  title: string;
  body: string;
  href: string;
  /** A second link beside it (the new-device login's "Not you? Lock your account"). */
  action?: { label: string; href: string };
  createdAt: string;
  readAt: string | null;
};
type Page = { items: Item[]; total: number; unread: number; page: number; limit: number };

export function NotificationsScreen() {
  const t = useTranslations("Notifications");
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ["notifications", "page", page, locale],
    queryFn: () => api<Page>(`/api/notifications?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const refresh = (unread: number) => {
    qc.setQueryData(unreadKey, { unread });
    return refreshQueries(qc, { queryKey: ["notifications", "page"] });
  };
  const readOne = useMutation({
    mutationFn: (id: number) => api<{ unread: number }>(`/api/notifications/${id}/read`, { method: "POST" }),
    onSuccess: (r) => refresh(r.unread),
  });
  const readAll = useMutation({
    mutationFn: () => api<{ unread: number }>("/api/notifications/read-all", { method: "POST" }),
    onSuccess: async (r) => {
      await refresh(r.unread);
      toast(t("allRead"));
    },
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));
  const unread = q.data?.unread ?? 0;

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/home" backLabel={t("back")} title={t("title")} />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-gray-600" aria-live="polite">
          {q.data ? `${t("unread")} ${unread}` : ""}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={!q.data || unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          {t("markAllRead")}
        </Button>
      </div>
      {readAll.isError && <FormAlert>{errorText(readAll.error)}</FormAlert>}
      {readOne.isError && <FormAlert>{errorText(readOne.error)}</FormAlert>}

      {q.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={t("loading")} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
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
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200" data-testid="notification-list">
          {q.data.items.map((n) => {
            const isUnread = n.readAt === null;
            return (
              <li
                key={n.id}
                className={`flex items-start gap-3 px-3 py-3 ${isUnread ? "bg-blue-50/60" : ""}`}
                data-testid="notification-item"
                data-unread={isUnread ? "true" : "false"}
              >
                <span
                  aria-hidden="true"
                  className={`mt-2 h-2 w-2 shrink-0 rounded-full ${isUnread ? "bg-red-600" : "bg-transparent"}`}
                />
                <div className="min-w-0 flex-1">
                  <AppLink
                    href={n.href}
                    onClick={() => {
                      if (isUnread) readOne.mutate(n.id);
                    }}
                    className="block"
                  >
                    <span className={`block ${isUnread ? "font-bold" : "font-semibold text-gray-800"}`}>
                      {isUnread && <span className="sr-only">{t("unread")}: </span>}
                      {n.title}
                    </span>
                    <span className="mt-0.5 block text-sm break-words text-gray-700">{n.body}</span>
                    <span className="mt-1 block text-xs text-gray-600">{formatKst(n.createdAt, locale)}</span>
                  </AppLink>
                  {n.action && (
                    <AppLink
                      href={n.action.href}
                      className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-rose-700 underline underline-offset-2"
                      data-testid="notification-action"
                    >
                      {n.action.label}
                    </AppLink>
                  )}
                </div>
                {isUnread && (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="shrink-0"
                    aria-label={t("markReadOf", { title: n.title })}
                    loading={readOne.isPending && readOne.variables === n.id}
                    onClick={() => readOne.mutate(n.id)}
                  >
                    {t("markRead")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </main>
  );
}
