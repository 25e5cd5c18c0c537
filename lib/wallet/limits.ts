/**
 * Daily withdrawal limit, the Korean way (as Upbit and GOPAX do): what a member may request to send out
 * (TRANSFER + WITHDRAW) per KST calendar day, counted in KRW at the price of each request. The limit is
 * DAILY_WITHDRAW_LIMIT_KRW (default ₩2,000,000) unless a SUPERADMIN set a per-member override through four-eyes
 * (setDailyLimitOverride). The day resets at 00:00 KST, judged on the application clock (lib/clock.ts).
 *
 * What counts: the `amount` of the member's TRANSFER and WITHDRAW requests created today that are PENDING or
 * APPROVED (a cancelled or rejected request frees its share), each × the KRW price stored on the request when it
 * was made (requests.price_krw). The fee is not counted: it is the service's charge, not money sent out.
 * Requests made before this rule stored no price and count as ₩0.
 *
 * Race-free: the check runs inside transfer_request_open (lib/wallet/requests.ts, db/migrations/0011) after it has
 * locked the member's ledger accounts of the coin FOR UPDATE, so two requests of one member are judged one after
 * the other, and the second (READ COMMITTED: a new snapshot per statement of the function) sees the first once it
 * committed. Only WLD can be sent today; a second sendable coin needs a member-wide lock here instead.
 * Money arithmetic: SQL numeric and exact decimals (lib/money.ts) only.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { type WithdrawFacts, withdrawFacts } from "@/db/queries/withdraw-limits";
import type { Coin } from "@/db/schema";
import { now } from "@/lib/clock";
import { TRANSFER_DECIMALS } from "@/lib/constants";
import { env, isEmbedded } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import { currentPrice } from "@/lib/prices";
import { D, type Dec, floorTo, formatKrw, maxDec, toDecimalString } from "@/lib/money";
import { dayEnd, kstDay } from "@/lib/kst-day";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { travelRuleThresholdKrw } from "@/lib/travel-rule/rules";
import { activeCooldown } from "@/lib/money-cooldown";
import { type KrwHold, krwHeldSince, krwHoldOf } from "./krw-hold";

/** The KST day containing `at`: [00:00 KST, next 00:00 KST). */
export function kstDayBounds(at: Date = now()): { start: Date; end: Date } {
  const day = kstDay(at);
  return { start: new Date(Date.parse(`${day}T00:00:00+09:00`)), end: dayEnd(day) };
}

/** The configured default limit in KRW (whole won). */
export function defaultDailyLimitKrw(): string {
  return toDecimalString(env().DAILY_WITHDRAW_LIMIT_KRW);
}

/**
 * The KRW price of one coin to value a new transfer/withdraw request at, read before the request's transaction
 * (a price read may call the exchange; between refreshes it is the feed's value in memory, no query). A limit
 * counted at a price too old to trust lets anything out (a month-old ₩14 price values 99,000 WLD under
 * ₩2,000,000), so it is the price lib/prices calls `usable` (a real one at most MAX_PRICE_AGE_MS old) or, in
 * embedded mode only, the demo's seeded history, which is all the offline demo ever has. Null otherwise (none
 * known, too old, or seeded on a server): createTransferRequest then answers 503 PRICE_UNAVAILABLE.
 */
export async function outgoingPriceKrw(coin: Coin): Promise<string | null> {
  try {
    const quote = await currentPrice(coin);
    return quote.usable || (quote.seeded && isEmbedded()) ? quote.priceKrw : null;
  } catch (e) {
    if (isAppError(e) && e.code === "PRICE_UNAVAILABLE") return null;
    throw e;
  }
}

type Usage = { limitKrw: Dec; usedKrw: Dec };
const left = ({ limitKrw, usedKrw }: Pick<Usage, "usedKrw" | "limitKrw">) => maxDec(limitKrw.minus(usedKrw), 0);

/**
 * 403 DAILY_LIMIT for a transfer/withdraw request that would take today's total over the member's limit: judged
 * by transfer_request_open (lib/wallet/requests.ts) under the member's account lock, explained here with what is
 * still allowed: `allowedKrw` (decimal string), `allowedAmount` (coin units at this price, cut to the request's
 * decimals) and `limitKrw`.
 */
export function dailyLimitError(u: Pick<Usage, "usedKrw" | "limitKrw">, priceKrw: string): AppError {
  const allowed = left(u);
  const price = new D(priceKrw);
  return new AppError("DAILY_LIMIT", {
    allowedKrw: allowed.toFixed(),
    allowedKrwText: formatKrw(allowed),
    allowedAmount: price.gt(0) ? floorTo(allowed.div(price), TRANSFER_DECIMALS).toFixed() : "0",
    limitKrw: u.limitKrw.toFixed(),
  });
}

export type WithdrawStatus = {
  /** ISO end of a running cool-down, else null. */
  cooldownUntil: string | null;
  dailyLimitKrw: string;
  usedTodayKrw: string;
  leftTodayKrw: string;
  /** ISO: the next 00:00 KST, when the day's total starts again from zero. */
  resetsAt: string;
  /** A request worth this many KRW or more carries the Travel Rule's recipient details (lib/travel-rule). */
  travelRuleThresholdKrw: string;
  /** WLD bought with KRW that cannot leave yet (./krw-hold). */
  krwHold: KrwHold;
  /**
   * Where the member's address sends to: its exchange's row of destinations (verified: true), or a personal wallet
   * (verified: its signature proven). null: no address, or one whose exchange the rules do not know (an older format).
   */
  destination: {
    network: string;
    exchange: string;
    kind: "KR_VASP" | "FOREIGN" | "PERSONAL";
    status: "ALLOWED" | "BLOCKED";
    verified: boolean;
  } | null;
  /** The sender of the member's Travel Rule records: their name, member number (users.id) and ID state. */
  originator: { name: string; memberNumber: string; idVerified: boolean };
};

/** The address's destination as the status answers it (see WithdrawStatus.destination). */
function destinationOf(
  walletAddr: string | null,
  f: Pick<WithdrawFacts, "destination" | "personalVerified">,
): WithdrawStatus["destination"] {
  const parts = walletAddr?.split("|") ?? [];
  if (parts.length !== 3) return null;
  const [network = "", exchange = ""] = parts;
  if (exchange.toUpperCase() === PERSONAL_EXCHANGE)
    return { network, exchange: PERSONAL_EXCHANGE, kind: "PERSONAL", status: "ALLOWED", verified: f.personalVerified };
  const d = f.destination;
  return d && { network, exchange: d.name, kind: d.kind, status: d.status, verified: true };
}

/**
 * What the transfer screen shows before the member types (one statement): the cool-down, today's limit, the
 * Travel Rule's threshold, the KRW hold, where the address sends to and the originator of the Travel Rule record
 * (decimal strings, ISO times). The request itself judges all of it again (transfer_request_open).
 */
export async function withdrawStatus(userId: number, db?: DbOrTx): Promise<WithdrawStatus> {
  const conn = db ?? (await getDb());
  const at = now();
  const f = await withdrawFacts(conn, { userId, ...kstDayBounds(at), heldSince: krwHeldSince(at) });
  if (!f) throw new AppError("NOT_FOUND");
  const u: Usage = { limitKrw: new D(f.overrideKrw ?? defaultDailyLimitKrw()), usedKrw: new D(f.usedKrw) };
  const cooldown = activeCooldown(f.cooldownUntil, at);
  return {
    cooldownUntil: cooldown ? cooldown.toISOString() : null,
    dailyLimitKrw: u.limitKrw.toFixed(),
    usedTodayKrw: u.usedKrw.toFixed(),
    leftTodayKrw: left(u).toFixed(),
    resetsAt: kstDayBounds(at).end.toISOString(),
    travelRuleThresholdKrw: travelRuleThresholdKrw(),
    krwHold: krwHoldOf({ recent: f.recentKrwCredits, holding: f.holding, lastCreditAt: f.lastCreditAt }),
    destination: destinationOf(f.walletAddr, f),
    originator: { name: f.name, memberNumber: String(userId), idVerified: f.idVerified },
  };
}

/**
 * Sets (whole KRW, ≥ 0) or clears (null: back to DAILY_WITHDRAW_LIMIT_KRW) the member's own daily limit inside
 * the caller's transaction. Called when a SUPERADMIN's four-eyes proposal is approved (the caller audits with the
 * returned before/after). 400 INVALID_AMOUNT for anything but a whole non-negative amount; 404 for no member.
 */
export async function setDailyLimitOverride(
  tx: DbOrTx,
  userId: number,
  krw: Dec | string | null,
): Promise<{ before: string | null; after: string | null }> {
  let after: string | null = null;
  if (krw !== null) {
    const text = typeof krw === "string" ? krw.trim() : krw.toFixed();
    if (!/^\d{1,20}(\.0+)?$/.test(text)) throw new AppError("INVALID_AMOUNT", { field: "dailyLimitKrw" });
    after = new D(text).toFixed(0);
  }
  const rows = rowsOf<{ before: string | null }>(
    await tx.execute(sql`
      UPDATE users u SET daily_withdraw_limit_krw = ${after}::numeric, updated_at = now()
      FROM (SELECT id, daily_withdraw_limit_krw AS before FROM users WHERE id = ${userId}::integer FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING trim_scale(old.before)::text AS before`),
  );
  if (!rows[0]) throw new AppError("NOT_FOUND");
  return { before: rows[0].before, after };
}
