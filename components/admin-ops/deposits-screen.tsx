"use client";

/**
 * /admin/deposits — `입출금 요청`: every deposit, withdraw and transfer request (PENDING first, oldest first),
 * filtered by type and status in the URL. `승인` / `반려` go through PATCH /api/admin/requests/{id} with an
 * Idempotency-Key that a repeated click reuses (and the button is disabled while the call runs), so a double
 * click decides once; the row updates in place. Pending rows can be selected and decided together after one
 * confirmation, with a result per request. An EXPIRED deposit is approved with the KRW actually received.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { ApiError, api, newIdempotencyKey } from "@/lib/client/api";
import { ageOf, kstDateTime, krw, splitWallet, times, wld } from "./format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/ui/admin-dialog";
import { TextArea } from "@/components/admin/ui/fields";
import { Pager } from "@/components/admin/ui/pager";
import { MessageRow, PageHeader, SkeletonRows, TableBox, td, tdNum, th, thNum } from "@/components/admin/ui/table";
import { CopyButton, ExportButton, Select } from "./ops-ui";
import { useUrlState } from "./url-state";

type Status = "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED" | "EXPIRED";
type ReqType = "DEPOSIT" | "WITHDRAW" | "TRANSFER";
export type AdminRequest = {
  id: number;
  type: ReqType;
  coinSymbol: string;
  amount: string;
  fee: string;
  total: string;
  krwAmount: string | null;
  priceKrw: string | null;
  /** KRW value at request time when the server computes it (transfers/withdrawals: total × stored price). */
  krwValue?: string | null;
  walletAddr?: string | null;
  /** The address already split by the server (network and exchange may be missing on an old-format text). */
  wallet?: { network: string | null; exchange: string | null; address: string } | null;
  status: Status;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  user: { id: number; userId: string; name: string };
};
type ListAnswer = { items: AdminRequest[]; total: number };
type Decision = { action: "approve" | "reject"; reason?: string; krwReceived?: string };

const LIMIT = 20;
const TYPES: ReqType[] = ["DEPOSIT", "WITHDRAW", "TRANSFER"];
const STATUSES: Status[] = ["PENDING", "APPROVED", "REJECTED", "CANCELLED", "EXPIRED"];

const krwValueOf = (r: AdminRequest) =>
  r.krwValue ?? (r.type === "DEPOSIT" ? r.krwAmount : null) ?? times(r.total, r.priceKrw) ?? r.krwAmount;

type DialogState =
  | { kind: "approve"; req: AdminRequest }
  | { kind: "reject"; req: AdminRequest }
  | { kind: "bulk"; action: "approve" | "reject"; ids: number[] }
  | null;

export function DepositsScreen() {
  const t = useTranslations("AdminOps.requests");
  const tc = useTranslations("AdminOps.common");
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const { values, page, set, query } = useUrlState(["type", "status"] as const);
  const listKey = ["admin-ops", "requests", values.type, values.status, page];
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => api<ListAnswer>(`/api/admin/requests?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [reason, setReason] = useState("");
  const [krwReceived, setKrwReceived] = useState("");
  const [results, setResults] = useState<{ id: number; ok: boolean; text: string }[] | null>(null);
  // One key per request and decision: a retried click (or a double click) sends the same key, so the server
  // answers the first result instead of deciding twice. A definitive answer retires the key.
  const keys = useRef(new Map<string, string>());

  const items = list.data?.items ?? [];
  const pending = items.filter((r) => r.status === "PENDING");

  function keyFor(id: number, d: Decision) {
    const k = `${id}:${d.action}:${d.krwReceived ?? ""}`;
    let key = keys.current.get(k);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(k, key);
    }
    return { k, key };
  }

  async function decide(id: number, d: Decision, memo: string): Promise<AdminRequest> {
    const { k, key } = keyFor(id, d);
    try {
      const res = await api<{ request: Partial<AdminRequest> }>(`/api/admin/requests/${id}`, {
        method: "PATCH",
        body: d,
        idempotencyKey: key,
        headers: memoHeaders(memo),
      });
      keys.current.delete(k);
      const updated = patchRow(id, res.request);
      return updated ?? (res.request as AdminRequest);
    } catch (e) {
      // A network failure may have reached the server: keep the key so a retry replays, not repeats.
      if (!(e instanceof ApiError && e.status === 0)) keys.current.delete(k);
      throw e;
    }
  }

  function patchRow(id: number, changes: Partial<AdminRequest>): AdminRequest | undefined {
    let merged: AdminRequest | undefined;
    qc.setQueryData<ListAnswer>(listKey, (old) =>
      old
        ? {
            ...old,
            items: old.items.map((r) => {
              if (r.id !== id) return r;
              merged = { ...r, ...changes, user: r.user, wallet: r.wallet } as AdminRequest;
              return merged;
            }),
          }
        : old,
    );
    return merged;
  }

  function open(d: DialogState) {
    setReason("");
    setKrwReceived("");
    setResults(null);
    setDialog(d);
  }
  const close = () => {
    setDialog(null);
    if (results) {
      setSelected(new Set());
      void qc.invalidateQueries({ queryKey: ["admin-ops", "requests"] });
    }
  };

  async function confirmSingle(memo: string) {
    if (!dialog || dialog.kind === "bulk") return;
    const { req } = dialog;
    let d: Decision;
    if (dialog.kind === "reject") {
      if (!reason.trim()) {
        throw new InputProblem(t("reasonRequired"));
      }
      d = { action: "reject", reason: reason.trim() };
    } else if (req.status === "EXPIRED") {
      if (!/^[1-9]\d{0,14}$/.test(krwReceived.trim())) {
        throw new InputProblem(t("krwReceivedInvalid"));
      }
      d = { action: "approve", krwReceived: krwReceived.trim() };
    } else d = { action: "approve" };
    await decide(req.id, d, memo);
    setDialog(null);
    toast(dialog.kind === "approve" ? t("approvedToast", { id: req.id }) : t("rejectedToast", { id: req.id }), {
      kind: "success",
    });
  }

  async function confirmBulk(memo: string) {
    if (dialog?.kind !== "bulk") return;
    if (dialog.action === "reject" && !reason.trim()) {
      throw new InputProblem(t("reasonRequired"));
    }
    const out: { id: number; ok: boolean; text: string }[] = [];
    // One at a time: each request is its own exactly-once decision; a failure does not stop the rest.
    for (const id of dialog.ids) {
      try {
        await decide(
          id,
          dialog.action === "reject" ? { action: "reject", reason: reason.trim() } : { action: "approve" },
          memo,
        );
        out.push({ id, ok: true, text: dialog.action === "approve" ? t("status.APPROVED") : t("status.REJECTED") });
      } catch (e) {
        out.push({ id, ok: false, text: errorText(e) });
      }
      setResults([...out]);
    }
    const ok = out.filter((r) => r.ok).length;
    toast(t("bulkToast", { ok, failed: out.length - ok }), { kind: ok === out.length ? "success" : "error" });
  }

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const allPendingSelected = pending.length > 0 && pending.every((r) => selected.has(r.id));
  const chosen = pending.filter((r) => selected.has(r.id)).map((r) => r.id);

  const exportQuery = new URLSearchParams();
  if (values.type) exportQuery.set("type", values.type);
  if (values.status) exportQuery.set("status", values.status);
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
            {[{ value: "", label: tc("all") }, ...TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))].map((o) => (
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
            ))}
          </div>
        </fieldset>
        <Select
          label={t("statusFilter")}
          value={values.status}
          onChange={(v) => set({ status: v })}
          options={[{ value: "", label: tc("all") }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={chosen.length === 0}
            onClick={() => open({ kind: "bulk", action: "approve", ids: chosen })}
          >
            {t("bulkApprove", { n: chosen.length })}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={chosen.length === 0}
            onClick={() => open({ kind: "bulk", action: "reject", ids: chosen })}
          >
            {t("bulkReject", { n: chosen.length })}
          </Button>
        </div>
      </div>

      <TableBox label={t("title")}>
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
          {list.isPending ? (
            <SkeletonRows cols={COLS} />
          ) : list.isError ? (
            <MessageRow cols={COLS}>{errorText(list.error)}</MessageRow>
          ) : items.length === 0 ? (
            <MessageRow cols={COLS}>{t("empty")}</MessageRow>
          ) : (
            items.map((r) => {
              const w = r.wallet ?? splitWallet(r.walletAddr);
              const age = ageOf(r.createdAt);
              const decidable = r.status === "PENDING" || r.status === "EXPIRED";
              return (
                <tr key={r.id} data-testid={`request-${r.id}`} data-status={r.status}>
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
                    <span className="ml-1 text-xs text-gray-500">{r.user.name}</span>
                  </td>
                  <td className={td}>{t(`type.${r.type}`)}</td>
                  <td className={td}>{r.coinSymbol}</td>
                  <td className={tdNum}>{wld(r.amount, locale, true)}</td>
                  <td className={tdNum}>{wld(r.fee, locale, true)}</td>
                  <td className={tdNum}>{wld(r.total, locale, true)}</td>
                  <td className={tdNum}>{krwValueOf(r) ? `₩${krw(krwValueOf(r), locale)}` : "—"}</td>
                  <td className={td}>{w?.network || "—"}</td>
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
                    {r.reason && <span className="ml-1 text-xs text-gray-500">{r.reason}</span>}
                  </td>
                  <td className={td}>
                    <span className="block">{t(`age.${age.unit}`, { n: age.n })}</span>
                    <span className="block text-xs text-gray-600">{kstDateTime(r.createdAt)}</span>
                  </td>
                  <td className={td}>
                    {decidable && (
                      <span className="inline-flex gap-1">
                        <Button
                          size="sm"
                          onClick={() => open({ kind: "approve", req: r })}
                          aria-describedby={`req-${r.id}-who`}
                        >
                          {t("approve")}
                        </Button>
                        {r.status === "PENDING" && (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => open({ kind: "reject", req: r })}
                            aria-describedby={`req-${r.id}-who`}
                          >
                            {t("reject")}
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
            })
          )}
        </tbody>
      </TableBox>
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}

      {dialog && dialog.kind !== "bulk" && (
        <AdminDialog
          open
          title={dialog.kind === "approve" ? t("approveTitle") : t("rejectTitle")}
          danger={dialog.kind === "reject"}
          onClose={close}
          onConfirm={confirmSingle}
        >
          {requestSummary(dialog.req)}
          {dialog.kind === "approve" && dialog.req.status === "EXPIRED" && (
            <>
              <p className="text-sm text-amber-700">{t("expiredHint")}</p>
              <Input
                label={t("krwReceived")}
                inputMode="numeric"
                autoComplete="off"
                value={krwReceived}
                onChange={(e) => setKrwReceived(e.target.value)}
              />
            </>
          )}
          {dialog.kind === "reject" && <TextArea label={t("reason")} value={reason} onChange={setReason} />}
        </AdminDialog>
      )}

      {dialog?.kind === "bulk" && (
        <AdminDialog
          open
          title={dialog.action === "approve" ? t("bulkApproveTitle") : t("bulkRejectTitle")}
          danger={dialog.action === "reject"}
          onClose={close}
          onConfirm={confirmBulk}
          done={results !== null && results.length === dialog.ids.length}
        >
          <p className="text-sm">{t("bulkConfirm", { n: dialog.ids.length })}</p>
          {dialog.action === "reject" && results === null && (
            <TextArea label={t("reason")} value={reason} onChange={setReason} />
          )}
          {results && (
            <ul aria-label={t("results")} className="flex flex-col gap-1 text-sm" data-testid="bulk-results">
              {results.map((r) => (
                <li key={r.id} data-ok={r.ok} className={r.ok ? "text-emerald-700" : "text-rose-700"}>
                  #{r.id} {items.find((i) => i.id === r.id)?.user.userId ?? ""}: {r.ok ? "✓" : "✕"} {r.text}
                </li>
              ))}
            </ul>
          )}
        </AdminDialog>
      )}
    </div>
  );

  function requestSummary(req: AdminRequest) {
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm tabular-nums">
        <dt className="text-gray-500">{t("col.member")}</dt>
        <dd>
          {req.user.userId} ({req.user.name})
        </dd>
        <dt className="text-gray-500">{t("col.type")}</dt>
        <dd>
          {t(`type.${req.type}`)} #{req.id}
        </dd>
        <dt className="text-gray-500">{t("col.amount")}</dt>
        <dd>
          {wld(req.amount, locale, true)} {req.coinSymbol}
        </dd>
        <dt className="text-gray-500">{t("col.total")}</dt>
        <dd>
          {wld(req.total, locale, true)} {req.coinSymbol}
        </dd>
        {krwValueOf(req) && (
          <>
            <dt className="text-gray-500">{t("col.krw")}</dt>
            <dd>₩{krw(krwValueOf(req), locale)}</dd>
          </>
        )}
      </dl>
    );
  }
}

function StatusBadge({ status, label }: { status: Status; label: string }) {
  const tone: Record<Status, string> = {
    PENDING: "bg-amber-100 text-amber-900",
    APPROVED: "bg-emerald-100 text-emerald-900",
    REJECTED: "bg-rose-100 text-rose-900",
    CANCELLED: "bg-gray-100 text-gray-800",
    EXPIRED: "bg-gray-200 text-gray-900",
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[status]}`}>{label}</span>;
}
