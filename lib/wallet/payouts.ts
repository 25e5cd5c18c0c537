/**
 * Money out after approval (SECURITY.md J44). Approving a transfer/withdraw moves its coins into the system
 * account `payouts` (in transit; ./request-decisions). The operator then sends the WLD and records the transaction
 * hash (송금 완료 처리): the hash is checked on the request's network BEFORE any transaction opens (lib/chain/verify;
 * no database lock is held while the RPC answers), then the request becomes SENDING — VERIFIED, or UNVERIFIED
 * (확인 불가) when the network has no RPC endpoint — and PAID once the chain has PAYOUT_CONFIRMATIONS_<NET> blocks on
 * it (at once, or later through lib/chain/confirmations.ts): only then do the coins leave `payouts` for `external`.
 * A payout that cannot be made is FAILED (송금 실패 처리): amount and fee go back to the member's staking in one
 * posting. Every status change is a guarded `UPDATE … WHERE status = … RETURNING` after the member's users row, so a
 * payout racing a fail, or a second payout, has exactly one outcome. A hash serves one request, ever (payout_hashes).
 *
 * Requests approved before the payout step (migration 0020) were paid out by their approval (held → external): they
 * have no coins in `payouts`, so they can be neither recorded nor failed (409 CONFLICT) and the ledger invariant
 * leaves them out.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Hash } from "viem";
import { getDb, rowsOf, type DbOrTx, type Tx } from "@/db/client";
import type { RequestDto } from "@/db/queries/requests";
import { payoutHashes, requests } from "@/db/schema";
import { audit as writeAudit } from "@/lib/audit";
import { ChainUnavailable } from "@/lib/chain/client";
import { chainSettings, payoutTarget } from "@/lib/chain/networks";
import { verifyPayout } from "@/lib/chain/verify";
import { AppError } from "@/lib/errors";
import type { Network } from "@/lib/exchanges";
import { type Leg, member, post, system } from "@/lib/ledger";
import { D, toDecimalString } from "@/lib/money";
import { notify } from "@/lib/notifications";
import { memberRowForShare } from "./member-row";
import { type Ctx, type Row, requestNow, requestParams } from "./request-settle";
import { event } from "./requests";

/** What the chain said about a hash, read before the transaction that records it. */
export type PayoutProof = {
  network: Network;
  txHash: Hash;
  check: "VERIFIED" | "UNVERIFIED";
  block: number | null;
  /** Whether it already has the network's confirmations (PAID at once). */
  final: boolean;
};

const PAYOUT_TYPES = ["TRANSFER", "WITHDRAW"] as const;

/** Whether the request's approval put its coins in `payouts` (false: approved before migration 0020). */
async function inTransit(db: DbOrTx, settlePostingId: number | null): Promise<boolean> {
  if (settlePostingId === null) return false;
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.posting_id = ${settlePostingId} AND a.kind::text = 'payouts'`),
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

function mismatch(kinds: string[], detail: string, extra: Record<string, string | number> = {}): AppError {
  // `first` names the first difference in the reader's language (messages/<locale>/errors.json); `detail` keeps the
  // addresses and amounts for the operator's dialog and the logs.
  return new AppError("PAYOUT_MISMATCH", { mismatch: kinds, first: kinds[0] ?? "other", detail, ...extra });
}

/** A hash recorded for another request: 422 PAYOUT_MISMATCH naming it (`used`). */
async function refuseUsedHash(db: DbOrTx, id: number, txHash: string): Promise<void> {
  const [used] = await db
    .select({ requestId: payoutHashes.requestId })
    .from(payoutHashes)
    .where(eq(payoutHashes.txHash, txHash));
  if (used && used.requestId !== id)
    throw mismatch(["hash"], `hash: already recorded for request ${used.requestId}`, { used: used.requestId });
}

/**
 * Step 1 of recording a payout, outside any database transaction: the request must be an APPROVED transfer/withdraw
 * in transit (404 / 409 CONFLICT), the hash unused by another request, and — when the network has an RPC endpoint —
 * the receipt must prove the payout (422 PAYOUT_MISMATCH naming what differs; 503 CHAIN_UNAVAILABLE when the
 * endpoint cannot be read). Nothing changes here.
 */
export async function provePayout(id: number, txHash: Hash): Promise<PayoutProof> {
  const db = await getDb();
  const [r] = await db
    .select({
      type: requests.type,
      status: requests.status,
      walletAddr: requests.walletAddr,
      amount: requests.amount,
      settlePostingId: requests.settlePostingId,
    })
    .from(requests)
    .where(eq(requests.id, id));
  if (!r) throw new AppError("NOT_FOUND");
  if (r.type === "DEPOSIT" || r.status !== "APPROVED") throw new AppError("CONFLICT");
  const target = payoutTarget(r.walletAddr);
  if (!target || !(await inTransit(db, r.settlePostingId))) throw new AppError("CONFLICT");
  await refuseUsedHash(db, id, txHash);
  const settings = chainSettings(target.network);
  const rpcUrl = settings.rpcUrl;
  if (!rpcUrl) return { network: target.network, txHash, check: "UNVERIFIED", block: null, final: false };
  let v: Awaited<ReturnType<typeof verifyPayout>>;
  try {
    v = await verifyPayout({ ...settings, rpcUrl }, txHash, { to: target.address, amount: toDecimalString(r.amount) });
  } catch (e) {
    if (e instanceof ChainUnavailable) throw new AppError("CHAIN_UNAVAILABLE", { network: target.network });
    throw e;
  }
  if (v.kind === "missing") throw mismatch(["transaction"], `transaction: no receipt on ${target.network}`);
  if (v.kind === "mismatch") throw mismatch(v.mismatch, v.detail);
  return {
    network: target.network,
    txHash,
    check: "VERIFIED",
    block: v.block,
    final: v.confirmations >= settings.confirmations,
  };
}

async function ownerOrThrow(tx: Tx, id: number) {
  const [owner] = await tx
    .select({ userId: requests.userId, type: requests.type, settlePostingId: requests.settlePostingId })
    .from(requests)
    .where(eq(requests.id, id));
  if (!owner) throw new AppError("NOT_FOUND");
  return owner;
}

/**
 * Step 2, in the route's transaction: the hash is claimed for this request (payout_hashes; another request's hash →
 * 422) and the request goes APPROVED → SENDING exactly once (409 CONFLICT when it no longer is APPROVED), then PAID
 * at once when the proof already has its confirmations.
 */
export async function recordPayout(
  tx: Tx,
  args: { id: number; adminId: number; proof: PayoutProof } & Ctx,
): Promise<RequestDto> {
  const { id, proof } = args;
  const owner = await ownerOrThrow(tx, id);
  await memberRowForShare(tx, owner.userId);
  await tx
    .insert(payoutHashes)
    .values({ txHash: proof.txHash, network: proof.network, requestId: id, recordedBy: args.adminId })
    .onConflictDoNothing();
  await refuseUsedHash(tx, id, proof.txHash);
  const [row] = await tx
    .update(requests)
    .set({
      status: "SENDING",
      payoutTxHash: proof.txHash,
      payoutCheck: proof.check,
      payoutBlock: proof.block,
      payoutRecordedAt: sql`now()`,
      payoutRecordedBy: args.adminId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(requests.id, id), eq(requests.status, "APPROVED"), inArray(requests.type, [...PAYOUT_TYPES])))
    .returning();
  if (!row) throw new AppError("CONFLICT");
  await writeAudit(tx, {
    action: "request.payout_recorded",
    actorId: args.adminId,
    targetUserId: row.userId,
    targetId: id,
    ip: args.ip ?? null,
    requestId: args.requestId ?? null,
    before: { status: "APPROVED" },
    after: { status: "SENDING", txHash: proof.txHash, network: proof.network, check: proof.check, block: proof.block },
  });
  await event(tx, id, "SENDING", args.adminId, null);
  if (proof.check === "VERIFIED" && proof.final) await markPaid(tx, row, args.adminId, args);
  return requestNow(tx, id);
}

/**
 * SENDING → PAID exactly once (guarded on the hash it was proven with): the coins leave `payouts` for `external`,
 * `paid_at` is set, the timeline gets PAID and the member one `request_paid` notification. Null when the request is
 * no longer SENDING with that hash (another pass got there first). The caller holds the member's users row.
 */
export async function markPaid(tx: Tx, sending: Row, actorId: number | null, ctx: Ctx = {}): Promise<Row | null> {
  const hash = sending.payoutTxHash;
  if (!hash) return null;
  const [row] = await tx
    .update(requests)
    .set({ status: "PAID", paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(requests.id, sending.id), eq(requests.status, "SENDING"), eq(requests.payoutTxHash, hash)))
    .returning();
  if (!row) return null;
  const network = payoutTarget(row.walletAddr)?.network ?? "";
  await post(tx, {
    kind: `${row.type}_PAID`,
    idempotencyKey: `request-paid:${row.id}`,
    actorId,
    memo: `request ${row.id} ${hash}`,
    legs: [
      { account: system(row.coinSymbol, "payouts"), amount: new D(row.amount).neg() },
      { account: system(row.coinSymbol, "external"), amount: row.amount },
    ],
    audit: {
      action: "request.paid",
      actorId,
      targetUserId: row.userId,
      targetId: row.id,
      ip: ctx.ip ?? null,
      requestId: ctx.requestId ?? null,
      before: { status: "SENDING" },
      after: { status: "PAID", txHash: hash, network, block: row.payoutBlock, amount: toDecimalString(row.amount) },
    },
  });
  await event(tx, row.id, "PAID", actorId, null);
  await notify(tx, row.userId, "request_paid", { ...requestParams(row), txHash: hash, network });
  return row;
}

/**
 * A SENDING payout whose transaction left the chain (reorganised away) or no longer proves the payout goes back to
 * APPROVED exactly once (guarded on its hash): the hash fields are cleared (payout_hashes keeps the hash for this
 * request, so it may be recorded again), the timeline gets APPROVED with the reason, and the audit trail the
 * operator's notice `request.payout_reorged`. No posting: the coins never left `payouts`. False when it was not
 * SENDING with that hash any more.
 */
export async function reopenPayout(tx: Tx, sending: Row, reason: string): Promise<boolean> {
  const hash = sending.payoutTxHash;
  if (!hash) return false;
  const [row] = await tx
    .update(requests)
    .set({
      status: "APPROVED",
      payoutTxHash: null,
      payoutCheck: null,
      payoutBlock: null,
      payoutRecordedAt: null,
      payoutRecordedBy: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(requests.id, sending.id), eq(requests.status, "SENDING"), eq(requests.payoutTxHash, hash)))
    .returning({ id: requests.id, userId: requests.userId });
  if (!row) return false;
  await writeAudit(tx, {
    action: "request.payout_reorged",
    actorId: null,
    targetUserId: row.userId,
    targetId: row.id,
    before: { status: "SENDING", txHash: hash, check: sending.payoutCheck, block: sending.payoutBlock },
    after: { status: "APPROVED", reason },
  });
  await event(tx, row.id, "APPROVED", null, reason);
  return true;
}

/**
 * 송금 실패 처리: an APPROVED transfer/withdraw becomes FAILED exactly once (409 CONFLICT otherwise, 404 unknown) and
 * ONE posting gives amount and fee back — payouts −amount, fees −fee, the member's staked +total, with a history row
 * of +total — the timeline gets FAILED and the member a `request_failed` notification with the reason.
 */
export async function failPayout(
  tx: Tx,
  args: { id: number; adminId: number; reason: string } & Ctx,
): Promise<RequestDto> {
  const owner = await ownerOrThrow(tx, args.id);
  if (owner.type === "DEPOSIT") throw new AppError("CONFLICT");
  await memberRowForShare(tx, owner.userId);
  if (!(await inTransit(tx, owner.settlePostingId))) throw new AppError("CONFLICT");
  const [row] = await tx
    .update(requests)
    .set({ status: "FAILED", reason: args.reason, handledBy: args.adminId, updatedAt: sql`now()` })
    .where(and(eq(requests.id, args.id), eq(requests.status, "APPROVED"), inArray(requests.type, [...PAYOUT_TYPES])))
    .returning();
  if (!row) throw new AppError("CONFLICT");
  const fee = new D(row.fee);
  const legs: Leg[] = [
    { account: system(row.coinSymbol, "payouts"), amount: new D(row.amount).neg() },
    { account: member(row.userId, row.coinSymbol, "staked"), amount: row.total },
  ];
  if (!fee.eq(0)) legs.push({ account: system(row.coinSymbol, "fees"), amount: fee.neg() });
  await post(tx, {
    kind: `${row.type}_REFUND`,
    idempotencyKey: `request-fail:${row.id}`,
    actorId: args.adminId,
    memo: `request ${row.id} failed`,
    legs,
    memberTx: [{ userId: row.userId, type: row.type, coinSymbol: row.coinSymbol, amount: row.total }],
    audit: {
      action: "request.payout_failed",
      actorId: args.adminId,
      targetUserId: row.userId,
      targetId: row.id,
      ip: args.ip ?? null,
      requestId: args.requestId ?? null,
      before: { status: "APPROVED" },
      after: { status: "FAILED", reason: args.reason, refunded: toDecimalString(row.total) },
    },
  });
  await event(tx, row.id, "FAILED", args.adminId, args.reason);
  await notify(tx, row.userId, "request_failed", { ...requestParams(row), reason: args.reason });
  return requestNow(tx, row.id);
}
