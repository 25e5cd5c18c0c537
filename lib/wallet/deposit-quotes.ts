/**
 * Deposit quotes (quotes expire: SECURITY.md H38): the fresh KRW price a deposit may be converted at, the KRW → coin
 * conversion, the expiry of quotes that ran out (lazily and by the periodic sweep), and the fresh price an
 * expired deposit is re-priced at when an administrator confirms the KRW received. It depends on neither
 * ./requests nor ./request-decisions, both of which use it.
 */
import { eq, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { type Coin, requests } from "@/db/schema";
import { DEPOSIT_DECIMALS, DEPOSIT_PRICE_MAX_AGE_MS } from "@/lib/constants";
import { AppError } from "@/lib/errors";
import { D, type Dec, floorTo } from "@/lib/money";
import { currentPrice } from "@/lib/prices";

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

/** KRW → coin units at 6 decimals, rounded down (the spec's deposit conversion). */
export function depositCoinAmount(krwAmount: Dec | string, priceKrw: Dec | string): Dec {
  const price = new D(priceKrw);
  if (!price.gt(0)) throw new AppError("PRICE_UNAVAILABLE");
  return floorTo(new D(krwAmount).div(price), DEPOSIT_DECIMALS);
}

/**
 * PENDING deposits whose quote has run out become EXPIRED (with a SYSTEM event), exactly once even when
 * several instances sweep at once (the UPDATE re-checks the status). Run lazily before a request is
 * created, cancelled or decided, and by the periodic sweep (lib/jobs.ts). Returns how many expired.
 */
export async function expireStaleQuotes(db: DbOrTx, scope: { userId?: number; id?: number } = {}): Promise<number> {
  // One statement (the SQL function expire_stale_quotes, db/migrations/0011): the status and the timeline events.
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT expire_stale_quotes(${scope.userId ?? null}::integer, ${scope.id ?? null}::bigint) AS n`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
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

/**
 * The price to re-price an expired deposit at, when the administrator confirms the KRW received: read
 * before the decision's transaction opens (503 PRICE_UNAVAILABLE without a fresh price). Null for an
 * unknown request (the decision then answers 404) and for one that is not a deposit whose quote ran out (no
 * price is needed: a stray krwReceived is the decision's 400 VALIDATION, not a 503 while the feed is down).
 */
export async function repriceFor(id: number, db?: DbOrTx): Promise<{ coin: Coin; priceKrw: string } | null> {
  const [r] = await (db ?? (await getDb()))
    .select({
      coin: requests.coinSymbol,
      type: requests.type,
      ranOut: sql<boolean>`coalesce(${requests.quoteExpiresAt} <= now(), false)`,
    })
    .from(requests)
    .where(eq(requests.id, id));
  if (r?.type !== "DEPOSIT" || !r.ranOut) return null;
  return { coin: r.coin, priceKrw: await freshDepositPriceOrThrow(r.coin) };
}
