/** The request queue's client model: the server's row DTO, the decisions, the filter values. */
import type { AdminQueueRowDto, RequestStatus, RequestType } from "@/lib/wallet/dto";

export type AdminRequest = AdminQueueRowDto;
export type RequestList = { items: AdminRequest[]; total: number };
/**
 * `return`: the receiving exchange refused a transfer/withdraw through its Travel Rule service (반환 처리).
 * `payout`: the operator sent an APPROVED transfer/withdraw and records its hash (송금 완료 처리); `fail`: it cannot
 * be sent, amount and fee go back (송금 실패 처리).
 */
export type Decision = {
  action: "approve" | "reject" | "return" | "payout" | "fail";
  reason?: string;
  krwReceived?: string;
  txHash?: string;
};
/**
 * How a decision ended: decided, or (a deposit above the four-eyes limit) proposed for a second approval; a recorded
 * payout hash reads SENDING (verified on chain, not yet final), PAID, or SENDING unverified (no RPC: 확인 불가).
 */
export type DecisionOutcome = "decided" | "proposed" | "sending" | "paid" | "unverified";
export type DecisionResult = { id: number; ok: boolean; text: string };

export const REQUEST_TYPES: RequestType[] = ["DEPOSIT", "WITHDRAW", "TRANSFER"];
export const REQUEST_STATUSES: RequestStatus[] = [
  "PENDING",
  "APPROVED",
  "REJECTED",
  "CANCELLED",
  "EXPIRED",
  "RETURNED",
  "SENDING",
  "PAID",
  "FAILED",
];

/** A hash shortened for a table cell (the full one is in its title and link). */
export const shortHash = (h: string) => (h.length > 14 ? `${h.slice(0, 8)}…${h.slice(-6)}` : h);
