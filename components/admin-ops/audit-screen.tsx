"use client";

/**
 * /admin/audit — `감사 로그`: the audit trail newest first, 20 per page, filtered by actor, target userId,
 * action and KST date range (all in the URL); each row shows who, what, on whom, before → after, the memo,
 * the address and the time. `CSV 내보내기` exports the current filter (the export is audited too).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api } from "@/lib/client/api";
import { kstDateTime } from "./format";
import { useErrorText } from "@/components/admin/ui/admin-dialog";
import { Pager } from "@/components/admin/ui/pager";
import { PageHeader, TableBox, td, th, QueryRows } from "@/components/admin/ui/table";
import { ExportButton, FilterField, Select } from "./ops-ui";
import { useUrlState } from "./url-state";

type Who = string | { id?: number; userId?: string | null } | null | undefined;
type RawRow = {
  id: number;
  actor?: Who;
  actorUserId?: string | null;
  target?: Who;
  targetUserId?: string | number | null;
  targetId?: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
  memo?: string | null;
  ip?: string | null;
  at?: string;
  createdAt?: string;
};

const handleOf = (w: Who): string | null => (w == null ? null : typeof w === "string" ? w : (w.userId ?? null));

/** The actions an administrator filters by most (the server accepts any action name). */
const ACTIONS = [
  "admin.coin.deposit",
  "admin.coin.unrecorded.deposit",
  "admin.coin.unrecorded.withdraw",
  "admin.transaction.hide",
  "request.approved",
  "request.rejected",
  "request.returned",
  "request.payout_recorded",
  "request.paid",
  "request.payout_failed",
  "request.payout_reorged",
  "bank.statement_upload",
  "bank.line_match",
  "bank.line_dismiss",
  "bank.line_reopen",
  "kyc.approve",
  "kyc.reject",
  "kyc.image.view",
  "member.deactivate",
  "retention.identity.view",
  "retention.image.view",
  "retention.erase",
  "wallet.reset",
  "PHONE_CHANGE",
  "REFCODE_CHANGE",
  "ROLE_CHANGE",
  "PASSWORD_RESET",
  "staking.admin_withdraw",
  "staking.member_rate",
  "staking.interest_deposit",
  "staking.interest_withdraw",
  "staking.product_create",
  "staking.product_update",
  "admin.staking.reward_run",
  "staking.reward_run",
  "admin.export.members",
  "admin.export.requests",
  "admin.export.audit",
  "admin.export.travel_rule",
  "SIGNUP_CODE_CREATE",
  "SIGNUP_CODE_DEACTIVATE",
  "LOGIN_SUCCESS",
  "LOGIN_FAILURE",
  "AUTHZ_DENIED",
];

const LIMIT = 20;

function brief(v: unknown): string {
  if (v === undefined || v === null) return "—";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}

export function AuditScreen() {
  const t = useTranslations("AdminOps.audit");
  const tc = useTranslations("AdminOps.common");
  const errorText = useErrorText();
  const { values, page, set, query } = useUrlState(["actor", "target", "action", "from", "to"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "audit", values, page],
    queryFn: () => api<{ items: RawRow[]; total: number }>(`/api/admin/audit?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const exportQuery = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) exportQuery.set(k, v);
  const items = list.data?.items ?? [];
  const COLS = 7;
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
          options={[{ value: "", label: tc("all") }, ...ACTIONS.map((a) => ({ value: a, label: a }))]}
          className="col-span-2 lg:col-span-1"
        />
        <FilterField label={t("from")} type="date" value={values.from} onCommit={(v) => set({ from: v })} />
        <FilterField label={t("to")} type="date" value={values.to} onCommit={(v) => set({ to: v })} />
      </div>
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.at")}</th>
            <th className={th}>{t("col.actor")}</th>
            <th className={th}>{t("col.action")}</th>
            <th className={th}>{t("col.target")}</th>
            <th className={th}>{t("col.change")}</th>
            <th className={th}>{t("col.memo")}</th>
            <th className={th}>{t("col.ip")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => {
              const target = handleOf(r.target) ?? (r.targetUserId != null ? String(r.targetUserId) : null);
              return (
                <tr key={r.id} data-testid={`audit-${r.id}`}>
                  <td className={td}>{kstDateTime(r.at ?? r.createdAt)}</td>
                  <td className={td}>{handleOf(r.actor) ?? r.actorUserId ?? t("system")}</td>
                  <td className={`${td} font-mono text-xs`}>{r.action}</td>
                  <td className={td}>
                    {target ?? "—"}
                    {r.targetId && <span className="ml-1 text-xs text-gray-600">#{r.targetId}</span>}
                  </td>
                  <td className={td}>
                    <div className="w-72 whitespace-normal break-all text-xs text-gray-700">
                      {r.before === undefined && r.after === undefined ? "—" : `${brief(r.before)} → ${brief(r.after)}`}
                    </div>
                  </td>
                  <td className={td}>
                    <div className="w-48 whitespace-normal break-keep">{r.memo || "—"}</div>
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
