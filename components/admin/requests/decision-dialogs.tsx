"use client";
/**
 * The request queue's decisions: one request (approve, reject with a reason, approve an EXPIRED deposit with the
 * KRW actually received, or record a transfer/withdraw the receiving exchange returned, with its reason) and several at once (one confirmation, then a result per request — a failure does not
 * stop the rest). Every deposit approval names the KRW received (prefilled with the quote's KRW); bulk approval
 * leaves deposits alone for that reason. An APPROVED transfer/withdraw gets its payout recorded (송금 완료 처리: the
 * transaction hash, checked on chain by the server — what differs is shown next to the field, an unreachable
 * network as a toast) or marked failed with a reason (송금 실패 처리). A deposit approval above the four-eyes limit becomes a proposal: the result says 승인 대기 (it waits
 * for another administrator). Each dialog owns its fields; deciding goes through `useDecide`'s exactly-once calls.
 */
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { AdminDialog, InputProblem, useErrorText } from "@/components/admin/kit/dialog";
import { ApiError } from "@/lib/client/api";
import { Field, TextArea } from "@/components/admin/kit/fields";
import { useToast } from "@/components/ui/toast";
import { fmtKrw, fmtWld } from "@/components/admin/kit/format";
import type { AdminRequest, Decision, DecisionOutcome, DecisionResult } from "./model";
import { TravelRuleDetails } from "./travel-rule-details";

type Decide = (id: number, d: Decision, memo: string) => Promise<DecisionOutcome>;

export function RequestSummary({ req }: { req: AdminRequest }) {
  const t = useTranslations("AdminOps.requests");
  const locale = useLocale();
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
        {fmtWld(req.amount, locale, true)} {req.coinSymbol}
      </dd>
      <dt className="text-gray-500">{t("col.total")}</dt>
      <dd>
        {fmtWld(req.total, locale, true)} {req.coinSymbol}
      </dd>
      {req.krwValue && (
        <>
          <dt className="text-gray-500">{t("col.krw")}</dt>
          <dd>₩{fmtKrw(req.krwValue, locale)}</dd>
        </>
      )}
    </dl>
  );
}

const TITLE = {
  approve: "approveTitle",
  reject: "rejectTitle",
  return: "returnTitle",
  payout: "payoutTitle",
  fail: "failTitle",
} as const;
const DONE = {
  approve: "approvedToast",
  reject: "rejectedToast",
  return: "returnedToast",
  payout: "payoutSendingToast",
  fail: "failedToast",
} as const;
const PAYOUT_DONE = {
  sending: "payoutSendingToast",
  paid: "payoutPaidToast",
  unverified: "payoutUnverifiedToast",
} as const;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** Approve, reject or return one request; the dialog shows its Travel Rule record, if any. */
export function DecisionDialog({
  req,
  action,
  decide,
  onClose,
}: {
  req: AdminRequest;
  action: Decision["action"];
  decide: Decide;
  onClose: () => void;
}) {
  const t = useTranslations("AdminOps.requests");
  const locale = useLocale();
  const toast = useToast();
  const [reason, setReason] = useState("");
  const depositApproval = action === "approve" && req.type === "DEPOSIT";
  // A live quote is prefilled with the KRW it asked; once it ran out (EXPIRED) the administrator types what arrived.
  const [krwReceived, setKrwReceived] = useState(
    depositApproval && req.status !== "EXPIRED" ? (req.krwAmount ?? "") : "",
  );
  const [txHash, setTxHash] = useState("");
  const [hashProblem, setHashProblem] = useState<string | null>(null);

  async function confirm(memo: string) {
    let d: Decision;
    if (action === "reject" || action === "return" || action === "fail") {
      if (!reason.trim()) throw new InputProblem(t(REASON_REQUIRED[action]));
      d = { action, reason: reason.trim() };
    } else if (action === "payout") {
      const hash = txHash.trim();
      if (!TX_HASH.test(hash)) {
        setHashProblem(t("txHashInvalid"));
        return;
      }
      setHashProblem(null);
      d = { action, txHash: hash.toLowerCase() };
    } else if (depositApproval) {
      if (!/^[1-9]\d{0,14}$/.test(krwReceived.trim())) throw new InputProblem(t("krwReceivedInvalid"));
      d = { action: "approve", krwReceived: krwReceived.trim() };
    } else d = { action: "approve" };
    let outcome: DecisionOutcome;
    try {
      outcome = await decide(req.id, d, memo);
    } catch (e) {
      // What the chain says differs stays next to the hash; an unreachable network changed nothing: a toast.
      if (e instanceof ApiError && e.code === "PAYOUT_MISMATCH") {
        const parts = Array.isArray(e.body.mismatch) ? (e.body.mismatch as string[]) : [];
        const named = parts.map((p) => (t.has(`mismatch.${p}`) ? t(`mismatch.${p}`) : p)).join(", ");
        setHashProblem(named ? `${e.message} (${t("mismatchParts", { parts: named })})` : e.message);
        return;
      }
      if (e instanceof ApiError && e.code === "CHAIN_UNAVAILABLE") {
        toast(t("chainUnavailable", { network: String(e.body.network ?? req.wallet?.network ?? "") }), {
          kind: "error",
        });
        return;
      }
      throw e;
    }
    onClose();
    if (outcome === "proposed") toast(t("proposedToast", { id: req.id }));
    else if (outcome === "sending" || outcome === "paid" || outcome === "unverified")
      toast(t(PAYOUT_DONE[outcome], { id: req.id }), { kind: outcome === "unverified" ? "info" : "success" });
    else toast(t(DONE[action], { id: req.id }), { kind: "success" });
  }

  return (
    <AdminDialog
      open
      title={t(TITLE[action])}
      danger={action !== "approve" && action !== "payout"}
      onClose={onClose}
      onConfirm={confirm}
    >
      <RequestSummary req={req} />
      {req.travelRule && <TravelRuleDetails record={req.travelRule} />}
      {action === "return" && <p className="break-keep text-sm text-gray-700">{t("returnHint")}</p>}
      {depositApproval && (
        <>
          {req.deposit?.depositorName && (
            <p className="text-sm">
              <span className="text-gray-600">{t("depositorName")}</span>{" "}
              <strong data-testid="approve-depositor-name">{req.deposit.depositorName}</strong>
            </p>
          )}
          <p className={`break-keep text-sm ${req.status === "EXPIRED" ? "text-amber-800" : "text-gray-700"}`}>
            {req.status === "EXPIRED" ? t("expiredHint") : t("approveDepositHint")}
          </p>
          <Field label={t("krwReceived")} inputMode="numeric" required value={krwReceived} onChange={setKrwReceived} />
        </>
      )}
      {action === "payout" && (
        <>
          <p className="break-keep text-sm text-gray-700">{t("payoutHint")}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600">{t("payoutSendTo")}</dt>
            <dd className="font-mono text-xs break-all">
              {req.wallet?.network} · {req.wallet?.address}
            </dd>
            <dt className="text-gray-600">{t("payoutAmount")}</dt>
            <dd className="tabular-nums">
              {fmtWld(req.amount, locale, true)} {req.coinSymbol}
            </dd>
          </dl>
          <Field
            label={t("txHash")}
            hint={t("txHashHint")}
            spellCheck={false}
            required
            value={txHash}
            error={hashProblem}
            onChange={(v) => {
              setTxHash(v);
              setHashProblem(null);
            }}
          />
        </>
      )}
      {action === "fail" && <p className="break-keep text-sm text-gray-700">{t("failHint")}</p>}
      {action === "reject" && <TextArea label={t("reason")} value={reason} onChange={setReason} />}
      {action === "return" && <TextArea label={t("returnReason")} value={reason} onChange={setReason} />}
      {action === "fail" && <TextArea label={t("failReason")} value={reason} onChange={setReason} />}
    </AdminDialog>
  );
}

const REASON_REQUIRED = {
  reject: "reasonRequired",
  return: "returnReasonRequired",
  fail: "failReasonRequired",
} as const;

/**
 * Approve or reject several pending requests after one confirmation, with a result per request. A deposit's
 * approval names the KRW received: in bulk, the KRW its live quote asked (the dialog says so, and a different amount
 * is approved one at a time); a deposit whose quote ran out (EXPIRED) needs the KRW that arrived and is reported as
 * not done.
 */
export function BulkDecisionDialog({
  action,
  requests,
  decide,
  onClose,
}: {
  action: "approve" | "reject";
  requests: AdminRequest[];
  decide: Decide;
  /** Called with whether any request was decided (the list and the selection are then stale). */
  onClose: (decided: boolean) => void;
}) {
  const t = useTranslations("AdminOps.requests");
  const toast = useToast();
  const errorText = useErrorText();
  const [reason, setReason] = useState("");
  const [results, setResults] = useState<DecisionResult[] | null>(null);

  async function confirm(memo: string) {
    if (action === "reject" && !reason.trim()) throw new InputProblem(t("reasonRequired"));
    const out: DecisionResult[] = [];
    // One at a time: each request is its own exactly-once decision; a failure does not stop the rest.
    for (const { id, type, status, krwAmount } of requests) {
      const deposit = action === "approve" && type === "DEPOSIT";
      if (deposit && (status === "EXPIRED" || !krwAmount)) {
        out.push({ id, ok: false, text: t("bulkDepositNeedsKrw") });
        setResults([...out]);
        continue;
      }
      const d: Decision =
        action === "reject"
          ? { action, reason: reason.trim() }
          : deposit
            ? { action, krwReceived: krwAmount! }
            : { action };
      try {
        const outcome = await decide(id, d, memo);
        const text =
          outcome === "proposed"
            ? t("awaitingApproval")
            : action === "approve"
              ? t("status.APPROVED")
              : t("status.REJECTED");
        out.push({ id, ok: true, text });
      } catch (e) {
        out.push({ id, ok: false, text: errorText(e) });
      }
      setResults([...out]);
    }
    const ok = out.filter((r) => r.ok).length;
    toast(t("bulkToast", { ok, failed: out.length - ok }), { kind: ok === out.length ? "success" : "error" });
  }

  return (
    <AdminDialog
      open
      title={action === "approve" ? t("bulkApproveTitle") : t("bulkRejectTitle")}
      danger={action === "reject"}
      onClose={() => onClose(results !== null)}
      onConfirm={confirm}
      done={results !== null && results.length === requests.length}
    >
      <p className="text-sm">{t("bulkConfirm", { n: requests.length })}</p>
      {action === "approve" && requests.some((r) => r.type === "DEPOSIT") && (
        <p className="text-sm">{t("bulkDepositAsQuoted")}</p>
      )}
      {action === "reject" && results === null && <TextArea label={t("reason")} value={reason} onChange={setReason} />}
      {results && (
        <ul aria-label={t("results")} className="flex flex-col gap-1 text-sm" data-testid="bulk-results">
          {results.map((r) => (
            <li key={r.id} data-ok={r.ok} className={r.ok ? "text-emerald-700" : "text-rose-700"}>
              <ResultMark ok={r.ok} />#{r.id} {requests.find((i) => i.id === r.id)?.user.userId ?? ""}: {r.text}
            </li>
          ))}
        </ul>
      )}
    </AdminDialog>
  );
}

/** A check or a cross before a bulk result (drawn, not a text glyph; the result text carries the meaning). */
function ResultMark({ ok }: { ok: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="mr-1 inline h-4 w-4 align-[-3px]"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ok ? <path d="M3.5 8.5l3 3 6-7" /> : <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />}
    </svg>
  );
}
