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
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { DataTable, PageHeader } from "@/components/admin/kit/table";
import { FilterField, Select } from "@/components/admin/kit/fields";
import { ExportButton } from "@/components/admin/kit/buttons";
import { BulkDecisionDialog, DecisionDialog } from "./decision-dialogs";
import { type AdminRequest, type Decision, REQUEST_STATUSES, REQUEST_TYPES, type RequestList } from "./model";
import { useRequestColumns } from "./request-columns";
import { useDecide } from "./use-decide";
import { useUrlState } from "@/components/admin/kit/url-state";
import { refreshQueries } from "@/lib/client/refresh";

const LIMIT = 20;

type DialogState =
  | { kind: Decision["action"]; req: AdminRequest }
  | { kind: "bulk"; action: "approve" | "reject"; requests: AdminRequest[] }
  | null;

export function RequestsScreen() {
  const t = useTranslations("AdminOps.requests");
  const tc = useTranslations("AdminOps.common");
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
  const columns = useRequestColumns({
    selected,
    toggle,
    allSelected: allPendingSelected,
    noneSelectable: pending.length === 0,
    toggleAll: () => setSelected(allPendingSelected ? new Set() : new Set(pending.map((r) => r.id))),
    open: setDialog,
  });

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

      <DataTable
        label={t("title")}
        stickyStart={2}
        columns={columns}
        rows={items}
        rowKey={(r) => r.id}
        rowAttrs={(r) => ({
          "data-testid": `request-${r.id}`,
          "data-status": r.status,
          "data-awaiting": r.pendingProposalId !== null,
        })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
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
