/**
 * Approving a KRW deposit (buy) request under four-eyes (SECURITY.md I39): the first approval credits at once
 * within the rolling limit (lib/admin/four-eyes-limit.ts) or becomes a `deposit` proposal; the second administrator's
 * approval credits it as the first one valued it (approveDepositProposal); a rejected deposit takes its waiting
 * proposal with it. Lock order as in ./request-decisions: the member's users row, the request, the four-eyes totals'
 * locks, then ledger accounts.
 * Every approval names the KRW that arrived (krwReceived; else 400 KRW_RECEIVED_REQUIRED): paid while the quote held,
 * it is credited at the quoted price (krwReceived ÷ price, 6 decimals down: the quote's amount when the KRW is the
 * quote's); paid after, at a fresh price. The request records the KRW and when it was confirmed (입금 확인) at once,
 * also when the credit waits for a second administrator, and the bank statement line that paid it when one did
 * (lib/deposits/match.ts).
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "@/db/client";
import { pendingDepositProposals } from "@/db/queries/requests";
import { requests } from "@/db/schema";
import { currentAuditMemo } from "@/lib/audit-memo";
import { admitDirectChange } from "@/lib/admin/four-eyes-limit";
import { type Payloads, propose } from "@/lib/admin/proposals";
import { audit as writeAudit } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { member, post, system } from "@/lib/ledger";
import { D, type Dec, toDecimalString } from "@/lib/money";
import { notify } from "@/lib/notifications";
import { depositCoinAmount } from "./deposit-quotes";
import { expireStaleQuotes } from "./deposit-quotes";
import { activeMemberForShareOrThrow } from "./member-row";
import {
  type Ctx,
  ctxOf,
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

/**
 * The WLD a deposit's approval credits, the KRW received and the price it was valued at (re-priced when the KRW
 * arrived after the quote ran out), and the bank statement line that paid it, if one did.
 */
type DepositCredit = { amount: Dec; krw: string; price: string; repriced: boolean; bankLineId?: number };

/**
 * A deposit's approval: an administrator's (PATCH), or a bank statement line's (lib/deposits/match.ts, the uploader
 * approving). `paidOnTime`: whether the KRW arrived while the quote held (the statement line's time); by default,
 * whether the quote still holds now. `bankLineId`: the line that paid it. `proposeOnly`: never credit directly
 * (the uploader may not credit this member themself — their own deposit, or an ADMIN's upload paying a
 * SUPERADMIN's): a second administrator's approval does.
 */
export type DepositApproveArgs = DecideArgs & { paidOnTime?: boolean; bankLineId?: number; proposeOnly?: boolean };

/**
 * A deposit's approval from its start, outside PATCH (a bank statement line, a person resolving one): the member
 * row (404 when not ACTIVE), the quote's expiry, then approveDeposit — the same steps as decideRequest.
 */
export async function approveDepositRequest(tx: Tx, args: DepositApproveArgs & { userId: number }) {
  await activeMemberForShareOrThrow(tx, args.userId);
  await expireStaleQuotes(tx, { id: args.id });
  return approveDeposit(tx, args);
}

/**
 * The first approval of a deposit (the member and its quote expiry already taken care of): within the rolling
 * limit it is credited at once; above it, it becomes a proposal. The request row is held FOR UPDATE from here on,
 * so a second approval, the member's cancel (request_cancel) and this one see each other's outcome.
 */
export async function approveDeposit(tx: Tx, args: DepositApproveArgs): Promise<RequestDecision> {
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
  if (args.proposeOnly || !(await admitDirectChange(tx, { ...change, amount: credit.amount }))) {
    await recordKrwReceived(tx, row.id, credit);
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
        ...(credit.bankLineId !== undefined ? { bankLineId: credit.bankLineId } : {}),
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

/**
 * What approving this deposit credits: the KRW received (400 KRW_RECEIVED_REQUIRED without it) at the quoted price
 * when it arrived while the quote held, else at the fresh price (`reprice`, 503 PRICE_UNAVAILABLE without one).
 */
function depositCreditOf(row: Row & { quoteRanOut: boolean }, args: DepositApproveArgs): DepositCredit {
  if (args.krwReceived === undefined) throw new AppError("KRW_RECEIVED_REQUIRED");
  const krw = args.krwReceived.toFixed();
  const line = args.bankLineId !== undefined ? { bankLineId: args.bankLineId } : {};
  let credit: DepositCredit;
  if (args.paidOnTime ?? !row.quoteRanOut) {
    const price = toDecimalString(row.priceKrw ?? "0");
    credit = { amount: depositCoinAmount(krw, price), krw, price, repriced: false, ...line };
  } else {
    if (!args.reprice || args.reprice.coin !== row.coinSymbol) throw new AppError("PRICE_UNAVAILABLE");
    const price = toDecimalString(args.reprice.priceKrw);
    credit = { amount: depositCoinAmount(krw, price), krw, price, repriced: true, ...line };
  }
  if (credit.amount.eq(0)) throw new AppError("INVALID_AMOUNT", { field: "krwReceived" });
  return credit;
}

/**
 * The deposit's 입금 확인: the KRW received, when it was first confirmed, and the statement line that paid it (kept
 * when this approval names none). Written at the first approval, whether it credits or becomes a proposal.
 */
async function recordKrwReceived(tx: Tx, id: number, credit: DepositCredit) {
  await tx
    .update(requests)
    .set({
      krwReceived: credit.krw,
      krwConfirmedAt: sql`coalesce(${requests.krwConfirmedAt}, now())`,
      ...(credit.bankLineId !== undefined ? { bankLineId: credit.bankLineId } : {}),
    })
    .where(eq(requests.id, id));
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
  await recordKrwReceived(tx, settled.id, credit);
  const before: Record<string, unknown> = { status: seen.quoteRanOut ? "EXPIRED" : "PENDING" };
  const after: Record<string, unknown> = {
    status: "APPROVED",
    type: settled.type,
    amount: credit.amount.toFixed(),
    reason: by.reason,
    krwReceived: credit.krw,
  };
  if (credit.bankLineId !== undefined) after.bankLineId = credit.bankLineId;
  if (!credit.repriced && !credit.amount.eq(settled.amount)) {
    // Other KRW than quoted, paid on time: the quoted price, the KRW's amount.
    before.amount = toDecimalString(settled.amount);
    await tx
      .update(requests)
      .set({ amount: credit.amount.toFixed(), total: credit.amount.toFixed() })
      .where(eq(requests.id, settled.id));
  }
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
  // credited_at (the application clock) starts the KRW hold on these coins (./krw-hold).
  await tx.update(requests).set({ settlePostingId: p.postingId, creditedAt: now() }).where(eq(requests.id, settled.id));
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
  await activeMemberForShareOrThrow(tx, owner.userId);
  const [row] = await tx
    .select({ ...getTableColumns(requests), quoteRanOut })
    .from(requests)
    .where(eq(requests.id, x.requestId))
    .for("update");
  if (!row || (row.status !== "PENDING" && row.status !== "EXPIRED")) throw new AppError("CONFLICT");
  const credit: DepositCredit = {
    amount: new D(x.amount),
    krw: x.krw,
    price: x.price,
    repriced: x.repriced,
    ...(x.bankLineId !== undefined ? { bankLineId: x.bankLineId } : {}),
  };
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
export async function cancelDepositProposal(tx: Tx, requestId: number, args: SettleArgs): Promise<void> {
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

/**
 * A deposit rejected after its KRW arrived (a statement line matched it): the line goes back to the review list as
 * REQUEST_CLOSED, so a person returns the money to the account it came from (and dismisses the line with how),
 * audited. A line MATCHED to a request is never left pointing at a deposit that will not be credited.
 */
export async function reopenBankLine(tx: Tx, requestId: number, args: SettleArgs): Promise<void> {
  const reopened = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE bank_statement_lines SET status = 'REVIEW', review_reason = 'REQUEST_CLOSED'
      WHERE request_id = ${requestId} AND status = 'MATCHED'
      RETURNING id::text AS id`),
  );
  for (const { id } of reopened)
    await writeAudit(tx, {
      action: "bank.line_reopen",
      actorId: args.adminId,
      targetId: Number(id),
      ip: args.ip ?? null,
      requestId: args.requestId ?? null,
      before: { status: "MATCHED", request: requestId },
      after: { status: "REVIEW", reviewReason: "REQUEST_CLOSED", reason: args.reason },
    });
}
