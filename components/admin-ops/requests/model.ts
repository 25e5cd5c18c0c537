/** The request queue's client model: the server's row DTO, the decisions, the filter values. */
import type { AdminRequestRowDto } from "@/db/queries/admin-requests";
import type { RequestStatus, RequestType } from "@/db/schema";

export type AdminRequest = AdminRequestRowDto;
export type RequestList = { items: AdminRequest[]; total: number };
export type Decision = { action: "approve" | "reject"; reason?: string; krwReceived?: string };
export type DecisionResult = { id: number; ok: boolean; text: string };

export const REQUEST_TYPES: RequestType[] = ["DEPOSIT", "WITHDRAW", "TRANSFER"];
export const REQUEST_STATUSES: RequestStatus[] = ["PENDING", "APPROVED", "REJECTED", "CANCELLED", "EXPIRED"];
