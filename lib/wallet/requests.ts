/**
 * Creating transfer, withdraw and deposit requests (spec §5, §9; DESIGN §3): the request row with its hold,
 * and the member's list of their own requests. The expiry of deposit quotes lives in ./deposit-quotes, the
 * member's cancel, the administrator's approve/reject and the rejection of a member's pending requests in
 * ./request-decisions. Money changes run inside the caller's transaction unless a function says it opens its own.
 *
 * "At most once" is the database's job: one PENDING request per member, coin and type is a partial unique
 * index; a status change is `UPDATE … WHERE status = 'PENDING' RETURNING`, so two admins (or an admin and
 * the member cancelling) racing on one request produce exactly one outcome and one posting.
 * Lock order, as everywhere: the member's users row, then the request, then ledger accounts.
 */
import { sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { memberRequests } from "@/db/queries/requests";
import { type Coin, type RequestStatus, type RequestType, requestEvents, requests } from "@/db/schema";
import type { RequestMeta } from "@/lib/audit";
import { MIN_TRANSFER, TRANSFER_DECIMALS, DEPOSIT_QUOTE_TTL_MS } from "@/lib/constants";
import { AppError } from "@/lib/errors";
import { lockMemberAccounts, move } from "@/lib/ledger";
import { D, type Dec, toDecimalString } from "@/lib/money";
import { now } from "@/lib/clock";
import { assertNoCooldown } from "./cooldown";
import { assertWithinDailyLimit } from "./limits";
import { depositCoinAmount, expireStaleQuotes } from "./deposit-quotes";
import { checkTransfer, transferFeeFor } from "./fees";
import { lockActiveMemberOrThrow } from "./holdings";

type Ctx = Partial<RequestMeta>;

/**
 * Inserts the request, or answers 409 DUPLICATE_PENDING when the member already has one PENDING of this coin
 * and type (the partial unique index requests_one_pending_uq; a concurrent insert for the same slot is
 * waited for). ON CONFLICT instead of a savepoint around a unique violation: one round trip, not three.
 */
async function insertRequest(tx: Tx, values: PgInsertValue<typeof requests>) {
  const [row] = await tx
    .insert(requests)
    .values(values)
    .onConflictDoNothing({
      target: [requests.userId, requests.coinSymbol, requests.type],
      where: sql`status = 'PENDING'`,
    })
    .returning();
  if (!row) throw new AppError("DUPLICATE_PENDING");
  return row;
}

export async function event(
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
 * Issue 14: no running cool-down (403 COOLDOWN, ./cooldown), a known price (503 PRICE_UNAVAILABLE), stored on
 * the request, and today's KRW total within the member's daily limit (403 DAILY_LIMIT, ./limits).
 * The member row is locked FOR SHARE first, so the status and the wallet address stay as read until
 * commit: a deactivation, wallet reset or ID revocation waits for this request and then rejects it.
 */
export async function createTransferRequest(
  tx: Tx,
  args: {
    userId: number;
    type: "TRANSFER" | "WITHDRAW";
    coin: Coin;
    amount: Dec;
    /** KRW price of one coin (lib/wallet/limits outgoingPriceKrw), stored on the request; null: none known → 503. */
    priceKrw: string | null;
  } & Ctx,
): Promise<CreatedTransfer> {
  const u = await lockActiveMemberOrThrow(tx, args.userId);
  assertNoCooldown(u.moneyCooldownUntil); // 403 COOLDOWN (lib/wallet/cooldown.ts)
  if (u.idStatus !== "APPROVED") throw new AppError("KYC_REQUIRED");
  if (!u.walletAddr) throw new AppError("WALLET_REQUIRED");
  if (args.amount.decimalPlaces() > TRANSFER_DECIMALS) throw new AppError("INVALID_AMOUNT", { field: "amount" });
  if (!args.priceKrw) throw new AppError("PRICE_UNAVAILABLE", {}, { "retry-after": "30" });
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
    priceKrw: args.priceKrw,
    createdAt: now(), // the application clock decides which KST day counts it (lib/wallet/limits.ts)
  });
  // …then read the staked balance under lock, so the spendable maximum is judged on settled numbers.
  const { staked } = await lockMemberAccounts(tx, args.userId, args.coin);
  const check = checkTransfer(args.amount, staked, fee);
  if (!check.ok && check.reason === "BELOW_MINIMUM") throw new AppError("BELOW_MINIMUM", { minimum: MIN_TRANSFER });
  if (!check.ok)
    throw new AppError("ABOVE_MAXIMUM", {
      spendable: check.spendable.toFixed(2),
      staked: toDecimalString(staked),
      fee: fee.toFixed(),
    });
  // Under the same account lock: today's KRW total within the member's limit (403 DAILY_LIMIT).
  await assertWithinDailyLimit(tx, {
    userId: args.userId,
    requestId: row.id,
    amount: args.amount,
    priceKrw: args.priceKrw,
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
  // The hold's posting on the request and its first timeline event, in one statement.
  await tx.execute(sql`
    WITH held AS (UPDATE requests SET hold_posting_id = ${hold.postingId}::bigint WHERE id = ${row.id}::bigint)
    INSERT INTO request_events (request_id, status, actor_id) VALUES (${row.id}::bigint, 'PENDING', ${args.userId}::integer)`);
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    amount: args.amount.toFixed(),
    fee: fee.toFixed(),
    total: check.total.toFixed(),
    status: "PENDING",
  };
}

export type CreatedDeposit = {
  id: number;
  coinSymbol: Coin;
  krwAmount: string;
  amount: string;
  /** The KRW price of one coin the amount was converted at (the receipt shows it). */
  priceKrw: string;
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
    priceKrw: toDecimalString(args.priceKrw),
    status: "PENDING",
    quoteExpiresAt: row.quoteExpiresAt!.toISOString(),
  };
}

/** The member's own requests (all types), newest first; quotes that ran out read EXPIRED. */
export async function listMemberRequests(
  args: { userId: number; status?: RequestStatus; type?: RequestType; page: number; limit: number },
  db?: DbOrTx,
) {
  return memberRequests(db ?? (await getDb()), args);
}
