"use client";

/**
 * /admin/notices — `공지사항`: every notice (live, scheduled, ended), newest written first, filtered by state; writing
 * one, changing one and withdrawing one (게시 중단: the window ends now; the record stays — notices are never
 * deleted). The form and its preview open above the list (components/admin/notices/notice-editor.tsx).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AdminDialog, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { Pill } from "@/components/admin/kit/pill";
import { type Column, DataTable, PageHeader, timeColumn, Truncated } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";
import type { AdminNotice, AdminNoticePage } from "@/lib/notices/dto";
import { emptyForm, formOf, NoticeEditor } from "./notice-editor";
import { Select } from "@/components/admin/kit/fields";

const KEY = ["admin-ops", "notices"];
const LIMIT = 20;
const STATE_TONE = {
  live: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  scheduled: "bg-blue-50 text-blue-800 ring-blue-200",
  ended: "bg-gray-100 text-gray-700 ring-gray-200",
} as const;

type Editing = { notice: AdminNotice | null; key: number };

export function NoticesScreen() {
  const t = useTranslations("NoticesAdmin");
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [state, setState] = useState<"" | AdminNotice["state"]>("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminNotice | null>(null);
  const list = useQuery({
    queryKey: [...KEY, state, page],
    queryFn: () =>
      api<AdminNoticePage>(`/api/admin/notices?page=${page}&limit=${LIMIT}${state ? `&state=${state}` : ""}`),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const refresh = () => refreshQueries(qc, { queryKey: KEY });

  async function withdraw(memo: string) {
    if (!withdrawing) return;
    await api(`/api/admin/notices/${withdrawing.id}`, { method: "DELETE", headers: memoHeaders(memo) });
    setWithdrawing(null);
    toast(t("withdrawn"), { kind: "success" });
    await refresh();
  }

  const columns: Column<AdminNotice>[] = [
    {
      key: "title",
      header: t("col.title"),
      cellAttrs: { className: "font-medium" },
      cell: (n) => (
        <>
          <span className="mr-1 text-xs text-gray-600 tabular-nums">#{n.id}</span>
          <Truncated text={n.titleKo} max="max-w-[16rem]" />
        </>
      ),
    },
    { key: "category", header: t("col.category"), cell: (n) => t(`categories.${n.category}`) },
    {
      key: "state",
      header: t("col.state"),
      cell: (n) => <Pill tone={STATE_TONE[n.state]}>{t(`states.${n.state}`)}</Pill>,
    },
    { key: "pinned", header: t("col.pinned"), cell: (n) => (n.pinned ? t("yes") : "—") },
    timeColumn("from", t("col.from"), (n) => n.publishedFrom),
    timeColumn("until", t("col.until"), (n) => n.publishedUntil, { empty: t("none") }),
    {
      key: "actions",
      header: t("col.actions"),
      cell: (n) => (
        <span className="inline-flex gap-1">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t("editOf", { title: n.titleKo })}
            onClick={() => setEditing({ notice: n, key: Date.now() })}
          >
            {t("edit")}
          </Button>
          {n.state !== "ended" && (
            <Button
              size="sm"
              variant="danger"
              aria-label={t("withdrawOf", { title: n.titleKo })}
              onClick={() => setWithdrawing(n)}
            >
              {t("withdraw")}
            </Button>
          )}
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <Button size="sm" onClick={() => setEditing({ notice: null, key: Date.now() })}>
          {t("new")}
        </Button>
      </PageHeader>
      <p className="max-w-3xl break-keep text-sm text-gray-600">{t("subtitle")}</p>
      {editing && (
        <NoticeEditor
          key={editing.key}
          editing={editing.notice}
          initial={editing.notice ? formOf(editing.notice) : emptyForm()}
          onCancel={() => setEditing(null)}
          onDone={async () => {
            toast(editing.notice ? t("saved") : t("created"), { kind: "success" });
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t("filter")}
          value={state}
          onChange={(v) => {
            setState(v as typeof state);
            setPage(1);
          }}
          options={[
            { value: "", label: t("all") },
            { value: "live", label: t("states.live") },
            { value: "scheduled", label: t("states.scheduled") },
            { value: "ended", label: t("states.ended") },
          ]}
        />
      </div>
      <DataTable
        label={t("title")}
        columns={columns}
        rows={items}
        rowKey={(n) => n.id}
        rowAttrs={(n) => ({ "data-testid": `notice-row-${n.id}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      <Pager page={page} total={list.data?.total ?? 0} limit={LIMIT} onPage={setPage} />
      {withdrawing && (
        <AdminDialog
          open
          danger
          title={t("withdrawOf", { title: withdrawing.titleKo })}
          confirmLabel={t("withdraw")}
          onClose={() => setWithdrawing(null)}
          onConfirm={withdraw}
        >
          <p className="text-sm break-keep">{t("withdrawConfirm")}</p>
        </AdminDialog>
      )}
    </div>
  );
}
