/**
 * Transfer, withdraw and deposit requests (spec §5, §9; DESIGN §3): creation with the hold, the member's
 * cancel, the administrator's approve/reject, the expiry of deposit quotes, and the rejection of a member's
 * pending requests when their account, wallet address or ID approval goes away. Money changes run inside
 * the caller's transaction unless a function says it opens its own.
 *
 * "At most once" is the database's job: one PENDING request per member, coin and type is a partial unique
 * index; a status change is `UPDATE … WHERE status = 'PENDING' RETURNING`, so two admins (or an admin and
 * the member cancelling) racing on one request produce exactly one outcome and one posting.
 * Lock order, as everywhere: the member's users row, then the request, then ledger accounts.
 */
import { and, eq, getTableColumns, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { memberRequests, type RequestDto, requestById } from "@/db/queries/requests";
import { type Coin, type RequestStatus, type RequestType, requestEvents, requests } from "@/db/schema";
import { audit as writeAudit, type RequestMeta } from "@/lib/audit";
import {
  DEPOSIT_DECIMALS,
  MIN_TRANSFER,
  TRANSFER_DECIMALS,
  DEPOSIT_PRICE_MAX_AGE_MS,
  DEPOSIT_QUOTE_TTL_MS,
} from "@/lib/constants";
import { AppError, foundOrThrow, isAppError, uniqueViolation } from "@/lib/errors";
import { type Leg, lockMemberAccounts, member, memberBalances, move, post, system } from "@/lib/ledger";
import { D, type Dec, floorTo, toDecimalString } from "@/lib/money";
import { currentPrice } from "@/lib/prices";
import { checkTransfer, transferFeeFor } from "./fees";
import { lockActiveMemberOrThrow, lockMemberRow } from "./holdings";

type Ctx = Partial<RequestMeta>;

async function insertRequest(tx: Tx, values: PgInsertValue<typeof requests>) {
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

async function event(
  tx: DbOrTx,
  requestId: number,
  status: RequestStatus,
  actorId: number | null,
  reason?: string | null,
) {
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
 * A TRANSFER or WITHDRAW request. Every rule is checked here and only here (the route only parses): an
 * ACTIVE member (404), ID approved (403 KYC_REQUIRED), a wallet address (409 WALLET_REQUIRED), at most
 * TRANSFER_DECIMALS decimals (400 INVALID_AMOUNT), one PENDING per coin and type (409 DUPLICATE_PENDING),
 * then lib/wallet/fees checkTransfer: minimum (400 BELOW_MINIMUM) and amount ≤ floor2(staked − fee)
 * (400 ABOVE_MAXIMUM). amount + fee moves staked → held in the same transaction as the request row.
 * The member row is locked FOR SHARE first, so the status and the wallet address stay as read until
 * commit: a deactivation, wallet reset or ID revocation waits for this request and then rejects it.
 */
export async function createTransferRequest(
  tx: Tx,
  args: { userId: number; type: "TRANSFER" | "WITHDRAW"; coin: Coin; amount: Dec } & Ctx,
): Promise<CreatedTransfer> {
  const u = await lockActiveMemberOrThrow(tx, args.userId);
  if (u.idStatus !== "APPROVED") throw new AppError("KYC_REQUIRED");
  if (!u.walletAddr) throw new AppError("WALLET_REQUIRED");
  if (args.amount.decimalPlaces() > TRANSFER_DECIMALS) throw new AppError("INVALID_AMOUNT", { field: "amount" });
  const fee = new D(transferFeeFor(u.walletAddr));

  // Claim the one-pending slot first (waits on, or fails against, a concurrent request for the same slot)…
  const row = await insertRequest(tx, {
    userId: args.userId,
    type: args.type,
    coinSymbol: args.coin,
    amount: args.amount.toFixed(),
    fee: fee.toFixed(),
    total: args.amount.plus(fee).toFixed(),
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
    amount: check.total,
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
    total: check.total.toFixed(),
    status: "PENDING",
  };
}

/**
 * The KRW price a deposit may be converted at: a real (never seeded) price at most
 * DEPOSIT_PRICE_MAX_AGE_MS old, else 503 PRICE_UNAVAILABLE. Call it before the transaction opens: a slow
 * feed must not hold database locks.
 */
export async function freshDepositPriceOrThrow(coin: Coin, now = Date.now()): Promise<string> {
  const quote = await currentPrice(coin);
  if (!quote.usable || now - quote.updatedAt.getTime() > DEPOSIT_PRICE_MAX_AGE_MS)
    throw new AppError("PRICE_UNAVAILABLE", {}, { "retry-after": "30" });
  return quote.priceKrw;
}

export type CreatedDeposit = {
  id: number;
  coinSymbol: Coin;
  krwAmount: string;
  amount: string;
  status: RequestStatus;
  /** The quote holds until then; afterwards the request is EXPIRED. */
  quoteExpiresAt: string;
};

/**
 * A DEPOSIT request: the KRW amount in coin units at 6 decimals (rounded down) at `priceKrw` (from
 * freshDepositPriceOrThrow), stored with the moment the quote expires. Nothing moves until an
 * administrator approves it. A quote of the member's that has run out is expired first, so it does not
 * hold the one-pending slot.
 */
export async function createDepositRequest(
  tx: Tx,
  args: { userId: number; coin: Coin; krwAmount: Dec; priceKrw: string } & Ctx,
): Promise<CreatedDeposit> {
  await lockActiveMemberOrThrow(tx, args.userId);
  const amount = depositCoinAmount(args.krwAmount, args.priceKrw);
  if (!amount.isPositive() || amount.isZero()) throw new AppError("INVALID_AMOUNT", { field: "amount" });
  await expireStaleQuotes(tx, { userId: args.userId });
  const row = await insertRequest(tx, {
    userId: args.userId,
    type: "DEPOSIT",
    coinSymbol: args.coin,
    amount: amount.toFixed(),
    fee: "0",
    total: amount.toFixed(),
    krwAmount: args.krwAmount.toFixed(),
    priceKrw: args.priceKrw,
    // The database's clock, the one every expiry check compares with.
    quoteExpiresAt: sql`now() + ${DEPOSIT_QUOTE_TTL_MS} * interval '1 millisecond'`,
  });
  await event(tx, row.id, "PENDING", args.userId);
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    krwAmount: args.krwAmount.toFixed(),
    amount: amount.toFixed(),
    status: "PENDING",
    quoteExpiresAt: row.quoteExpiresAt!.toISOString(),
  };
}

/** KRW → coin units at 6 decimals, rounded down (spec §5, §9). */
export function depositCoinAmount(krwAmount: Dec | string, priceKrw: Dec | string): Dec {
  const price = new D(priceKrw);
  if (!price.isPositive() || price.isZero()) throw new AppError("PRICE_UNAVAILABLE");
  return floorTo(new D(krwAmount).div(price), DEPOSIT_DECIMALS);
}

/**
 * PENDING deposits whose quote has run out become EXPIRED (with a SYSTEM event), exactly once even when
 * several instances sweep at once (the UPDATE re-checks the status). Run lazily before a request is
 * created, cancelled or decided, and by the periodic sweep (lib/jobs.ts). Returns how many expired.
 */
export async function expireStaleQuotes(db: DbOrTx, scope: { userId?: number; id?: number } = {}): Promise<number> {
  const where: SQL[] = [
    eq(requests.status, "PENDING"),
    eq(requests.type, "DEPOSIT"),
    lte(requests.quoteExpiresAt, sql`now()`),
  ];
  if (scope.userId !== undefined) where.push(eq(requests.userId, scope.userId));
  if (scope.id !== undefined) where.push(eq(requests.id, scope.id));
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(requests)
      .set({ status: "EXPIRED", updatedAt: new Date() })
      .where(and(...where))
      .returning({ id: requests.id });
    if (rows.length)
      await tx
        .insert(requestEvents)
        .values(
          rows.map((r) => ({ requestId: r.id, status: "EXPIRED" as const, actorId: null, reason: "quote expired" })),
        );
    return rows.length;
  });
}

/** The periodic sweep (lib/jobs.ts): once a minute, quotes that ran out become EXPIRED for everyone to see. */
export function startQuoteExpirySweep(): void {
  const timer = setInterval(() => {
    getDb()
      .then((db) => expireStaleQuotes(db))
      // The next tick retries; reads already show EXPIRED meanwhile.
      .catch(() => {});
  }, 60_000);
  timer.unref?.();
}

/** Changes a request's status exactly once, from one of `from`; null when it is not (or no longer) in one. */
async function settleStatus(
  tx: Tx,
  id: number,
  from: RequestStatus[],
  status: RequestStatus,
  actorId: number,
  reason: string | null,
  ownerId?: number,
) {
  const where = [eq(requests.id, id), inArray(requests.status, from)];
  if (ownerId !== undefined) where.push(eq(requests.userId, ownerId));
  const [row] = await tx
    .update(requests)
    .set({ status, handledBy: actorId, reason, updatedAt: new Date() })
    .where(and(...where))
    .returning({
      ...getTableColumns(requests),
      quoteRanOut: sql<boolean>`coalesce(${requests.quoteExpiresAt} <= now(), false)`,
    });
  return row ?? null;
}

async function whyNotPending(tx: Tx, id: number, ownerId?: number): Promise<never> {
  const [r] = await tx
    .select({ userId: requests.userId, status: requests.status })
    .from(requests)
    .where(eq(requests.id, id));
  if (!r || (ownerId !== undefined && r.userId !== ownerId)) throw new AppError("NOT_FOUND");
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
 * The member cancels their own PENDING request (opens its own transaction); a transfer/withdraw hold is
 * released at once. An EXPIRED deposit can no longer be cancelled (409 REQUEST_EXPIRED): an administrator
 * may still confirm the KRW that arrived.
 */
export async function cancelRequest(args: { id: number; userId: number } & Ctx, db?: DbOrTx): Promise<RequestDto> {
  const conn = db ?? (await getDb());
  // Committed on its own: the expiry stands even though the cancel below is refused.
  await expireStaleQuotes(conn, { id: args.id, userId: args.userId });
  return conn.transaction(async (tx) => {
    await lockActiveMemberOrThrow(tx, args.userId);
    const row = await settleStatus(tx, args.id, ["PENDING"], "CANCELLED", args.userId, null, args.userId);
    if (!row) return whyNotPending(tx, args.id, args.userId);
    const posting = await releaseHold(tx, row, args.userId, "cancelled");
    if (posting) await tx.update(requests).set({ settlePostingId: posting.postingId }).where(eq(requests.id, row.id));
    await event(tx, row.id, "CANCELLED", args.userId);
    return foundOrThrow(await requestById(tx, { id: row.id }));
  });
}

/** The member's own requests (all types), newest first; quotes that ran out read EXPIRED. */
export async function listMemberRequests(
  args: { userId: number; status?: RequestStatus; type?: RequestType; page: number; limit: number },
  db?: DbOrTx,
) {
  return memberRequests(db ?? (await getDb()), args);
}

/**
 * The price to re-price an expired deposit at, when the administrator confirms the KRW received: read
 * before the decision's transaction opens (503 PRICE_UNAVAILABLE without a fresh price). Null for an
 * unknown request (the decision then answers 404).
 */
export async function repriceFor(id: number, db?: DbOrTx): Promise<{ coin: Coin; priceKrw: string } | null> {
  const [r] = await (db ?? (await getDb()))
    .select({ coin: requests.coinSymbol })
    .from(requests)
    .where(eq(requests.id, id));
  if (!r) return null;
  return { coin: r.coin, priceKrw: await freshDepositPriceOrThrow(r.coin) };
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
  await event(tx, settled.id, status, args.adminId, note);
  return foundOrThrow(await requestById(tx, { id: settled.id }));
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
