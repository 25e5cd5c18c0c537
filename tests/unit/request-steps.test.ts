// The member's request timeline steps (components/wallet/request-steps.ts): a deposit reads 신청 → 입금 확인 →
// 지급 완료, a transfer/withdrawal 신청 → 승인 → 송금 중 → 완료; a stopped request ends where it stopped.
import { describe, expect, it } from "vitest";
import { requestSteps, shortHash } from "@/components/wallet/request-steps";
import type { RequestDto, TimelineEventDto } from "@/db/queries/requests";

const HASH = `0x${"ab".repeat(32)}`;
const ev = (status: TimelineEventDto["status"], at: string, reason: string | null = null): TimelineEventDto => ({
  status,
  by: status === "PENDING" ? "MEMBER" : "ADMIN",
  actorUserId: null,
  reason,
  createdAt: `2026-11-28T0${at}:00:00.000Z`,
});
const req = (over: Partial<RequestDto>): RequestDto => ({
  id: 1,
  type: "TRANSFER",
  coinSymbol: "WLD",
  amount: "10",
  fee: "0.2",
  total: "10.2",
  krwAmount: null,
  priceKrw: null,
  walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
  status: "PENDING",
  reason: null,
  quoteExpiresAt: null,
  awaitingApproval: false,
  underReview: false,
  deposit: null,
  payout: null,
  createdAt: "2026-11-28T01:00:00.000Z",
  updatedAt: "2026-11-28T01:00:00.000Z",
  ...over,
});
const shape = (steps: ReturnType<typeof requestSteps>) => steps.map((s) => `${s.key}:${s.state}`);
const payout = (paidAt: string | null) => ({
  txHash: HASH,
  network: "OP",
  check: "VERIFIED" as const,
  block: 5,
  recordedAt: "2026-11-28T03:00:00.000Z",
  paidAt,
});

describe("deposit steps", () => {
  const deposit = (over: Partial<RequestDto>) =>
    req({ type: "DEPOSIT", fee: "0", total: "10", krwAmount: "10000", priceKrw: "1000", ...over });
  const proof = {
    depositorName: "김은행1234",
    krwReceived: "10000",
    confirmedAt: "2026-11-28T02:00:00.000Z",
    bankLineId: 3,
  };

  it("waits for the bank transfer, then for the credit", () => {
    expect(shape(requestSteps(deposit({}), [ev("PENDING", "1")]))).toEqual([
      "requested:done",
      "depositConfirmed:current",
      "credited:todo",
    ]);
    const awaiting = requestSteps(deposit({ awaitingApproval: true, deposit: proof }), [ev("PENDING", "1")]);
    expect(shape(awaiting)).toEqual(["requested:done", "depositConfirmed:done", "credited:current"]);
    expect(awaiting[1]?.at).toBe(proof.confirmedAt);
  });

  it("reads 입금 확인 at the bank's time and 지급 완료 at the approval", () => {
    const steps = requestSteps(deposit({ status: "APPROVED", deposit: proof }), [
      ev("PENDING", "1"),
      ev("APPROVED", "4"),
    ]);
    expect(shape(steps)).toEqual(["requested:done", "depositConfirmed:done", "credited:done"]);
    expect(steps[1]?.at).toBe(proof.confirmedAt);
    expect(steps[2]?.at).toBe("2026-11-28T04:00:00.000Z");
  });

  it("ends at an expiry that has no event yet, at the last change", () => {
    const steps = requestSteps(deposit({ status: "EXPIRED", reason: "x", updatedAt: "2026-11-28T05:00:00.000Z" }), [
      ev("PENDING", "1"),
    ]);
    expect(shape(steps)).toEqual(["requested:done", "EXPIRED:stopped"]);
    expect(steps[1]).toMatchObject({ at: "2026-11-28T05:00:00.000Z", reason: null });
  });
});

describe("transfer and withdrawal steps", () => {
  it("goes 신청 → 승인 → 송금 중 → 완료", () => {
    expect(shape(requestSteps(req({}), [ev("PENDING", "1")]))).toEqual([
      "requested:done",
      "approved:current",
      "sending:todo",
      "paid:todo",
    ]);
    expect(shape(requestSteps(req({ status: "APPROVED" }), [ev("PENDING", "1"), ev("APPROVED", "2")]))).toEqual([
      "requested:done",
      "approved:done",
      "sending:current",
      "paid:todo",
    ]);
    const events = [ev("PENDING", "1"), ev("APPROVED", "2"), ev("SENDING", "3"), ev("PAID", "4")];
    const sending = requestSteps(req({ status: "SENDING", payout: payout(null) }), events.slice(0, 3));
    expect(shape(sending)).toEqual(["requested:done", "approved:done", "sending:current", "paid:todo"]);
    const paid = requestSteps(req({ status: "PAID", payout: payout("2026-11-28T04:30:00.000Z") }), events);
    expect(shape(paid)).toEqual(["requested:done", "approved:done", "sending:done", "paid:done"]);
    expect(paid[3]?.at).toBe("2026-11-28T04:30:00.000Z");
  });

  it("after a reorganisation reads approved again, with no hash time", () => {
    const events = [ev("PENDING", "1"), ev("APPROVED", "2"), ev("SENDING", "3"), ev("APPROVED", "4", `reorg ${HASH}`)];
    const steps = requestSteps(req({ status: "APPROVED" }), events);
    expect(shape(steps)).toEqual(["requested:done", "approved:done", "sending:current", "paid:todo"]);
    expect(steps[1]?.at).toBe("2026-11-28T04:00:00.000Z");
    expect(steps[2]?.at).toBeNull();
  });

  it("a failed payout ends after the approval, with its reason", () => {
    const events = [ev("PENDING", "1"), ev("APPROVED", "2"), ev("FAILED", "3", "주소 오류")];
    const steps = requestSteps(req({ status: "FAILED", reason: "주소 오류" }), events);
    expect(shape(steps)).toEqual(["requested:done", "approved:done", "FAILED:stopped"]);
    expect(steps[2]?.reason).toBe("주소 오류");
  });

  it("a cancelled request has two steps", () => {
    const steps = requestSteps(req({ status: "CANCELLED" }), [ev("PENDING", "1"), ev("CANCELLED", "2")]);
    expect(shape(steps)).toEqual(["requested:done", "CANCELLED:stopped"]);
  });
});

it("shortens a hash to both ends", () => {
  expect(shortHash(HASH)).toBe("0xabababab…abababab");
});
