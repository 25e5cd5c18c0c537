/**
 * Deciding requests (DESIGN.md, "Money and the ledger"): the member's cancel, the administrator's approve/reject
 * (including the re-pricing of an expired deposit) and return (a transfer/withdraw the receiving exchange refused
 * under the Travel Rule), and the rejection of a member's pending requests when
 * their account, wallet address or ID approval goes away. Every status change is
 * `UPDATE … WHERE status IN (…) RETURNING`, so racing deciders produce exactly one outcome and one posting;
 * lock order is the member's users row, then the request, then (a deposit approval) the four-eyes totals' locks,
 * then ledger accounts. A deposit approval above the four-eyes limit becomes a `deposit` proposal that a second
 * administrator's approval credits (./deposit-approval). It shares the `event` helper of ./requests; quote expiry
 * and conversion come from ./deposit-quotes, the shared settling steps from ./request-settle.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf, type Tx } from "@/db/client";
import type { RequestDto } from "@/db/queries/requests";
import { type RequestStatus, type RequestType, requests } from "@/db/schema";
import { audit as writeAudit } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError, type ErrorCode, isAppError } from "@/lib/errors";
import { refuseWhileCaseOpen } from "@/lib/fraud/hold";
import { countPosting } from "@/lib/metrics";
import { type Leg, member, move, post, system } from "@/lib/ledger";
import { D, toDecimalString } from "@/lib/money";
import { notify } from "@/lib/notifications";
import { approveDeposit, cancelDepositProposal, reopenBankLine } from "./deposit-approval";
import { expireStaleQuotes } from "./deposit-quotes";
import { activeMemberForShareOrThrow, memberRowForShare } from "./member-row";
import {
  type Ctx,
  type DecideArgs,
  type RequestDecision,
  type Row,
  requestNow,
  requestParams,
  type SettleArgs,
  settleStatus,
  whyNotPending,
} from "./request-settle";
import { event } from "./requests";

/** The hold of a transfer/withdraw goes back to staked. */
async function releaseHold(tx: Tx, row: Row, actorId: number, why: string) {
  if (row.type === "DEPOSIT") return null;
  return move(tx, {
    kind: `${row.type}_RELEASE`,
    idempotencyKey: `request-settle:${row.id}`,
    userId: row.userId,
    coin: row.coinSymbol,
    amount: row.total,
    from: "held",
    to: "staked",
    actorId,
    memo: `request ${row.id} ${why}`,
  });
}

/**
 * The member cancels their own PENDING request, in ONE statement: the SQL function request_cancel
 * (db/migrations/0011) locks the member row (404 when not ACTIVE), expires their deposit quote that ran out (that
 * stands even when the cancel is refused), changes the status exactly once (409 CONFLICT when it is no longer
 * pending, 404 when it is not theirs), releases a transfer/withdraw hold to staked at once through ledger_post, and
 * writes the member's notification and the timeline event. An EXPIRED deposit can no longer be cancelled (409
 * REQUEST_EXPIRED): an administrator may still confirm the KRW that arrived. Nor can a deposit whose approval waits
 * for a second administrator (409 REQUEST_AWAITING_APPROVAL, db/migrations/0014): the KRW was confirmed.
 */
export async function cancelRequest(
  args: { id: number; userId: number } & Ctx,
  db?: DbOrTx,
): Promise<{ id: number; status: "CANCELLED" }> {
  const conn = db ?? (await getDb());
  const rows = rowsOf<{ r: string }>(
    await conn.execute(
      sql`SELECT request_cancel(${args.id}::bigint, ${args.userId}::integer, ${now().toISOString()}::timestamptz)::text AS r`,
    ),
  );
  const out = JSON.parse(rows[0]!.r) as { refused?: ErrorCode; id?: number; kind?: string | null };
  if (out.refused) throw new AppError(out.refused);
  if (out.kind) countPosting(out.kind, false);
  return { id: Number(out.id), status: "CANCELLED" };
}

/**
 * An administrator approves or rejects a PENDING request, exactly once.
 * Approve: transfer/withdraw → held − total, payouts + amount (in transit: APPROVED means "to be sent", ./payouts.ts
 * records the hash and the chain's proof), fees + fee, with a TRANSFER/WITHDRAW history row of −total; deposit → external → holding with a DEPOSIT row. Reject: the hold goes back to staked.
 * A deposit's approval names `krwReceived`, the KRW that actually arrived (else 400 KRW_RECEIVED_REQUIRED): while
 * the quote holds it is credited at the quoted price (./deposit-approval). A deposit whose quote ran out is EXPIRED:
 * it cannot be rejected or cancelled (409 REQUEST_EXPIRED) but can be approved, the KRW converted at `reprice` (a
 * fresh price from repriceFor); the request records the received KRW, the new price and amount, and the audit row
 * keeps the quote before and after. `krwReceived` on anything but a deposit's approval is refused (400
 * VALIDATION). A credit needs an ACTIVE member (404 otherwise).
 * Four-eyes (SECURITY.md I39): a deposit whose WLD would take the administrator's or the member's rolling total
 * above FOUR_EYES_LIMIT (lib/admin/four-eyes-limit.ts) is not credited: it becomes a `deposit` proposal and the
 * request stays as it is until another administrator approves it (approveDepositProposal). While the proposal
 * waits, approving the request again is refused (409 REQUEST_AWAITING_APPROVAL); rejecting it cancels the proposal.
 */
export async function decideRequest(tx: Tx, args: DecideArgs): Promise<RequestDecision> {
  const [owner] = await tx
    .select({ userId: requests.userId, type: requests.type })
    .from(requests)
    .where(eq(requests.id, args.id));
  if (!owner) throw new AppError("NOT_FOUND");
  // The member row first (users → requests → ledger, as deactivation takes them): a decision waits for a
  // deactivation in progress, and a credit is then refused.
  if (args.action === "APPROVE") await activeMemberForShareOrThrow(tx, owner.userId);
  else await memberRowForShare(tx, owner.userId);
  await expireStaleQuotes(tx, { id: args.id });
  // A fraud case holds the request (lib/fraud): it is decided (cleared or reported) before any approval.
  if (args.action === "APPROVE" && owner.type !== "DEPOSIT") await refuseWhileCaseOpen(tx, args.id);
  if (args.action === "APPROVE" && owner.type === "DEPOSIT") return approveDeposit(tx, args);
  return { request: await settleRequest(tx, args) };
}

/**
 * A PENDING transfer or withdrawal that the receiving exchange refused through its Travel Rule service becomes
 * RETURNED (반환됨) exactly once, with the exchange's reason: like a rejection, the hold goes back to staked, the
 * member is told why and the timeline shows it. A deposit, or a request no longer PENDING, is 409 CONFLICT.
 */
export async function returnRequest(tx: Tx, args: { id: number; adminId: number; reason: string } & Ctx) {
  const [owner] = await tx
    .select({ userId: requests.userId, type: requests.type })
    .from(requests)
    .where(eq(requests.id, args.id));
  if (!owner) throw new AppError("NOT_FOUND");
  if (owner.type === "DEPOSIT") throw new AppError("CONFLICT");
  await memberRowForShare(tx, owner.userId);
  return settleRequest(tx, { ...args, action: "RETURN" });
}

const SETTLED = {
  APPROVE: { status: "APPROVED", audit: "request.approved", notice: "request_approved" },
  REJECT: { status: "REJECTED", audit: "request.rejected", notice: "request_rejected" },
  RETURN: { status: "RETURNED", audit: "request.returned", notice: "request_returned" },
} as const;

/**
 * Every decision but a deposit's approval, the member's row held and quotes expired: the status changes exactly
 * once, then the payout or (rejected, returned) the release of the hold (and a rejected deposit's waiting proposal
 * is cancelled).
 */
async function settleRequest(tx: Tx, args: SettleArgs): Promise<RequestDto> {
  const settled = SETTLED[args.action];
  const status = settled.status;
  const from: RequestStatus[] = args.action === "APPROVE" ? ["PENDING", "EXPIRED"] : ["PENDING"];
  const row = await settleStatus(tx, args.id, from, status, args.adminId, args.reason);
  if (!row) return whyNotPending(tx, args.id);
  if (args.krwReceived !== undefined) throw new AppError("VALIDATION", { field: "krwReceived" });
  const audit = {
    action: settled.audit,
    actorId: args.adminId,
    targetUserId: row.userId,
    targetId: row.id,
    ip: args.ip ?? null,
    requestId: args.requestId ?? null,
    before: { status: "PENDING" },
    after: { status, type: row.type, amount: toDecimalString(row.amount), reason: args.reason },
  };
  let postingId: number | null = null;
  if (status !== "APPROVED") {
    if (row.type === "DEPOSIT") {
      await cancelDepositProposal(tx, row.id, args);
      await reopenBankLine(tx, row.id, args);
    }
    const p = await releaseHold(tx, row, args.adminId, status.toLowerCase());
    postingId = p?.postingId ?? null;
    await writeAudit(tx, audit);
  } else {
    const fee = new D(row.fee);
    const legs: Leg[] = [
      { account: member(row.userId, row.coinSymbol, "held"), amount: new D(row.total).neg() },
      // In transit until the chain proves the payout (./payouts.ts: PAID moves it on to external, FAILED back).
      { account: system(row.coinSymbol, "payouts"), amount: row.amount },
    ];
    if (!fee.eq(0)) legs.push({ account: system(row.coinSymbol, "fees"), amount: fee });
    const p = await post(tx, {
      kind: `${row.type}_PAYOUT`,
      idempotencyKey: `request-settle:${row.id}`,
      actorId: args.adminId,
      memo: `request ${row.id}`,
      legs,
      memberTx: [{ userId: row.userId, type: row.type, coinSymbol: row.coinSymbol, amount: new D(row.total).neg() }],
      audit,
    });
    postingId = p.postingId;
  }
  if (postingId !== null) await tx.update(requests).set({ settlePostingId: postingId }).where(eq(requests.id, row.id));
  if (settled.notice === "request_approved") await notify(tx, row.userId, settled.notice, requestParams(row));
  else await notify(tx, row.userId, settled.notice, { ...requestParams(row), reason: args.reason });
  await event(tx, row.id, status, args.adminId, args.reason);
  return requestNow(tx, row.id);
}

/**
 * Rejects every PENDING transfer/withdraw request of a member (deposits too with `includeDeposits`), with
 * a reason, releasing their holds. For the moments a pending payout must not go ahead: the member is
 * deactivated, their wallet address is reset, or their ID approval is revoked. The caller holds the
 * member's users row FOR UPDATE, so no new request can slip in until it commits. A rejected deposit takes the
 * proposal its approval waited on with it (CANCELLED). Returns how many.
 */
export async function rejectPendingRequests(
  tx: Tx,
  args: { userId: number; actorId: number; reason: string; includeDeposits?: boolean } & Ctx,
): Promise<number> {
  const types: RequestType[] = args.includeDeposits ? ["TRANSFER", "WITHDRAW", "DEPOSIT"] : ["TRANSFER", "WITHDRAW"];
  await expireStaleQuotes(tx, { userId: args.userId });
  const pending = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.userId, args.userId), eq(requests.status, "PENDING"), inArray(requests.type, types)));
  let rejected = 0;
  for (const { id } of pending) {
    try {
      await settleRequest(tx, {
        id,
        adminId: args.actorId,
        action: "REJECT",
        reason: args.reason,
        ip: args.ip,
        requestId: args.requestId,
      });
      rejected += 1;
    } catch (e) {
      // Settled meanwhile by a path that does not take the member lock (the expiry sweep): nothing to undo.
      if (!isAppError(e) || (e.code !== "CONFLICT" && e.code !== "REQUEST_EXPIRED")) throw e;
    }
  }
  return rejected;
}
