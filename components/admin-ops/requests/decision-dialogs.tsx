"use client";
/**
 * The request queue's decisions: one request (approve, reject with a reason, approve an EXPIRED deposit with the
 * KRW actually received, or record a transfer/withdraw the receiving exchange returned, with its reason) and several at once (one confirmation, then a result per request — a failure does not
 * stop the rest). A deposit approval above the four-eyes limit becomes a proposal: the result says 승인 대기 (it waits
 * for another administrator). Each dialog owns its fields; deciding goes through `useDecide`'s exactly-once calls.
 */
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { AdminDialog, InputProblem, useErrorText } from "@/components/admin/ui/admin-dialog";
import { TextArea } from "@/components/admin/ui/fields";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { krw, wld } from "../format";
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
        {wld(req.amount, locale, true)} {req.coinSymbol}
      </dd>
      <dt className="text-gray-500">{t("col.total")}</dt>
      <dd>
        {wld(req.total, locale, true)} {req.coinSymbol}
      </dd>
      {req.krwValue && (
        <>
          <dt className="text-gray-500">{t("col.krw")}</dt>
          <dd>₩{krw(req.krwValue, locale)}</dd>
        </>
      )}
    </dl>
  );
}

const TITLE = { approve: "approveTitle", reject: "rejectTitle", return: "returnTitle" } as const;
const DONE = { approve: "approvedToast", reject: "rejectedToast", return: "returnedToast" } as const;

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
  const toast = useToast();
  const [reason, setReason] = useState("");
  const [krwReceived, setKrwReceived] = useState("");
  const expiredApproval = action === "approve" && req.status === "EXPIRED";

  async function confirm(memo: string) {
    let d: Decision;
    if (action === "reject" || action === "return") {
      if (!reason.trim()) throw new InputProblem(t(action === "reject" ? "reasonRequired" : "returnReasonRequired"));
      d = { action, reason: reason.trim() };
    } else if (expiredApproval) {
      if (!/^[1-9]\d{0,14}$/.test(krwReceived.trim())) throw new InputProblem(t("krwReceivedInvalid"));
      d = { action: "approve", krwReceived: krwReceived.trim() };
    } else d = { action: "approve" };
    const outcome = await decide(req.id, d, memo);
    onClose();
    if (outcome === "proposed") toast(t("proposedToast", { id: req.id }));
    else toast(t(DONE[action], { id: req.id }), { kind: "success" });
  }

  return (
    <AdminDialog open title={t(TITLE[action])} danger={action !== "approve"} onClose={onClose} onConfirm={confirm}>
      <RequestSummary req={req} />
      {req.travelRule && <TravelRuleDetails record={req.travelRule} />}
      {action === "return" && <p className="break-keep text-sm text-gray-700">{t("returnHint")}</p>}
      {expiredApproval && (
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
      {action === "reject" && <TextArea label={t("reason")} value={reason} onChange={setReason} />}
      {action === "return" && <TextArea label={t("returnReason")} value={reason} onChange={setReason} />}
    </AdminDialog>
  );
}

/** Approve or reject several pending requests after one confirmation, with a result per request. */
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
    for (const { id } of requests) {
      try {
        const outcome = await decide(id, action === "reject" ? { action, reason: reason.trim() } : { action }, memo);
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
