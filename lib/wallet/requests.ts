/**
 * Creating transfer, withdraw and deposit requests (DESIGN.md, "Money and the ledger"): the request row with its hold,
 * and the member's list of their own requests. The expiry of deposit quotes lives in ./deposit-quotes, the
 * member's cancel, the administrator's approve/reject and the rejection of a member's pending requests in
 * ./request-decisions. Money changes run inside the caller's transaction unless a function says it opens its own.
 *
 * "At most once" is the database's job: one PENDING request per member, coin and type is a partial unique
 * index; a status change is `UPDATE … WHERE status = 'PENDING' RETURNING`, so two admins (or an admin and
 * the member cancelling) racing on one request produce exactly one outcome and one posting.
 * Lock order, as everywhere: the member's users row, then the request, then ledger accounts.
 */
import { eq, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { type DbOrTx, getDb, rowsOf, type Tx } from "@/db/client";
import { openPauseJsonSql } from "@/db/queries/maintenance";
import { memberRequests } from "@/db/queries/requests";
import { type Coin, type RequestStatus, type RequestType, requestEvents, requests, users } from "@/db/schema";
import type { RequestMeta } from "@/lib/audit";
import { MIN_TRANSFER, TRANSFER_DECIMALS, DEPOSIT_QUOTE_TTL_MS } from "@/lib/constants";
import { takeDepositorName } from "@/lib/deposits/depositor-name";
import { AppError, databaseError } from "@/lib/errors";
import { maintenanceError } from "@/lib/maintenance/check";
import { sendFeature } from "@/lib/maintenance/features";
import { countPosting } from "@/lib/metrics";
import { D, type Dec, toDecimalString } from "@/lib/money";
import { now } from "@/lib/clock";
import { notify } from "@/lib/notifications";
import { type TravelRuleClaim, travelRuleRecord } from "@/lib/travel-rule/rules";
import { caseDueAt, requestRuleCtes } from "@/lib/fraud/rules";
import { cooldownError } from "@/lib/money-cooldown";
import { dailyLimitError, defaultDailyLimitKrw, kstDayBounds } from "./limits";
import { depositCoinAmount, expireStaleQuotes } from "./deposit-quotes";
import { spendableMax, transferFeeFor } from "./fees";
import { activeMemberForShareOrThrow } from "./member-row";
import { krwHoldError, krwHoldHours } from "./krw-hold";

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
  /**
   * Present (true) only when a fraud rule held the request for review (심사 중) until its case is decided
   * (lib/fraud/rules.ts); absent otherwise, so the answer keeps the shape DESIGN.md's calls table gives it.
   */
  underReview?: true;
};

/** A refusal of transfer_request_open (SQLSTATE WL003, db/functions): the code and the facts it was judged on. */
type OpenRefusal = { code: string; facts: Record<string, string> };

function openRefusal(e: unknown): OpenRefusal | null {
  const err = databaseError(e, "WL003");
  return err && { code: err.message, facts: JSON.parse(err.detail || "{}") };
}

/** A refusal as the member's error, with what the screen needs to explain it. */
function refusalError(r: OpenRefusal, args: { amount: Dec; priceKrw: string | null }, fee: Dec): AppError {
  switch (r.code) {
    case "COOLDOWN":
      return cooldownError(new Date(r.facts.until!));
    case "INVALID_AMOUNT":
      return new AppError("INVALID_AMOUNT", { field: "amount" });
    case "PRICE_UNAVAILABLE":
      return new AppError("PRICE_UNAVAILABLE", {}, { "retry-after": "30" });
    case "BELOW_MINIMUM":
      return new AppError("BELOW_MINIMUM", { minimum: MIN_TRANSFER });
    case "ABOVE_MAXIMUM":
      return new AppError("ABOVE_MAXIMUM", {
        spendable: spendableMax(r.facts.staked!, fee).toFixed(2),
        staked: toDecimalString(r.facts.staked!),
        fee: fee.toFixed(),
      });
    case "DESTINATION_BLOCKED":
      return new AppError("DESTINATION_BLOCKED", { exchange: r.facts.exchange! });
    case "KRW_HOLD":
      return krwHoldError({ heldAmount: r.facts.heldAmount!, staked: r.facts.staked!, opensAt: r.facts.opensAt! }, fee);
    case "DAILY_LIMIT":
      return dailyLimitError(
        { usedKrw: new D(r.facts.usedKrw!), limitKrw: new D(r.facts.limitKrw!) },
        args.priceKrw ?? "0",
      );
    case "NOT_FOUND":
    case "KYC_REQUIRED":
    case "WALLET_REQUIRED":
    case "DUPLICATE_PENDING":
    case "ADDRESS_NOT_VERIFIED":
      return new AppError(r.code);
    default:
      throw new Error(`transfer_request_open: unknown refusal ${r.code}`);
  }
}

/**
 * A TRANSFER or WITHDRAW request: the request row, its hold (amount + fee, staked → held, through ledger_post), its
 * first timeline event and — at or above the Travel Rule's threshold — its Travel Rule record, in ONE statement: the
 * SQL function transfer_request_open (db/functions/transfer_request_open.sql), which takes the locks and judges the
 * refusals in this order: an ACTIVE member (404), no running cool-down (403 COOLDOWN, ./cooldown), ID approved (403
 * KYC_REQUIRED), a wallet address (409 WALLET_REQUIRED), an exchange not blocked (403 DESTINATION_BLOCKED) or a
 * personal wallet its member proved (403 ADDRESS_NOT_VERIFIED), at most TRANSFER_DECIMALS decimals (400
 * INVALID_AMOUNT), a usable price (503 PRICE_UNAVAILABLE, ./limits), one PENDING per coin and type (409
 * DUPLICATE_PENDING), the minimum (400 BELOW_MINIMUM), amount ≤ floor2(staked − fee) under the accounts' lock (400
 * ABOVE_MAXIMUM, ./fees), amount + fee ≤ staked − what the KRW hold keeps in the lock (403 KRW_HOLD, ./krw-hold),
 * today's KRW total within the member's daily limit (403 DAILY_LIMIT, ./limits).
 * The function judges every refusal, each at its rank; this side gives it the rules' numbers (MIN_TRANSFER and
 * TRANSFER_DECIMALS from lib/constants, the fee from ./fees, the limit and the hold from ./limits and ./krw-hold)
 * and turns the facts of a refusal into the error's parameters.
 * The member row is locked FOR SHARE first, so the status and the wallet address stay as read until commit: a
 * deactivation, wallet reset or ID revocation waits for this request and then rejects it.
 * `walletAddr` is the address the caller last saw (the session's): the fee is computed from it, and when the
 * locked row holds another one the function writes nothing and the call is made again with that address's fee.
 * Runs inside the caller's transaction, or on its own as one statement (a refusal then leaves nothing behind).
 */
export async function createTransferRequest(
  db: DbOrTx,
  args: {
    userId: number;
    type: "TRANSFER" | "WITHDRAW";
    coin: Coin;
    amount: Dec;
    /** KRW price of one coin (lib/wallet/limits outgoingPriceKrw), stored on the request; null: none usable → 503. */
    priceKrw: string | null;
    walletAddr?: string | null;
    /**
     * At or above the Travel Rule's threshold (lib/travel-rule/rules travelRuleOf, judged by the caller): the
     * recipient's details, the request's KRW value and the sender; the record is built for the address the
     * statement finds. null below it: nothing is stored.
     */
    travelRule?: TravelRuleClaim | null;
  } & Ctx,
): Promise<CreatedTransfer> {
  const at = now(); // the application clock decides the cool-down and which KST day counts it (./limits)
  const day = kstDayBounds(at);
  // When a case a fraud rule opens would be due (the holidays are kept in memory: no query on this path).
  const dueAt = await caseDueAt(at, db);
  let wallet = args.walletAddr ?? null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const fee = new D(transferFeeFor(wallet));
    const total = args.amount.plus(fee);
    const record = args.travelRule && wallet ? travelRuleRecord(args.travelRule, wallet) : null;
    let out: { id?: number; wallet?: string };
    let held = false;
    try {
      // The member's "request received" notification joins the same statement: written only when
      // the function opened a request (its answer has the id), and rolled back with it.
      // The fraud rules (lib/fraud/rules.ts) join it too: a hit opens a case and holds the request (`held`).
      const rows = rowsOf<{ r: string | null; paused: string | null; held: boolean }>(
        // A frozen account sends nothing (lib/account/freeze.ts): its users row is read FOR SHARE first, in this
        // statement, so a freeze racing the request is decided under the row lock — no row → ACCOUNT_FROZEN below.
        // (The row is locked whatever it holds, so the lock waits for a freeze in progress and reads it after.)
        // Maintenance (lib/maintenance): the open pause of this type on this address's network, read in the same
        // statement (one index read); while there is one the function is not called and nothing is written.
        await db.execute(sql`WITH paused AS (SELECT ${openPauseJsonSql(sendFeature(args.type, wallet))} AS p),
        frozen AS MATERIALIZED (SELECT frozen_at FROM users
          WHERE id = ${args.userId}::integer FOR SHARE),
        opened AS (SELECT transfer_request_open(
          ${args.userId}::integer, ${args.type}::request_type, ${args.coin}::coin, ${args.amount.toFixed()}::numeric,
          ${fee.toFixed()}::numeric, ${wallet}::text, ${args.priceKrw}::numeric, ${at.toISOString()}::timestamptz,
          ${MIN_TRANSFER}::numeric, ${TRANSFER_DECIMALS}::integer,
          ${day.start.toISOString()}::timestamptz, ${day.end.toISOString()}::timestamptz,
          ${defaultDailyLimitKrw()}::numeric, ${krwHoldHours()}::integer,
          ${record && JSON.stringify(record)}::jsonb) AS r
          WHERE NOT EXISTS (SELECT 1 FROM frozen WHERE frozen_at IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM paused WHERE p IS NOT NULL)),
        told AS (
          INSERT INTO notifications (user_id, kind, params)
          SELECT ${args.userId}::integer, 'request_received', jsonb_build_object('requestId', (o.r ->> 'id')::bigint,
            'type', ${args.type}::text, 'coin', ${args.coin}::text, 'amount', ${args.amount.toFixed()}::text)
          FROM opened o WHERE o.r ->> 'id' IS NOT NULL
        ),
        ${requestRuleCtes({ ...args, fee, at, dueAt })}
        SELECT o.r::text AS r, pz.p AS paused, EXISTS (SELECT 1 FROM fraud_case) AS held
        FROM paused pz LEFT JOIN opened o ON true`),
      );
      if (rows[0]?.paused) throw maintenanceError(JSON.parse(rows[0].paused));
      if (!rows[0]?.r) throw new AppError("ACCOUNT_FROZEN");
      out = JSON.parse(rows[0].r);
      held = rows[0].held === true;
    } catch (e) {
      const refusal = openRefusal(e);
      if (refusal) throw refusalError(refusal, args, fee);
      throw e;
    }
    if (out.wallet !== undefined) {
      wallet = out.wallet; // the address changed since the caller read it: again, with its fee
      continue;
    }
    countPosting(`${args.type}_HOLD`, false);
    return {
      id: Number(out.id),
      coinSymbol: args.coin,
      amount: args.amount.toFixed(),
      fee: fee.toFixed(),
      total: total.toFixed(),
      status: "PENDING",
      ...(held ? { underReview: true as const } : {}),
    };
  }
  throw new AppError("CONFLICT"); // the address kept changing under the request
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
  /** The name the member's bank transfer must carry (입금자명, lib/deposits/depositor-name.ts). */
  depositorName: string;
};

/**
 * A DEPOSIT request: the KRW amount in coin units at 6 decimals (rounded down) at `priceKrw` (from
 * freshDepositPriceOrThrow), stored with the moment the quote expires. Nothing moves until an
 * administrator approves it (or a bank statement line pays it, lib/deposits/match.ts). A quote of the member's that
 * has run out is expired first, so it does not hold the one-pending slot. The deposit gets its depositor name
 * (입금자명), unique among the deposits waiting for KRW.
 */
export async function createDepositRequest(
  tx: Tx,
  args: { userId: number; coin: Coin; krwAmount: Dec; priceKrw: string } & Ctx,
): Promise<CreatedDeposit> {
  await activeMemberForShareOrThrow(tx, args.userId);
  const amount = depositCoinAmount(args.krwAmount, args.priceKrw);
  if (!amount.gt(0)) throw new AppError("INVALID_AMOUNT", { field: "amount" });
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
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, args.userId));
  const depositorName = await takeDepositorName(tx, { requestId: row.id, memberName: owner?.name ?? "" });
  await notify(tx, args.userId, "request_received", {
    requestId: row.id,
    type: "DEPOSIT",
    coin: row.coinSymbol,
    amount: amount.toFixed(),
  });
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    krwAmount: args.krwAmount.toFixed(),
    amount: amount.toFixed(),
    priceKrw: toDecimalString(args.priceKrw),
    status: "PENDING",
    quoteExpiresAt: row.quoteExpiresAt!.toISOString(),
    depositorName,
  };
}

/**
 * The member's own requests (all types), newest first; quotes that ran out read EXPIRED, and a deposit waiting for
 * a second administrator's approval says so (awaitingApproval).
 */
export async function listMemberRequests(
  args: { userId: number; status?: RequestStatus; type?: RequestType; page: number; limit: number },
  db?: DbOrTx,
) {
  return memberRequests(db ?? (await getDb()), { ...args, at: now() });
}
