/**
 * What every decision on a request shares (./request-decisions, ./deposit-approval): the exactly-once status
 * change, the answer when a request is no longer undecided, the decision's arguments and answer, and the request as
 * it stands after it.
 */
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { type RequestDto, requestById } from "@/db/queries/requests";
import { type Coin, type RequestStatus, type Role, requests } from "@/db/schema";
import type { ProposalDto } from "@/lib/admin/proposals";
import type { RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError, foundOrThrow } from "@/lib/errors";
import { type Dec, toDecimalString } from "@/lib/money";
import type { RequestParams } from "@/lib/notifications";

export type Ctx = Partial<RequestMeta>;
export const ctxOf = (c: Ctx): Ctx => ({ ip: c.ip, requestId: c.requestId });

/** Changes a request's status exactly once, from one of `from`; null when it is not (or no longer) in one. */
export async function settleStatus(
  tx: Tx,
  id: number,
  from: RequestStatus[],
  status: RequestStatus,
  actorId: number,
  reason: string | null,
) {
  const [row] = await tx
    .update(requests)
    .set({ status, handledBy: actorId, reason, updatedAt: new Date() })
    .where(and(eq(requests.id, id), inArray(requests.status, from)))
    .returning({
      ...getTableColumns(requests),
      quoteRanOut: sql<boolean>`coalesce(${requests.quoteExpiresAt} <= now(), false)`,
    });
  return row ?? null;
}

export async function whyNotPending(tx: Tx, id: number): Promise<never> {
  const [r] = await tx
    .select({ userId: requests.userId, status: requests.status })
    .from(requests)
    .where(eq(requests.id, id));
  if (!r) throw new AppError("NOT_FOUND");
  if (r.status === "EXPIRED") throw new AppError("REQUEST_EXPIRED");
  throw new AppError("CONFLICT");
}

export type Row = typeof requests.$inferSelect;

/** What deciding a request answers: the request as it now stands, or the proposal its approval became. */
export type RequestDecision = { request: RequestDto } | { proposal: ProposalDto };

export type SettleArgs = {
  id: number;
  adminId: number;
  /** RETURN: a transfer/withdraw the receiving exchange refused through its Travel Rule service (반환됨). */
  action: "APPROVE" | "REJECT" | "RETURN";
  reason: string | null;
  krwReceived?: Dec;
  reprice?: { coin: Coin; priceKrw: string } | null;
} & Ctx;
/** An administrator's decision; their role names them if an approval becomes a proposal. */
export type DecideArgs = SettleArgs & { adminRole: Role };

/** The request as it stands now (DTO), inside the decision's transaction. */
export async function requestNow(tx: Tx, id: number): Promise<RequestDto> {
  return foundOrThrow(await requestById(tx, { id, at: now() }));
}

/** What the member's notification of a decision on `row` says (the amount after any repricing). */
export function requestParams(row: Row): RequestParams {
  return { requestId: row.id, type: row.type, coin: row.coinSymbol, amount: toDecimalString(row.amount) };
}
