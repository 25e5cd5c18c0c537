/**
 * The steps a member's request goes through, as its timeline shows them (pure, so the rules are unit-tested):
 * a KRW deposit 신청 → 입금 확인 (the KRW the bank confirmed) → 지급 완료 (the price used); a transfer or
 * withdrawal 신청 → 승인 → 송금 중 (the recorded transaction hash) → 완료 (enough confirmations). A request that
 * stopped (rejected, cancelled, expired, returned, payout failed) ends at that step, with no steps after it.
 */
import type { RequestDto, TimelineEventDto } from "@/lib/wallet/dto";

export type StepKey = "requested" | "depositConfirmed" | "credited" | "approved" | "sending" | "paid" | StopStatus;
export type StopStatus = "REJECTED" | "CANCELLED" | "EXPIRED" | "RETURNED" | "FAILED";
/** done: reached; current: the one the request is at or waits for; todo: still ahead; stopped: where it ended. */
export type StepState = "done" | "current" | "todo" | "stopped";
export type Step = {
  key: StepKey;
  state: StepState;
  at: string | null;
  by: TimelineEventDto["by"] | null;
  reason: string | null;
};

const STOPS = new Set<string>(["REJECTED", "CANCELLED", "EXPIRED", "RETURNED", "FAILED"]);

type Req = Pick<
  RequestDto,
  "type" | "status" | "reason" | "awaitingApproval" | "deposit" | "payout" | "createdAt" | "updatedAt"
>;

export function requestSteps(r: Req, events: TimelineEventDto[]): Step[] {
  const last = (status: string) => events.findLast((e) => e.status === status);
  const step = (key: StepKey, state: StepState, e?: TimelineEventDto, at?: string | null): Step => ({
    key,
    state,
    at: at ?? e?.createdAt ?? null,
    by: e?.by ?? null,
    reason: null,
  });
  const opened = events.find((e) => e.status === "PENDING");
  const steps: Step[] = [step("requested", "done", opened, opened ? null : r.createdAt)];
  const stopped = STOPS.has(r.status);
  const approvedEvent = last("APPROVED");

  if (r.type === "DEPOSIT") {
    const credited = r.status === "APPROVED";
    const paidIn = credited || r.awaitingApproval || !!r.deposit?.krwReceived;
    if (paidIn)
      steps.push(step("depositConfirmed", "done", undefined, r.deposit?.confirmedAt ?? approvedEvent?.createdAt));
    else if (!stopped) steps.push(step("depositConfirmed", "current"));
    if (credited) steps.push(step("credited", "done", approvedEvent, approvedEvent ? null : r.updatedAt));
    else if (!stopped) steps.push(step("credited", paidIn ? "current" : "todo"));
  } else {
    const approved = ["APPROVED", "SENDING", "PAID", "FAILED"].includes(r.status) || (stopped && !!approvedEvent);
    if (approved) steps.push(step("approved", "done", approvedEvent, approvedEvent ? null : r.updatedAt));
    else if (!stopped) steps.push(step("approved", "current"));
    if (!stopped) {
      const sendingState: StepState =
        r.status === "PAID" ? "done" : r.status === "SENDING" || r.status === "APPROVED" ? "current" : "todo";
      const sent = r.status === "SENDING" || r.status === "PAID";
      steps.push(step("sending", sendingState, sent ? last("SENDING") : undefined, sent ? r.payout?.recordedAt : null));
      const paidEvent = last("PAID");
      steps.push(step("paid", r.status === "PAID" ? "done" : "todo", paidEvent, r.payout?.paidAt ?? null));
    }
  }

  if (stopped) {
    // A quote that ran out reads EXPIRED before the sweep wrote its event: the last change stands for its time.
    const e = last(r.status);
    steps.push({
      key: r.status as StopStatus,
      state: "stopped",
      at: e?.createdAt ?? r.updatedAt,
      by: e?.by ?? null,
      reason: r.status === "EXPIRED" ? null : (e?.reason ?? r.reason),
    });
  }
  return steps;
}

/** `0x1234abcd…89abcdef`: enough of both ends to compare with an exchange's screen. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}
