"use client";

/**
 * /admin/audit — `감사 로그`: the audit trail newest first, 20 per page, filtered by actor, target userId,
 * action (every action the app writes, in words: lib/audit-actions.ts) and KST date range (all in the URL); each
 * row says what happened as a sentence and lists the changed fields "before → after" in words
 * (lib/admin/audit-text.ts), with the memo, the address and the time. `CSV 내보내기` exports the current filter
 * in the screen's language (the export is audited too).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { auditSentence, changeRows } from "@/lib/admin/audit-text";
import { AUDIT_ACTIONS, auditActionKey } from "@/lib/audit-actions";
import { api } from "@/lib/client/api";
import { useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader, timeColumn } from "@/components/admin/kit/table";
import { FilterField, Select } from "@/components/admin/kit/fields";
import { ExportButton } from "@/components/admin/kit/buttons";
import { useUrlState } from "@/components/admin/kit/url-state";

type Who = { id?: number; userId?: string | null; role?: string | null } | null | undefined;
type RawRow = {
  id: number;
  actor?: Who;
  target?: Who;
  targetId?: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
  memo?: string | null;
  ip?: string | null;
  at?: string;
  createdAt?: string;
};

const LIMIT = 20;

export function AuditScreen() {
  const t = useTranslations("AdminOps.audit");
  const tc = useTranslations("AdminOps.common");
  const ta = useTranslations("AuditLog");
  const locale = useLocale();
  const errorText = useErrorText();
  const { values, page, set, query } = useUrlState(["actor", "target", "action", "from", "to"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "audit", values, page],
    queryFn: () => api<{ items: RawRow[]; total: number }>(`/api/admin/audit?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const exportQuery = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) exportQuery.set(k, v);
  if (locale === "en") exportQuery.set("lang", "en");
  const items = list.data?.items ?? [];
  const actions = AUDIT_ACTIONS.map((a) => ({ value: a, label: ta(`action.${auditActionKey(a)}`) }));
  const columns: Column<RawRow>[] = [
    timeColumn("at", t("col.at"), (r) => r.at ?? r.createdAt),
    {
      key: "what",
      header: ta("col.what"),
      cell: (r) => (
        <p className="whitespace-normal break-keep sm:w-72" data-testid="audit-sentence">
          {auditSentence(ta, r)}
        </p>
      ),
    },
    { key: "change", header: t("col.change"), cell: (r) => <Changes rows={changeRows(ta, r)} /> },
    {
      key: "memo",
      header: t("col.memo"),
      cell: (r) => <div className="whitespace-normal break-keep sm:w-48">{r.memo || "—"}</div>,
    },
    { key: "ip", header: t("col.ip"), cell: (r) => r.ip ?? "—", cellAttrs: { className: "font-mono text-xs" } },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <ExportButton href={`/api/admin/export/audit?${exportQuery}`} />
      </PageHeader>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <FilterField label={t("actor")} value={values.actor} onCommit={(v) => set({ actor: v })} />
        <FilterField label={t("target")} value={values.target} onCommit={(v) => set({ target: v })} />
        <Select
          label={t("action")}
          value={values.action}
          onChange={(v) => set({ action: v })}
          options={[{ value: "", label: tc("all") }, ...actions]}
          className="col-span-2 lg:col-span-1"
        />
        <FilterField label={t("from")} type="date" value={values.from} onCommit={(v) => set({ from: v })} />
        <FilterField label={t("to")} type="date" value={values.to} onCommit={(v) => set({ to: v })} />
      </div>
      <DataTable
        label={t("title")}
        columns={columns}
        rows={items}
        rowKey={(r) => r.id}
        rowAttrs={(r) => ({ "data-testid": `audit-${r.id}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
    </div>
  );
}

/** The changed fields of one audit row, "field: before → after" in words; "—" when none changed. */
function Changes({ rows }: { rows: ReturnType<typeof changeRows> }) {
  if (rows.length === 0) return "—";
  return (
    <ul className="flex flex-col gap-0.5 sm:w-80 whitespace-normal break-keep text-xs text-gray-700 [overflow-wrap:anywhere]">
      {rows.map((c) => (
        <li key={c.key} data-testid="audit-change">
          <span className="font-medium text-gray-900">{c.field}</span>: {c.before} → {c.after}
        </li>
      ))}
    </ul>
  );
}
