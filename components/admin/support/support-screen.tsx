"use client";

/**
 * /admin/support (1:1 문의): the queue — the longest wait first, each row's SLA clock (hours waited since the
 * member's oldest unanswered message against SUPPORT_SLA_HOURS; 기한 초과 in red and in words), filters by status
 * and by assignee (mine / unassigned) kept in the URL — and one inquiry (`?id=`) with its thread, images and the
 * actions of support.answer: assign, answer, close.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useAdmin } from "@/components/admin/admin-context";
import { useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader } from "@/components/admin/kit/table";
import { Select } from "@/components/admin/kit/fields";
import { useUrlState } from "@/components/admin/kit/url-state";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import type { QueueDto } from "@/lib/support/dto";
import { InquiryDetail } from "./inquiry-detail";
import { AdminStatus, SlaClock } from "./sla";

const LIMIT = 20;
type QueueItem = QueueDto["items"][number];
const STATUSES = ["open", "all", "RECEIVED", "ANSWERING", "ANSWERED", "CLOSED"] as const;
const WHO = ["all", "mine", "unassigned"] as const;
export const QUEUE_KEY = ["admin", "support"] as const;

export function SupportScreen() {
  const t = useTranslations("SupportAdmin");
  const locale = useLocale();
  const errorText = useErrorText();
  const me = useAdmin();
  const url = useUrlState(["status", "who", "id"] as const);
  const status = (STATUSES as readonly string[]).includes(url.values.status) ? url.values.status : "open";
  const who = (WHO as readonly string[]).includes(url.values.who) ? url.values.who : "all";
  const selected = /^\d{1,9}$/.test(url.values.id) ? Number(url.values.id) : null;

  const q = useQuery({
    queryKey: [...QUEUE_KEY, "queue", status, who, url.page, locale],
    queryFn: () => api<QueueDto>(`/api/admin/inquiries?status=${status}&who=${who}&page=${url.page}&limit=${LIMIT}`),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

  if (selected !== null)
    return (
      <InquiryDetail
        id={selected}
        assignees={q.data?.assignees ?? []}
        me={me}
        onBack={() => url.set({ id: null, page: url.page })}
      />
    );

  const columns: Column<QueueItem>[] = [
    {
      key: "subject",
      header: t("col.subject"),
      cellAttrs: { className: "max-w-64" },
      cell: (i) => (
        <button
          type="button"
          className="block max-w-64 truncate text-left font-semibold text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
          title={i.subject}
          aria-label={`${t("open", { id: i.id })}: ${i.subject}`}
          onClick={() => url.set({ id: i.id, page: url.page })}
        >
          {i.subject}
        </button>
      ),
    },
    { key: "id", header: t("col.id"), cellAttrs: { className: "tabular-nums" }, cell: (i) => `#${i.id}` },
    {
      key: "member",
      header: t("col.member"),
      cell: (i) => (
        <>
          {i.member.userId}
          <span className="block text-xs text-gray-600">{formatKst(i.createdAt, locale)}</span>
        </>
      ),
    },
    { key: "category", header: t("col.category"), cell: (i) => t(`category.${i.category}`) },
    { key: "status", header: t("col.status"), cell: (i) => <AdminStatus status={i.status} /> },
    {
      key: "assignee",
      header: t("col.assignee"),
      cell: (i) => i.assignee?.userId ?? <span className="text-gray-600">{t("unassigned")}</span>,
    },
    { key: "waiting", header: t("col.waiting"), cell: (i) => <SlaClock sla={i} /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="text-sm text-gray-700">{t("intro", { hours: q.data?.slaHours ?? 24 })}</p>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">{t("filters")}</legend>
        <Select
          label={t("statusFilter")}
          value={status}
          onChange={(v) => url.set({ status: v === "open" ? null : v })}
          options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Select
          label={t("whoFilter")}
          value={who}
          onChange={(v) => url.set({ who: v === "all" ? null : v })}
          options={WHO.map((w) => ({ value: w, label: t(`who.${w}`) }))}
        />
        {q.data && <p className="pb-2 text-sm text-gray-600 tabular-nums">{t("total", { count: q.data.total })}</p>}
      </fieldset>
      <DataTable
        label={t("title")}
        columns={columns}
        rows={q.data?.items ?? []}
        rowKey={(i) => i.id}
        rowAttrs={(i) => ({ "data-testid": "queue-row", "data-overdue": i.overdue ? "true" : "false" })}
        query={q}
        empty={t("empty")}
        errorText={(e) => errorText(e)}
      />
      {q.data && <Pager page={url.page} total={q.data.total} limit={LIMIT} onPage={(p) => url.set({ page: p })} />}
    </div>
  );
}
