/**
 * Transfer, withdraw and deposit requests (spec §5, §9; DESIGN §3): creation with the hold, the member's
 * cancel, and the administrator's approve/reject. Every function runs inside the caller's transaction.
 *
 * "At most once" is the database's job: one PENDING request per member, coin and type is a partial unique
 * index; a status change is `UPDATE … WHERE status = 'PENDING' RETURNING`, so two admins (or an admin and
 * the member cancelling) racing on one request produce exactly one outcome and one posting.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { type Coin, type RequestStatus, requestEvents, requests } from "@/db/schema";
import { moneyFactsOrThrow } from "@/db/queries/users";
import { DEPOSIT_DECIMALS, MIN_TRANSFER } from "@/lib/constants";
import { audit as writeAudit } from "@/lib/audit";
import { AppError, uniqueViolation } from "@/lib/errors";
import { lockMemberAccounts, memberBalances, member, move, post, system, type Leg } from "@/lib/ledger";
import { D, type Dec, floorTo, toDecimalString } from "@/lib/money";
import { transferFeeFor } from "./address";
import { checkTransfer } from "./fees";

type Ctx = { ip?: string; requestId?: string };

async function insertRequest(tx: Tx, values: typeof requests.$inferInsert) {
  try {
    // A savepoint, so the unique violation can be answered as 409 without aborting the caller's transaction.
    return await tx.transaction(async (sp) => {
      const [row] = await sp.insert(requests).values(values).returning();
      return row!;
    });
  } catch (e) {
    if (uniqueViolation(e) === "requests_one_pending_uq") throw new AppError("DUPLICATE_PENDING");
    throw e;
  }
}

async function event(tx: Tx, requestId: number, status: RequestStatus, actorId: number | null, reason?: string | null) {
  await tx.insert(requestEvents).values({ requestId, status, actorId, reason: reason ?? null });
}

export type CreatedTransfer = {
  id: number;
  coinSymbol: Coin;
  amount: string;
  fee: string;
  total: string;
  status: RequestStatus;
};

/**
 * A TRANSFER or WITHDRAW request: ID approved (403 KYC_REQUIRED), a wallet address (409 WALLET_REQUIRED),
 * fee by the address's network, minimum 5 (400 BELOW_MINIMUM), amount ≤ floor2(staked − fee)
 * (400 ABOVE_MAXIMUM), one PENDING per coin and type (409 DUPLICATE_PENDING); amount + fee moves
 * staked → held in the same transaction as the request row.
 */
export async function createTransferRequest(
  tx: Tx,
  args: { userId: number; type: "TRANSFER" | "WITHDRAW"; coin: Coin; amount: Dec } & Ctx,
): Promise<CreatedTransfer> {
  const u = await moneyFactsOrThrow(tx, { id: args.userId });
  if (u.idStatus !== "APPROVED") throw new AppError("KYC_REQUIRED");
  if (!u.walletAddr) throw new AppError("WALLET_REQUIRED");
  const fee = new D(transferFeeFor(u.walletAddr));
  if (args.amount.lessThan(MIN_TRANSFER)) throw new AppError("BELOW_MINIMUM", { minimum: MIN_TRANSFER });
  const total = args.amount.plus(fee);

  // Claim the one-pending slot first (waits on, or fails against, a concurrent request for the same slot)…
  const row = await insertRequest(tx, {
    userId: args.userId,
    type: args.type,
    coinSymbol: args.coin,
    amount: args.amount.toFixed(),
    fee: fee.toFixed(),
    total: total.toFixed(),
    walletAddr: u.walletAddr,
  });
  // …then read the staked balance under lock, so the spendable maximum is judged on settled numbers.
  await lockMemberAccounts(tx, args.userId, args.coin);
  const staked = (await memberBalances(tx, args.userId, [args.coin]))[args.coin]?.staked ?? "0";
  const check = checkTransfer(args.amount, staked, fee);
  if (!check.ok && check.reason === "BELOW_MINIMUM") throw new AppError("BELOW_MINIMUM", { minimum: MIN_TRANSFER });
  if (!check.ok)
    throw new AppError("ABOVE_MAXIMUM", {
      spendable: check.spendable.toFixed(2),
      staked: toDecimalString(staked),
      fee: fee.toFixed(),
    });

  const hold = await move(tx, {
    kind: `${args.type}_HOLD`,
    idempotencyKey: `request-hold:${row.id}`,
    userId: args.userId,
    coin: args.coin,
    amount: total,
    from: "staked",
    to: "held",
    actorId: args.userId,
    memo: `request ${row.id}`,
  });
  await tx.update(requests).set({ holdPostingId: hold.postingId }).where(eq(requests.id, row.id));
  await event(tx, row.id, "PENDING", args.userId);
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    amount: args.amount.toFixed(),
    fee: fee.toFixed(),
    total: total.toFixed(),
    status: "PENDING",
  };
}

export type CreatedDeposit = { id: number; coinSymbol: Coin; krwAmount: string; amount: string; status: RequestStatus };

/**
 * A DEPOSIT request: the KRW amount in coin units at 6 decimals (rounded down) at `priceKrw`, which is
 * stored on the request. Nothing moves until an administrator approves it.
 */
export async function createDepositRequest(
  tx: Tx,
  args: { userId: number; coin: Coin; krwAmount: Dec; priceKrw: string } & Ctx,
): Promise<CreatedDeposit> {
  await moneyFactsOrThrow(tx, { id: args.userId });
  const amount = depositCoinAmount(args.krwAmount, args.priceKrw);
  if (!amount.isPositive() || amount.isZero()) throw new AppError("INVALID_AMOUNT", { field: "amount" });
  const row = await insertRequest(tx, {
    userId: args.userId,
    type: "DEPOSIT",
    coinSymbol: args.coin,
    amount: amount.toFixed(),
    fee: "0",
    total: amount.toFixed(),
    krwAmount: args.krwAmount.toFixed(),
    priceKrw: args.priceKrw,
  });
  await event(tx, row.id, "PENDING", args.userId);
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    krwAmount: args.krwAmount.toFixed(),
    amount: amount.toFixed(),
    status: "PENDING",
  };
}

/** KRW → coin units at 6 decimals, rounded down (spec §5, §9). */
export function depositCoinAmount(krwAmount: Dec | string, priceKrw: Dec | string): Dec {
  const price = new D(priceKrw);
  if (!price.isPositive() || price.isZero()) throw new AppError("PRICE_UNAVAILABLE");
  return floorTo(new D(krwAmount).div(price), DEPOSIT_DECIMALS);
}

/** Changes a PENDING request's status exactly once; null when it is not (or no longer) PENDING. */
async function settleStatus(
  tx: Tx,
  id: number,
  status: RequestStatus,
  actorId: number,
  reason: string | null,
  ownerId?: number,
) {
  const where = ownerId
    ? and(eq(requests.id, id), eq(requests.status, "PENDING"), eq(requests.userId, ownerId))
    : and(eq(requests.id, id), eq(requests.status, "PENDING"));
  const [row] = await tx
    .update(requests)
    .set({ status, handledBy: actorId, reason, updatedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

async function whyNotPending(tx: Tx, id: number, ownerId?: number): Promise<never> {
  const [r] = await tx.select({ userId: requests.userId }).from(requests).where(eq(requests.id, id));
  if (!r || (ownerId !== undefined && r.userId !== ownerId)) throw new AppError("NOT_FOUND");
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

/** The member cancels their own PENDING request; a transfer/withdraw hold is released at once. */
export async function cancelRequest(tx: Tx, args: { id: number; userId: number } & Ctx) {
  const row = await settleStatus(tx, args.id, "CANCELLED", args.userId, null, args.userId);
  if (!row) return whyNotPending(tx, args.id, args.userId);
  const posting = await releaseHold(tx, row, args.userId, "cancelled");
  if (posting) await tx.update(requests).set({ settlePostingId: posting.postingId }).where(eq(requests.id, row.id));
  await event(tx, row.id, "CANCELLED", args.userId);
  return row;
}

/**
 * An administrator approves or rejects a PENDING request, exactly once.
 * Approve: transfer/withdraw → held − total, external + amount, fees + fee, with a TRANSFER/WITHDRAW history
 * row of −total; deposit → external → holding with a DEPOSIT row. Reject: the hold goes back to staked.
 */
export async function decideRequest(
  tx: Tx,
  args: { id: number; adminId: number; action: "APPROVE" | "REJECT"; reason: string | null } & Ctx,
) {
  const status = args.action === "APPROVE" ? "APPROVED" : "REJECTED";
  const row = await settleStatus(tx, args.id, status, args.adminId, args.reason);
  if (!row) return whyNotPending(tx, args.id);
  const audit = {
    action: `request.${status.toLowerCase()}`,
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
    const p = await releaseHold(tx, row, args.adminId, "rejected");
    postingId = p?.postingId ?? null;
    await writeAudit(tx, audit);
  } else if (row.type === "DEPOSIT") {
    const p = await post(tx, {
      kind: "DEPOSIT_APPROVE",
      idempotencyKey: `request-settle:${row.id}`,
      actorId: args.adminId,
      memo: `request ${row.id}`,
      legs: [
        { account: system(row.coinSymbol, "external"), amount: new D(row.amount).neg() },
        { account: member(row.userId, row.coinSymbol, "holding"), amount: row.amount },
      ],
      memberTx: [{ userId: row.userId, type: "DEPOSIT", coinSymbol: row.coinSymbol, amount: row.amount }],
      audit,
    });
    postingId = p.postingId;
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
  await event(tx, row.id, status, args.adminId, args.reason);
  return row;
}
