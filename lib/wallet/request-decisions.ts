/**
 * Deciding requests (spec §5, §9; DESIGN §3): the member's cancel, the administrator's approve/reject
 * (including the re-pricing of an expired deposit), and the rejection of a member's pending requests when
 * their account, wallet address or ID approval goes away. Every status change is
 * `UPDATE … WHERE status IN (…) RETURNING`, so racing deciders produce exactly one outcome and one posting;
 * lock order is the member's users row, then the request, then ledger accounts. Split out of ./requests,
 * whose `event` helper it shares; quote expiry and conversion come from ./deposit-quotes.
 */
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf, type Tx } from "@/db/client";
import { type RequestDto, requestById } from "@/db/queries/requests";
import { type Coin, type RequestStatus, type RequestType, requests } from "@/db/schema";
import { audit as writeAudit, type RequestMeta } from "@/lib/audit";
import { AppError, type ErrorCode, foundOrThrow, isAppError } from "@/lib/errors";
import { countPosting } from "@/lib/metrics";
import { type Leg, member, move, post, system } from "@/lib/ledger";
import { D, type Dec, toDecimalString } from "@/lib/money";
import { notify, type RequestParams } from "@/lib/notifications";
import { depositCoinAmount, expireStaleQuotes } from "./deposit-quotes";
import { lockActiveMemberOrThrow, lockMemberRow } from "./holdings";
import { event } from "./requests";

type Ctx = Partial<RequestMeta>;

/** Changes a request's status exactly once, from one of `from`; null when it is not (or no longer) in one. */
async function settleStatus(
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

async function whyNotPending(tx: Tx, id: number): Promise<never> {
  const [r] = await tx
    .select({ userId: requests.userId, status: requests.status })
    .from(requests)
    .where(eq(requests.id, id));
  if (!r) throw new AppError("NOT_FOUND");
  if (r.status === "EXPIRED") throw new AppError("REQUEST_EXPIRED");
  throw new AppError("CONFLICT");
}

type Row = typeof requests.$inferSelect;

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
 * REQUEST_EXPIRED): an administrator may still confirm the KRW that arrived.
 */
export async function cancelRequest(
  args: { id: number; userId: number } & Ctx,
  db?: DbOrTx,
): Promise<{ id: number; status: "CANCELLED" }> {
  const conn = db ?? (await getDb());
  const rows = rowsOf<{ r: string }>(
    await conn.execute(sql`SELECT request_cancel(${args.id}::bigint, ${args.userId}::integer)::text AS r`),
  );
  const out = JSON.parse(rows[0]!.r) as { refused?: ErrorCode; id?: number; kind?: string | null };
  if (out.refused) throw new AppError(out.refused);
  if (out.kind) countPosting(out.kind, false);
  return { id: Number(out.id), status: "CANCELLED" };
}

/**
 * An administrator approves or rejects a PENDING request, exactly once.
 * Approve: transfer/withdraw → held − total, external + amount, fees + fee, with a TRANSFER/WITHDRAW history
 * row of −total; deposit → external → holding with a DEPOSIT row. Reject: the hold goes back to staked.
 * A deposit whose quote ran out is EXPIRED: it cannot be rejected or cancelled (409 REQUEST_EXPIRED) but can
 * be approved with `krwReceived` (else 400 KRW_RECEIVED_REQUIRED), the KRW that actually arrived, which is
 * converted at `reprice` (a fresh price from repriceFor); the request records the received KRW, the new
 * price and amount, and the audit row keeps the quote before and after. `krwReceived` on anything else is
 * refused (400 VALIDATION). A credit needs an ACTIVE member (404 otherwise).
 */
export async function decideRequest(
  tx: Tx,
  args: {
    id: number;
    adminId: number;
    action: "APPROVE" | "REJECT";
    reason: string | null;
    krwReceived?: Dec;
    reprice?: { coin: Coin; priceKrw: string } | null;
  } & Ctx,
): Promise<RequestDto> {
  const [owner] = await tx.select({ userId: requests.userId }).from(requests).where(eq(requests.id, args.id));
  if (!owner) throw new AppError("NOT_FOUND");
  // The member row first (users → requests → ledger, as deactivation takes them): a decision waits for a
  // deactivation in progress, and a credit is then refused.
  if (args.action === "APPROVE") await lockActiveMemberOrThrow(tx, owner.userId);
  else await lockMemberRow(tx, owner.userId);
  await expireStaleQuotes(tx, { id: args.id });

  const status = args.action === "APPROVE" ? "APPROVED" : "REJECTED";
  const from: RequestStatus[] = args.action === "APPROVE" ? ["PENDING", "EXPIRED"] : ["PENDING"];
  let row = await settleStatus(tx, args.id, from, status, args.adminId, args.reason);
  if (!row) return whyNotPending(tx, args.id);
  const expired = row.type === "DEPOSIT" && row.quoteRanOut;
  if (args.krwReceived !== undefined && !expired) throw new AppError("VALIDATION", { field: "krwReceived" });

  const before: Record<string, unknown> = { status: expired ? "EXPIRED" : "PENDING" };
  const after: Record<string, unknown> = {
    status,
    type: row.type,
    amount: toDecimalString(row.amount),
    reason: args.reason,
  };
  if (expired) {
    if (args.krwReceived === undefined) throw new AppError("KRW_RECEIVED_REQUIRED");
    if (!args.reprice || args.reprice.coin !== row.coinSymbol) throw new AppError("PRICE_UNAVAILABLE");
    const amount = depositCoinAmount(args.krwReceived, args.reprice.priceKrw);
    if (amount.isZero()) throw new AppError("INVALID_AMOUNT", { field: "krwReceived" });
    Object.assign(before, {
      krwAmount: toDecimalString(row.krwAmount ?? "0"),
      priceKrw: toDecimalString(row.priceKrw ?? "0"),
      amount: toDecimalString(row.amount),
      quoteExpiresAt: row.quoteExpiresAt?.toISOString(),
    });
    const [repriced] = await tx
      .update(requests)
      .set({
        krwAmount: args.krwReceived.toFixed(),
        priceKrw: args.reprice.priceKrw,
        amount: amount.toFixed(),
        total: amount.toFixed(),
      })
      .where(eq(requests.id, row.id))
      .returning();
    row = { ...repriced!, quoteRanOut: true };
    Object.assign(after, {
      krwReceived: args.krwReceived.toFixed(),
      priceKrw: toDecimalString(args.reprice.priceKrw),
      amount: amount.toFixed(),
      repriced: true,
    });
  }
  const settled = row!;
  const audit = {
    action: status === "APPROVED" ? ("request.approved" as const) : ("request.rejected" as const),
    actorId: args.adminId,
    targetUserId: settled.userId,
    targetId: settled.id,
    ip: args.ip ?? null,
    requestId: args.requestId ?? null,
    before,
    after,
  };
  let postingId: number | null = null;
  if (status === "REJECTED") {
    const p = await releaseHold(tx, settled, args.adminId, "rejected");
    postingId = p?.postingId ?? null;
    await writeAudit(tx, audit);
  } else if (settled.type === "DEPOSIT") {
    const p = await post(tx, {
      kind: "DEPOSIT_APPROVE",
      idempotencyKey: `request-settle:${settled.id}`,
      actorId: args.adminId,
      memo: `request ${settled.id}`,
      legs: [
        { account: system(settled.coinSymbol, "external"), amount: new D(settled.amount).neg() },
        { account: member(settled.userId, settled.coinSymbol, "holding"), amount: settled.amount },
      ],
      memberTx: [{ userId: settled.userId, type: "DEPOSIT", coinSymbol: settled.coinSymbol, amount: settled.amount }],
      audit,
    });
    postingId = p.postingId;
  } else {
    const fee = new D(settled.fee);
    const legs: Leg[] = [
      { account: member(settled.userId, settled.coinSymbol, "held"), amount: new D(settled.total).neg() },
      { account: system(settled.coinSymbol, "external"), amount: settled.amount },
    ];
    if (!fee.isZero()) legs.push({ account: system(settled.coinSymbol, "fees"), amount: fee });
    const p = await post(tx, {
      kind: `${settled.type}_PAYOUT`,
      idempotencyKey: `request-settle:${settled.id}`,
      actorId: args.adminId,
      memo: `request ${settled.id}`,
      legs,
      memberTx: [
        {
          userId: settled.userId,
          type: settled.type,
          coinSymbol: settled.coinSymbol,
          amount: new D(settled.total).neg(),
        },
      ],
      audit,
    });
    postingId = p.postingId;
  }
  if (postingId !== null)
    await tx.update(requests).set({ settlePostingId: postingId }).where(eq(requests.id, settled.id));
  const note = expired
    ? `repriced: ${args.krwReceived!.toFixed()} KRW at ${toDecimalString(args.reprice!.priceKrw)}${args.reason ? `; ${args.reason}` : ""}`
    : args.reason;
  if (status === "APPROVED") await notify(tx, settled.userId, "request_approved", requestParams(settled));
  else await notify(tx, settled.userId, "request_rejected", { ...requestParams(settled), reason: args.reason });
  await event(tx, settled.id, status, args.adminId, note);
  return foundOrThrow(await requestById(tx, { id: settled.id }));
}

/** What the member's notification of a decision on `row` says (the amount after any repricing). */
function requestParams(row: Row): RequestParams {
  return { requestId: row.id, type: row.type, coin: row.coinSymbol, amount: toDecimalString(row.amount) };
}

/**
 * Rejects every PENDING transfer/withdraw request of a member (deposits too with `includeDeposits`), with
 * a reason, releasing their holds. For the moments a pending payout must not go ahead: the member is
 * deactivated, their wallet address is reset, or their ID approval is revoked. The caller holds the
 * member's users row FOR UPDATE, so no new request can slip in until it commits. Returns how many.
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
      await decideRequest(tx, {
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
