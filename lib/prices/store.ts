/**
 * price_snapshots: every good upstream result is written here, and read back when the feeds are down
 * (after a restart, on a second instance, or on a machine that only has the seeded history).
 */
import "server-only";
import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { priceSnapshots } from "@/db/schema";
import { D } from "@/lib/money";
import type { Snapshot } from "./feed";
import { type Candle, INTERVALS, type Interval, TICKER_SYMBOLS, type TickerSymbol, type Tickers } from "./upstream";

export type StoredTickers = Partial<Tickers>;

export async function saveTickers(tickers: Tickers, at: Date): Promise<void> {
  const db = await getDb();
  const usdt = tickers.USDT.priceKrw;
  await db
    .insert(priceSnapshots)
    .values(
      TICKER_SYMBOLS.map((symbol) => ({
        symbol,
        series: "ticker",
        time: at,
        priceKrw: tickers[symbol].priceKrw,
        usdtKrw: usdt,
        changePercent: tickers[symbol].changePercent,
        source: "upbit",
        fetchedAt: at,
      })),
    )
    .onConflictDoNothing();
}

/** Candles in KRW at the given USDT rate (the spec's close × USDT/KRW); the open candle is updated in place. */
export async function saveCandles(interval: Interval, candles: Candle[], usdtKrw: string, at: Date): Promise<void> {
  const db = await getDb();
  const rate = new D(usdtKrw);
  await db
    .insert(priceSnapshots)
    .values(
      candles.map((c) => ({
        symbol: "WLD",
        series: interval,
        time: new Date(c.time),
        priceKrw: new D(c.closeUsdt).times(rate).round(8).toFixed(),
        usdtKrw,
        source: "binance",
        fetchedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [priceSnapshots.symbol, priceSnapshots.series, priceSnapshots.time],
      set: {
        priceKrw: sql`excluded.price_krw`,
        usdtKrw: sql`excluded.usdt_krw`,
        source: sql`excluded.source`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

export async function loadTickers(): Promise<Snapshot<StoredTickers> | null> {
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([priceSnapshots.symbol], {
      symbol: priceSnapshots.symbol,
      priceKrw: priceSnapshots.priceKrw,
      changePercent: priceSnapshots.changePercent,
      source: priceSnapshots.source,
      fetchedAt: priceSnapshots.fetchedAt,
    })
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.series, "ticker"), inArray(priceSnapshots.symbol, [...TICKER_SYMBOLS])))
    // Per symbol: a real price before any seeded one, then the newest.
    .orderBy(
      priceSnapshots.symbol,
      sql`(${priceSnapshots.source} = 'seed')`,
      desc(priceSnapshots.time),
      desc(priceSnapshots.fetchedAt),
    );
  if (rows.length === 0) return null;
  const value: StoredTickers = {};
  let updatedAt = rows[0]!.fetchedAt;
  let source = "upbit";
  for (const r of rows) {
    if (new D(r.priceKrw).lte(0)) continue;
    value[r.symbol as TickerSymbol] = { priceKrw: new D(r.priceKrw).toFixed(), changePercent: r.changePercent ?? "0" };
    if (r.fetchedAt < updatedAt) updatedAt = r.fetchedAt;
    if (r.source === "seed") source = "seed";
  }
  return { value, updatedAt, source };
}

export async function loadCandles(interval: Interval): Promise<Snapshot<Candle[]> | null> {
  // Real candles win; the seeded demo series is only the last resort (the two never mix in one chart).
  return (await loadCandleRows(interval, false)) ?? (await loadCandleRows(interval, true));
}

async function loadCandleRows(interval: Interval, seeded: boolean): Promise<Snapshot<Candle[]> | null> {
  const db = await getDb();
  const rows = await db
    .select({
      time: priceSnapshots.time,
      priceKrw: priceSnapshots.priceKrw,
      usdtKrw: priceSnapshots.usdtKrw,
      fetchedAt: priceSnapshots.fetchedAt,
    })
    .from(priceSnapshots)
    .where(
      and(
        eq(priceSnapshots.symbol, "WLD"),
        eq(priceSnapshots.series, interval),
        isNotNull(priceSnapshots.usdtKrw),
        seeded ? eq(priceSnapshots.source, "seed") : ne(priceSnapshots.source, "seed"),
      ),
    )
    .orderBy(desc(priceSnapshots.time))
    .limit(INTERVALS[interval]);
  const usable = rows.filter((r) => new D(r.priceKrw).gt(0) && new D(r.usdtKrw!).gt(0)).reverse();
  if (usable.length === 0) return null;
  let updatedAt = usable[0]!.fetchedAt;
  for (const r of usable) if (r.fetchedAt > updatedAt) updatedAt = r.fetchedAt;
  return {
    value: usable.map((r) => ({
      time: r.time.getTime(),
      closeUsdt: new D(r.priceKrw).div(r.usdtKrw!).round(12).toFixed(),
    })),
    updatedAt,
    source: seeded ? "seed" : "binance",
  };
}
