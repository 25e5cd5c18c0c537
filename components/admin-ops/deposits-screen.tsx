"use client";

/**
 * /admin/deposits — `입출금 요청`: every deposit, withdraw and transfer request (PENDING first, oldest first),
 * filtered by type and status in the URL. `승인` / `반려` go through PATCH /api/admin/requests/{id} with an
 * Idempotency-Key that a repeated click reuses (and the button is disabled while the call runs), so a double
 * click decides once; the row updates in place. Pending rows can be selected and decided together after one
 * confirmation, with a result per request. An EXPIRED deposit is approved with the KRW actually received. A deposit
 * whose approval became a four-eyes proposal reads `승인 대기` and links to /admin/approvals, where another
 * administrator decides it; it cannot be approved again here (it can still be rejected, which cancels the proposal).
 * A transfer/withdraw with a Travel Rule record carries a `트래블룰` badge and shows the recipient's details in its
 * dialogs; a PENDING one the receiving exchange refused is recorded with `반환 처리` and a reason (반환됨).
 * A deposit shows its 입금자명 and whether a bank statement line matched it (/admin/deposits/bank). An APPROVED
 * transfer/withdraw is still to be sent: `송금 완료 처리` records the transaction hash (SENDING, then PAID), `송금 실패
 * 처리` refunds it with a reason (FAILED); a recorded hash shows shortened with its block explorer link, and
 * `확인 불가` when no RPC endpoint could check it. The search finds a member's ID or name or a 입금자명.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { ageOf, kstDateTime, krw, wld } from "./format";
import { useErrorText } from "@/components/admin/ui/admin-dialog";
import { Pager } from "@/components/admin/ui/pager";
import { PageHeader, QueryRows, TableBox, Truncated, td, tdNum, th, thNum } from "@/components/admin/ui/table";
import { CopyButton, ExportButton, FilterField, Select } from "./ops-ui";
import { AwaitingBadge, DepositProof, PayoutProof, StatusBadge } from "./requests/badges";
import { BulkDecisionDialog, DecisionDialog } from "./requests/decision-dialogs";
import { type AdminRequest, type Decision, REQUEST_STATUSES, REQUEST_TYPES, type RequestList } from "./requests/model";
import { TravelRuleBadge } from "./requests/travel-rule-details";
import { useDecide } from "./requests/use-decide";
import { useUrlState } from "./url-state";
import { refreshQueries } from "@/lib/client/refresh";
import { useNetworkName } from "./words";

const LIMIT = 20;

type DialogState =
  | { kind: Decision["action"]; req: AdminRequest }
  | { kind: "bulk"; action: "approve" | "reject"; requests: AdminRequest[] }
  | null;

export function DepositsScreen() {
  const t = useTranslations("AdminOps.requests");
  const tc = useTranslations("AdminOps.common");
  const networkName = useNetworkName();
  const locale = useLocale();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const { values, page, set, query } = useUrlState(["type", "status", "search"] as const);
  const listKey = ["admin-ops", "requests", values.type, values.status, values.search, page];
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => api<RequestList>(`/api/admin/requests?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const decide = useDecide(listKey);

  const items = list.data?.items ?? [];
  const pending = items.filter((r) => r.status === "PENDING");

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const allPendingSelected = pending.length > 0 && pending.every((r) => selected.has(r.id));
  const chosen = pending.filter((r) => selected.has(r.id));

  const exportQuery = new URLSearchParams();
  if (values.type) exportQuery.set("type", values.type);
  if (values.status) exportQuery.set("status", values.status);
  if (values.search) exportQuery.set("search", values.search);
  if (locale === "en") exportQuery.set("lang", "en"); // the CSV's headers in the screen's language
  const COLS = 14;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <ExportButton href={`/api/admin/export/requests?${exportQuery}`} />
      </PageHeader>

      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs font-medium text-gray-600">{t("typeFilter")}</legend>
          <div className="flex flex-wrap gap-1">
            {[{ value: "", label: tc("all") }, ...REQUEST_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))].map(
              (o) => (
                <button
                  key={o.value || "all"}
                  type="button"
                  aria-pressed={values.type === o.value}
                  onClick={() => set({ type: o.value })}
                  className={`rounded-full border px-3 py-1.5 text-sm ${
                    values.type === o.value
                      ? "border-gray-900 bg-gray-900 text-white"
                      : "border-gray-300 bg-white text-gray-800"
                  }`}
                >
                  {o.label}
                </button>
              ),
            )}
          </div>
        </fieldset>
        <Select
          label={t("statusFilter")}
          value={values.status}
          onChange={(v) => set({ status: v })}
          options={[
            { value: "", label: tc("all") },
            ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <FilterField label={t("search")} value={values.search} onCommit={(v) => set({ search: v })} />
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={chosen.length === 0}
            onClick={() => setDialog({ kind: "bulk", action: "approve", requests: chosen })}
          >
            {t("bulkApprove", { n: chosen.length })}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={chosen.length === 0}
            onClick={() => setDialog({ kind: "bulk", action: "reject", requests: chosen })}
          >
            {t("bulkReject", { n: chosen.length })}
          </Button>
        </div>
      </div>

      <TableBox label={t("title")} stickyStart={2}>
        <thead>
          <tr>
            <th className={th}>
              <input
                type="checkbox"
                aria-label={t("selectAll")}
                checked={allPendingSelected}
                disabled={pending.length === 0}
                onChange={() => setSelected(allPendingSelected ? new Set() : new Set(pending.map((r) => r.id)))}
              />
            </th>
            <th className={th}>{t("col.member")}</th>
            <th className={th}>{t("col.type")}</th>
            <th className={th}>{t("col.coin")}</th>
            <th className={thNum}>{t("col.amount")}</th>
            <th className={thNum}>{t("col.fee")}</th>
            <th className={thNum}>{t("col.total")}</th>
            <th className={thNum}>{t("col.krw")}</th>
            <th className={th}>{t("col.network")}</th>
            <th className={th}>{t("col.exchange")}</th>
            <th className={th}>{t("col.address")}</th>
            <th className={th}>{t("col.status")}</th>
            <th className={th}>{t("col.age")}</th>
            <th className={th}>{t("col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => {
              const w = r.wallet;
              const age = ageOf(r.createdAt);
              const decidable = r.status === "PENDING" || r.status === "EXPIRED";
              const awaiting = r.pendingProposalId !== null;
              return (
                <tr key={r.id} data-testid={`request-${r.id}`} data-status={r.status} data-awaiting={awaiting}>
                  <td className={td}>
                    {r.status === "PENDING" && (
                      <input
                        type="checkbox"
                        aria-label={t("select", { id: r.id, userId: r.user.userId })}
                        checked={selected.has(r.id)}
                        onChange={() => toggle(r.id)}
                      />
                    )}
                  </td>
                  <td className={td}>
                    <span className="font-medium">{r.user.userId}</span>
                    <Truncated text={r.user.name} max="max-w-[8rem]" className="ml-1 text-xs text-gray-500" />
                    {r.deposit && <DepositProof req={r} />}
                  </td>
                  <td className={td}>
                    {t(`type.${r.type}`)}
                    {r.travelRule && <TravelRuleBadge />}
                  </td>
                  <td className={td}>{r.coinSymbol}</td>
                  <td className={tdNum}>{wld(r.amount, locale, true)}</td>
                  <td className={tdNum}>{wld(r.fee, locale, true)}</td>
                  <td className={tdNum}>{wld(r.total, locale, true)}</td>
                  <td className={tdNum}>{r.krwValue ? `₩${krw(r.krwValue, locale)}` : "—"}</td>
                  <td className={td}>{networkName(w?.network)}</td>
                  <td className={td}>{w?.exchange || "—"}</td>
                  <td className={td}>
                    {w?.address ? (
                      <span className="inline-flex items-center gap-1">
                        <span className="font-mono text-xs" title={w.address}>
                          {w.address.length > 14 ? `${w.address.slice(0, 8)}…${w.address.slice(-4)}` : w.address}
                        </span>
                        <CopyButton text={w.address} label={t("copyAddress", { id: r.id })} />
                      </span>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={td}>
                    <StatusBadge status={r.status} label={t(`status.${r.status}`)} />
                    {awaiting && <AwaitingBadge label={t("awaitingApproval")} hint={t("awaitingApprovalHint")} />}
                    {r.reason && <span className="ml-1 text-xs text-gray-500">{r.reason}</span>}
                    {r.payout && <PayoutProof req={r} />}
                  </td>
                  <td className={td}>
                    <span className="block">{t(`age.${age.unit}`, { n: age.n })}</span>
                    <span className="block text-xs text-gray-600">{kstDateTime(r.createdAt)}</span>
                  </td>
                  <td className={td}>
                    {r.status === "APPROVED" && r.type !== "DEPOSIT" && (
                      <span className="inline-flex flex-wrap gap-1">
                        <Button
                          size="sm"
                          onClick={() => setDialog({ kind: "payout", req: r })}
                          aria-describedby={`req-${r.id}-who`}
                        >
                          {t("payout")}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setDialog({ kind: "fail", req: r })}
                          aria-describedby={`req-${r.id}-who`}
                        >
                          {t("fail")}
                        </Button>
                        <span id={`req-${r.id}-who`} hidden>
                          {t("rowDescription", { id: r.id, userId: r.user.userId })}
                        </span>
                      </span>
                    )}
                    {decidable && (
                      <span className="inline-flex gap-1">
                        {awaiting ? (
                          <Link
                            href="/admin/approvals?status=PENDING"
                            className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-blue-700 underline underline-offset-2"
                            aria-describedby={`req-${r.id}-who`}
                          >
                            {t("openApprovals")}
                          </Link>
                        ) : (
                          <Button
                            size="sm"
                            onClick={() => setDialog({ kind: "approve", req: r })}
                            aria-describedby={`req-${r.id}-who`}
                          >
                            {t("approve")}
                          </Button>
                        )}
                        {r.status === "PENDING" && (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setDialog({ kind: "reject", req: r })}
                            aria-describedby={`req-${r.id}-who`}
                          >
                            {t("reject")}
                          </Button>
                        )}
                        {r.status === "PENDING" && r.type !== "DEPOSIT" && (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setDialog({ kind: "return", req: r })}
                            aria-describedby={`req-${r.id}-who`}
                          >
                            {t("return")}
                          </Button>
                        )}
                        <span id={`req-${r.id}-who`} hidden>
                          {t("rowDescription", { id: r.id, userId: r.user.userId })}
                        </span>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </QueryRows>
        </tbody>
      </TableBox>
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}

      {dialog && dialog.kind !== "bulk" && (
        <DecisionDialog req={dialog.req} action={dialog.kind} decide={decide} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "bulk" && (
        <BulkDecisionDialog
          action={dialog.action}
          requests={dialog.requests}
          decide={decide}
          onClose={(decided) => {
            setDialog(null);
            if (decided) {
              setSelected(new Set());
              void refreshQueries(qc, { queryKey: ["admin-ops", "requests"] });
            }
          }}
        />
      )}
    </div>
  );
}
