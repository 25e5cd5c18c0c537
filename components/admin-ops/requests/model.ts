/** The request queue's client model: the server's row DTO, the decisions, the filter values. */
import type { AdminQueueRowDto } from "@/db/queries/admin-requests";
import type { RequestStatus, RequestType } from "@/db/schema";

export type AdminRequest = AdminQueueRowDto;
export type RequestList = { items: AdminRequest[]; total: number };
/** `return`: the receiving exchange refused a transfer/withdraw through its Travel Rule service (반환 처리). */
export type Decision = { action: "approve" | "reject" | "return"; reason?: string; krwReceived?: string };
/** How a decision ended: decided, or (a deposit above the four-eyes limit) proposed for a second approval. */
export type DecisionOutcome = "decided" | "proposed";
export type DecisionResult = { id: number; ok: boolean; text: string };

export const REQUEST_TYPES: RequestType[] = ["DEPOSIT", "WITHDRAW", "TRANSFER"];
export const REQUEST_STATUSES: RequestStatus[] = [
  "PENDING",
  "APPROVED",
  "REJECTED",
  "CANCELLED",
  "EXPIRED",
  "RETURNED",
];
