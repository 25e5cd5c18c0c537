/**
 * Deciding a request exactly once from the browser: one Idempotency-Key per request and decision, so a retried
 * click (or a double click) sends the same key and the server answers the first result instead of deciding twice;
 * a definitive answer retires the key. The decided row is patched into the cached list in place; a deposit approval
 * that became a proposal (202) marks the row as waiting for it. A return (반환 처리) is its own call,
 * POST /api/admin/requests/{id}/return { reason }; so are recording a payout's hash (송금 완료 처리,
 * POST …/payout { txHash }) and a payout that cannot be made (송금 실패 처리, POST …/fail { reason }).
 */
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { memoHeaders } from "@/components/admin/kit/dialog";
import { ApiError, api, newIdempotencyKey } from "@/lib/client/api";
import type { ProposalDto } from "@/lib/admin/proposals";
import type { AdminRequest, Decision, DecisionOutcome, RequestList } from "./model";

export function useDecide(listKey: QueryKey) {
  const qc = useQueryClient();
  const keys = useRef(new Map<string, string>());

  function keyFor(id: number, d: Decision) {
    const k = `${id}:${d.action}:${d.krwReceived ?? ""}:${d.txHash ?? ""}`;
    let key = keys.current.get(k);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(k, key);
    }
    return { k, key };
  }

  /** The answer is the member-side RequestDto: its deposit proof has no statement line, so the row keeps its own. */
  function patchRow(id: number, changes: Partial<AdminRequest>) {
    const merge = (r: AdminRequest): AdminRequest => {
      const got = changes.deposit as { krwReceived?: string | null; confirmedAt?: string | null } | null | undefined;
      const deposit =
        r.deposit && got
          ? { ...r.deposit, krwReceived: got.krwReceived ?? null, confirmedAt: got.confirmedAt ?? null }
          : r.deposit;
      return { ...r, ...changes, user: r.user, wallet: r.wallet, travelRule: r.travelRule, deposit };
    };
    qc.setQueryData<RequestList>(listKey, (old) =>
      old ? { ...old, items: old.items.map((r) => (r.id === id ? merge(r) : r)) } : old,
    );
  }

  return async function decide(id: number, d: Decision, memo: string): Promise<DecisionOutcome> {
    const { k, key } = keyFor(id, d);
    try {
      const call =
        d.action === "return" || d.action === "fail"
          ? { url: `/api/admin/requests/${id}/${d.action}`, method: "POST", body: { reason: d.reason } }
          : d.action === "payout"
            ? { url: `/api/admin/requests/${id}/payout`, method: "POST", body: { txHash: d.txHash } }
            : { url: `/api/admin/requests/${id}`, method: "PATCH", body: d };
      const res = await api<{ request: Partial<AdminRequest> } | { proposal: ProposalDto }>(call.url, {
        method: call.method,
        body: call.body,
        idempotencyKey: key,
        headers: memoHeaders(memo),
      });
      keys.current.delete(k);
      if ("proposal" in res) {
        patchRow(id, { pendingProposalId: res.proposal.id });
        return "proposed";
      }
      patchRow(id, res.request);
      if (d.action !== "payout") return "decided";
      if (res.request.status === "PAID") return "paid";
      return res.request.payout?.check === "VERIFIED" ? "sending" : "unverified";
    } catch (e) {
      // A network failure may have reached the server: keep the key so a retry replays, not repeats.
      if (!(e instanceof ApiError && e.status === 0)) keys.current.delete(k);
      throw e;
    }
  };
}
