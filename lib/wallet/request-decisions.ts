/**
 * Deciding requests (spec §5, §9; DESIGN §3): the member's cancel, the administrator's approve/reject
 * (including the re-pricing of an expired deposit), and the rejection of a member's pending requests when
 * their account, wallet address or ID approval goes away. Every status change is
 * `UPDATE … WHERE status IN (…) RETURNING`, so racing deciders produce exactly one outcome and one posting;
 * lock order is the member's users row, then the request, then (a deposit approval) the four-eyes totals' locks,
 * then ledger accounts. A deposit approval above the four-eyes limit becomes a `deposit` proposal that a second
 * administrator's approval credits (approveDepositProposal). Split out of ./requests, whose `event` helper it
 * shares; quote expiry and conversion come from ./deposit-quotes.
 */
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf, type Tx } from "@/db/client";
import { pendingDepositProposals, type RequestDto, requestById } from "@/db/queries/requests";
import { type Coin, type RequestStatus, type RequestType, type Role, requests } from "@/db/schema";
import { currentAuditMemo } from "@/lib/admin/audit-memo";
import { admitDirectChange } from "@/lib/admin/four-eyes-limit";
import { type Payloads, type ProposalDto, propose } from "@/lib/admin/proposals";
import { audit as writeAudit, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
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

/** What deciding a request answers: the request as it now stands, or the proposal its approval became. */
export type RequestDecision = { request: RequestDto } | { proposal: ProposalDto };

type SettleArgs = {
  id: number;
  adminId: number;
  action: "APPROVE" | "REJECT";
  reason: string | null;
  krwReceived?: Dec;
  reprice?: { coin: Coin; priceKrw: string } | null;
} & Ctx;
/** An administrator's decision; their role names them if an approval becomes a proposal. */
type DecideArgs = SettleArgs & { adminRole: Role };

/**
 * An administrator approves or rejects a PENDING request, exactly once.
 * Approve: transfer/withdraw → held − total, external + amount, fees + fee, with a TRANSFER/WITHDRAW history
 * row of −total; deposit → external → holding with a DEPOSIT row. Reject: the hold goes back to staked.
 * A deposit whose quote ran out is EXPIRED: it cannot be rejected or cancelled (409 REQUEST_EXPIRED) but can
 * be approved with `krwReceived` (else 400 KRW_RECEIVED_REQUIRED), the KRW that actually arrived, which is
 * converted at `reprice` (a fresh price from repriceFor); the request records the received KRW, the new
 * price and amount, and the audit row keeps the quote before and after. `krwReceived` on anything else is
 * refused (400 VALIDATION). A credit needs an ACTIVE member (404 otherwise).
 * Four-eyes (SECURITY §4.2): a deposit whose WLD would take the administrator's or the member's rolling total
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
  if (args.action === "APPROVE") await lockActiveMemberOrThrow(tx, owner.userId);
  else await lockMemberRow(tx, owner.userId);
  await expireStaleQuotes(tx, { id: args.id });
  if (args.action === "APPROVE" && owner.type === "DEPOSIT") return approveDeposit(tx, args);
  return { request: await settleRequest(tx, args) };
}

/**
 * Every decision but a deposit's approval, the member's row held and quotes expired: the status changes exactly
 * once, then the payout or the release of the hold (and a rejected deposit's waiting proposal is cancelled).
 */
async function settleRequest(tx: Tx, args: SettleArgs): Promise<RequestDto> {
  const status = args.action === "APPROVE" ? "APPROVED" : "REJECTED";
  const from: RequestStatus[] = args.action === "APPROVE" ? ["PENDING", "EXPIRED"] : ["PENDING"];
  const row = await settleStatus(tx, args.id, from, status, args.adminId, args.reason);
  if (!row) return whyNotPending(tx, args.id);
  if (args.krwReceived !== undefined) throw new AppError("VALIDATION", { field: "krwReceived" });
  const audit = {
    action: status === "APPROVED" ? ("request.approved" as const) : ("request.rejected" as const),
    actorId: args.adminId,
    targetUserId: row.userId,
    targetId: row.id,
    ip: args.ip ?? null,
    requestId: args.requestId ?? null,
    before: { status: "PENDING" },
    after: { status, type: row.type, amount: toDecimalString(row.amount), reason: args.reason },
  };
  let postingId: number | null = null;
  if (status === "REJECTED") {
    if (row.type === "DEPOSIT") await cancelDepositProposal(tx, row.id, args);
    const p = await releaseHold(tx, row, args.adminId, "rejected");
    postingId = p?.postingId ?? null;
    await writeAudit(tx, audit);
  } else {
    const fee = new D(row.fee);
    const legs: Leg[] = [
      { account: member(row.userId, row.coinSymbol, "held"), amount: new D(row.total).neg() },
      { account: system(row.coinSymbol, "external"), amount: row.amount },
    ];
    if (!fee.isZero()) legs.push({ account: system(row.coinSymbol, "fees"), amount: fee });
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
  if (status === "APPROVED") await notify(tx, row.userId, "request_approved", requestParams(row));
  else await notify(tx, row.userId, "request_rejected", { ...requestParams(row), reason: args.reason });
  await event(tx, row.id, status, args.adminId, args.reason);
  return requestNow(tx, row.id);
}

/** The WLD a deposit's approval credits, and the KRW and price it was valued at (re-priced when it had EXPIRED). */
type DepositCredit = { amount: Dec; krw: string; price: string; repriced: boolean };

/**
 * The first approval of a deposit (the member and its quote expiry already taken care of): within the rolling
 * limit it is credited at once; above it, it becomes a proposal. The request row is held FOR UPDATE from here on,
 * so a second approval, the member's cancel (request_cancel) and this one see each other's outcome.
 */
async function approveDeposit(tx: Tx, args: DecideArgs): Promise<RequestDecision> {
  const [row] = await tx
    .select({ ...getTableColumns(requests), quoteRanOut })
    .from(requests)
    .where(eq(requests.id, args.id))
    .for("update");
  if (!row || (row.status !== "PENDING" && row.status !== "EXPIRED")) return whyNotPending(tx, args.id);
  const waiting = await pendingDepositProposals(tx, { requestIds: [row.id], at: now() });
  if (waiting.size > 0) throw new AppError("REQUEST_AWAITING_APPROVAL", { proposalId: waiting.get(row.id)! });
  const credit = depositCreditOf(row, args);
  const change = { actorId: args.adminId, memberId: row.userId, kind: "deposit" as const, symbol: row.coinSymbol };
  if (!(await admitDirectChange(tx, { ...change, amount: credit.amount }))) {
    const proposal = await propose(tx, {
      kind: "deposit",
      targetUserId: row.userId,
      payload: {
        requestId: row.id,
        krw: credit.krw,
        amount: credit.amount.toFixed(),
        symbol: row.coinSymbol,
        price: credit.price,
        repriced: credit.repriced,
      },
      // The request is the reason when the administrator gave none.
      reason: args.reason || currentAuditMemo() || `입금 신청 #${row.id}`,
      actor: { id: args.adminId, role: args.adminRole, ip: args.ip, requestId: args.requestId },
    });
    return { proposal };
  }
  return {
    request: await creditDeposit(tx, row, credit, { adminId: args.adminId, reason: args.reason, ...ctxOf(args) }),
  };
}

const quoteRanOut = sql<boolean>`coalesce(${requests.quoteExpiresAt} <= now(), false)`;
const ctxOf = (c: Ctx): Ctx => ({ ip: c.ip, requestId: c.requestId });

/** What approving this deposit now credits: its quote, or — once it ran out — the KRW received at a fresh price. */
function depositCreditOf(row: Row & { quoteRanOut: boolean }, args: SettleArgs): DepositCredit {
  if (!row.quoteRanOut) {
    if (args.krwReceived !== undefined) throw new AppError("VALIDATION", { field: "krwReceived" });
    return {
      amount: new D(row.amount),
      krw: toDecimalString(row.krwAmount ?? "0"),
      price: toDecimalString(row.priceKrw ?? "0"),
      repriced: false,
    };
  }
  if (args.krwReceived === undefined) throw new AppError("KRW_RECEIVED_REQUIRED");
  if (!args.reprice || args.reprice.coin !== row.coinSymbol) throw new AppError("PRICE_UNAVAILABLE");
  const amount = depositCoinAmount(args.krwReceived, args.reprice.priceKrw);
  if (amount.isZero()) throw new AppError("INVALID_AMOUNT", { field: "krwReceived" });
  return { amount, krw: args.krwReceived.toFixed(), price: toDecimalString(args.reprice.priceKrw), repriced: true };
}

/** Who settles a deposit: the approving administrator, and for a proposal's approval the proposal and its key. */
type Settler = {
  adminId: number;
  reason: string | null;
  proposal?: { id: number; proposedBy: number };
  postingKey?: string;
} & Ctx;

/**
 * Settles a PENDING or EXPIRED deposit APPROVED and credits it (external → holding, a DEPOSIT history row), exactly
 * once: the status changes only from an undecided one, and the posting is keyed. A re-priced credit writes its KRW,
 * price and amount onto the request; the audit row keeps the quote before and after.
 */
async function creditDeposit(tx: Tx, seen: Row & { quoteRanOut: boolean }, credit: DepositCredit, by: Settler) {
  const settled = await settleStatus(tx, seen.id, ["PENDING", "EXPIRED"], "APPROVED", by.adminId, by.reason);
  if (!settled) return whyNotPending(tx, seen.id);
  const before: Record<string, unknown> = { status: seen.quoteRanOut ? "EXPIRED" : "PENDING" };
  const after: Record<string, unknown> = {
    status: "APPROVED",
    type: settled.type,
    amount: credit.amount.toFixed(),
    reason: by.reason,
  };
  if (credit.repriced) {
    Object.assign(before, {
      krwAmount: toDecimalString(settled.krwAmount ?? "0"),
      priceKrw: toDecimalString(settled.priceKrw ?? "0"),
      amount: toDecimalString(settled.amount),
      quoteExpiresAt: settled.quoteExpiresAt?.toISOString(),
    });
    await tx
      .update(requests)
      .set({
        krwAmount: credit.krw,
        priceKrw: credit.price,
        amount: credit.amount.toFixed(),
        total: credit.amount.toFixed(),
      })
      .where(eq(requests.id, settled.id));
    Object.assign(after, { krwReceived: credit.krw, priceKrw: credit.price, repriced: true });
  }
  if (by.proposal) Object.assign(after, { proposal: by.proposal.id, proposedBy: by.proposal.proposedBy });
  const p = await post(tx, {
    kind: "DEPOSIT_APPROVE",
    idempotencyKey: by.postingKey ?? `request-settle:${settled.id}`,
    actorId: by.adminId,
    memo: `request ${settled.id}`,
    legs: [
      { account: system(settled.coinSymbol, "external"), amount: credit.amount.neg() },
      { account: member(settled.userId, settled.coinSymbol, "holding"), amount: credit.amount },
    ],
    memberTx: [{ userId: settled.userId, type: "DEPOSIT", coinSymbol: settled.coinSymbol, amount: credit.amount }],
    audit: {
      action: "request.approved",
      actorId: by.adminId,
      targetUserId: settled.userId,
      targetId: settled.id,
      ip: by.ip ?? null,
      requestId: by.requestId ?? null,
      before,
      after,
    },
  });
  await tx.update(requests).set({ settlePostingId: p.postingId }).where(eq(requests.id, settled.id));
  const params = { ...requestParams(settled), amount: credit.amount.toFixed() };
  await notify(tx, settled.userId, "request_approved", params);
  const note = credit.repriced
    ? `repriced: ${credit.krw} KRW at ${credit.price}${by.reason ? `; ${by.reason}` : ""}`
    : by.reason;
  await event(tx, settled.id, "APPROVED", by.adminId, note);
  return requestNow(tx, settled.id);
}

/**
 * Applies an approved `deposit` proposal (lib/admin/proposal-decisions.ts, in the approval's transaction): the
 * second administrator's approval credits the deposit as the first one valued it, settling the request APPROVED
 * now, under the proposal's posting key. A request no longer undecided (rejected meanwhile, which also cancels the
 * proposal) is refused (409) and nothing moves; a deactivated member, 404.
 */
export async function approveDepositProposal(
  tx: Tx,
  p: { id: number; payload: Payloads["deposit"]; proposedBy: number },
  by: { adminId: number; postingKey: string } & Ctx,
): Promise<void> {
  const x = p.payload;
  const [owner] = await tx.select({ userId: requests.userId }).from(requests).where(eq(requests.id, x.requestId));
  if (!owner) throw new AppError("NOT_FOUND");
  await lockActiveMemberOrThrow(tx, owner.userId);
  const [row] = await tx
    .select({ ...getTableColumns(requests), quoteRanOut })
    .from(requests)
    .where(eq(requests.id, x.requestId))
    .for("update");
  if (!row || (row.status !== "PENDING" && row.status !== "EXPIRED")) throw new AppError("CONFLICT");
  const credit = { amount: new D(x.amount), krw: x.krw, price: x.price, repriced: x.repriced };
  await creditDeposit(tx, row, credit, {
    adminId: by.adminId,
    reason: null,
    proposal: { id: p.id, proposedBy: p.proposedBy },
    postingKey: by.postingKey,
    ...ctxOf(by),
  });
}

/**
 * A deposit rejected — by an administrator, or with its member's deactivation — takes the proposal its approval
 * waits on with it: CANCELLED, the rejection's reason in its note, audited. Nothing had moved.
 * A proposal being approved at this moment holds its row and waits for the member's and the request's (which this
 * decision holds): it is skipped, not waited for — waiting would close a cycle — and that approval then finds the
 * request decided and fails (409), crediting nothing; the proposal stays PENDING with no request to wait on.
 */
async function cancelDepositProposal(tx: Tx, requestId: number, args: SettleArgs): Promise<void> {
  const at = now();
  const note = `request ${requestId} rejected${args.reason ? `: ${args.reason}` : ""}`;
  const cancelled = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE proposals SET status = 'CANCELLED', decided_by = ${args.adminId},
        decided_at = ${at.toISOString()}::timestamptz, decision_note = ${note}
      WHERE id IN (
        SELECT id FROM proposals
        WHERE kind = 'deposit' AND status = 'PENDING' AND (payload->>'requestId')::bigint = ${requestId}
          AND expires_at > ${at.toISOString()}::timestamptz
        FOR UPDATE SKIP LOCKED)
      RETURNING id::text AS id`),
  );
  for (const { id } of cancelled)
    await writeAudit(tx, {
      action: "proposal.cancel",
      actorId: args.adminId,
      targetId: Number(id),
      ip: args.ip ?? null,
      requestId: args.requestId ?? null,
      before: { status: "PENDING" },
      after: { status: "CANCELLED", note },
    });
}

/** The request as it stands now (DTO), inside the decision's transaction. */
async function requestNow(tx: Tx, id: number): Promise<RequestDto> {
  return foundOrThrow(await requestById(tx, { id, at: now() }));
}

/** What the member's notification of a decision on `row` says (the amount after any repricing). */
function requestParams(row: Row): RequestParams {
  return { requestId: row.id, type: row.type, coin: row.coinSymbol, amount: toDecimalString(row.amount) };
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
