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
import { kstDateTime } from "./format";
import { useErrorText } from "@/components/admin/ui/admin-dialog";
import { Pager } from "@/components/admin/ui/pager";
import { PageHeader, TableBox, td, th, QueryRows } from "@/components/admin/ui/table";
import { ExportButton, FilterField, Select } from "./ops-ui";
import { useUrlState } from "./url-state";

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
  const COLS = 5;
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
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.at")}</th>
            <th className={th}>{ta("col.what")}</th>
            <th className={th}>{t("col.change")}</th>
            <th className={th}>{t("col.memo")}</th>
            <th className={th}>{t("col.ip")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => {
              const changes = changeRows(ta, r);
              return (
                <tr key={r.id} data-testid={`audit-${r.id}`}>
                  <td className={td}>{kstDateTime(r.at ?? r.createdAt)}</td>
                  <td className={td}>
                    <p className="whitespace-normal break-keep sm:w-72" data-testid="audit-sentence">
                      {auditSentence(ta, r)}
                    </p>
                  </td>
                  <td className={td}>
                    {changes.length === 0 ? (
                      "—"
                    ) : (
                      <ul className="flex flex-col gap-0.5 sm:w-80 whitespace-normal break-keep text-xs text-gray-700 [overflow-wrap:anywhere]">
                        {changes.map((c) => (
                          <li key={c.key} data-testid="audit-change">
                            <span className="font-medium text-gray-900">{c.field}</span>: {c.before} → {c.after}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={td}>
                    <div className="whitespace-normal break-keep sm:w-48">{r.memo || "—"}</div>
                  </td>
                  <td className={`${td} font-mono text-xs`}>{r.ip ?? "—"}</td>
                </tr>
              );
            })}
          </QueryRows>
        </tbody>
      </TableBox>
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
    </div>
  );
}
