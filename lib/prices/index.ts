/**
 * KRW prices for the app (SECURITY.md F30). Server code reads prices only through here:
 * - currentPrice(symbol): one price, with how old it is and whether it may be used to move money;
 * - priceMap(): every coin we list, in KRW;
 * - wldQuote() / wldChart(range): WLD in KRW = Binance WLDUSDT close × Upbit USDT/KRW.
 * Upstream calls are rate-limited, coalesced and backed off by lib/prices/feed.ts; while the exchanges
 * are unreachable the last good (or seeded) prices are served with stale: true.
 */
import "server-only";
import type { Coin } from "@/db/schema";
import { MAX_PRICE_AGE_MS } from "@/lib/constants";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { D } from "@/lib/money";
import { Feed, type FeedRead, type FeedTiming, type Snapshot } from "./feed";
import { loadCandles, loadTickers, type StoredTickers, saveCandles, saveTickers } from "./store";
import { type Candle, fetchCandles, fetchTickers, type Interval, TICKER_SYMBOLS, type TickerSymbol } from "./upstream";

export type PriceSymbol = Coin | "USDT";
export type ChartRange = "1d" | "1w" | "1m";
/** 1d = 1h × 24, 1w = 1d × 7, 1m = 1w × 4, as the spec fixes them. */
export const RANGE_INTERVAL: Record<ChartRange, Interval> = { "1d": "1h", "1w": "1d", "1m": "1w" };

/** `seeded`: only the demo history is known (never reached the exchanges) — show it, never trade on it. */
export type Quote = { priceKrw: string; updatedAt: Date; stale: boolean; usable: boolean; seeded: boolean };
export type WldQuote = Quote & { usdtKrw: string; changePercent: string };
export type PriceMap = {
  prices: Partial<Record<PriceSymbol, string>>;
  updatedAt: Date;
  stale: boolean;
  usable: boolean;
  seeded: boolean;
};
export type ChartPoint = { time: Date; valueKrw: string };
export type WldChart = {
  range: ChartRange;
  points: ChartPoint[];
  changePercent: string;
  updatedAt: Date;
  stale: boolean;
  seeded: boolean;
};

type Feeds = { tickers: Feed<StoredTickers>; candles: Record<Interval, Feed<Candle[]>> };

function timing(): FeedTiming {
  const e = env();
  return {
    refreshMs: e.PRICE_REFRESH_MS,
    timeoutMs: e.PRICE_TIMEOUT_MS,
    maxBackoffMs: Math.max(e.PRICE_REFRESH_MS, 5 * 60_000),
  };
}

function createFeeds(): Feeds {
  const tickers = new Feed<StoredTickers>({
    name: "upbit",
    timing,
    fetch: (t, ref) => {
      const reference: Partial<Record<TickerSymbol, string>> = {};
      for (const s of TICKER_SYMBOLS) reference[s] = ref?.value[s]?.priceKrw;
      return fetchTickers(env().UPBIT_API_URL, t.timeoutMs, reference);
    },
    persist: (value, at) => saveTickers(value as Required<StoredTickers>, at),
    load: loadTickers,
  });
  const candleFeed = (interval: Interval) =>
    new Feed<Candle[]>({
      name: `binance-${interval}`,
      timing,
      fetch: (t, ref) => fetchCandles(env().BINANCE_API_URL, interval, t.timeoutMs, ref?.value.at(-1)?.closeUsdt),
      persist: async (value, at) => {
        // Stored in KRW, so it needs a real USDT rate from this round (never the seeded one).
        await tickers.settled();
        const usdt = tickers.freshValue()?.USDT?.priceKrw;
        if (usdt) await saveCandles(interval, value, usdt, at);
      },
      load: () => loadCandles(interval),
    });
  return { tickers, candles: { "1h": candleFeed("1h"), "1d": candleFeed("1d"), "1w": candleFeed("1w") } };
}

// One set of feeds per server process, shared by every route bundle that imports this module.
const key = Symbol.for("wld.prices.feeds");
type G = typeof globalThis & { [key]?: Feeds };
function feeds(): Feeds {
  const g = globalThis as G;
  g[key] ??= createFeeds();
  return g[key];
}

/** Tests only: forget every cached price and back-off state (the next read starts from the database). */
export function resetPriceFeeds(): void {
  (globalThis as G)[key] = undefined;
}

/** Waits until every good price obtained so far is in price_snapshots (tests, shutdown). */
export async function flushPriceWrites(): Promise<void> {
  const f = feeds();
  await f.tickers.flushed();
  await Promise.all(Object.values(f.candles).map((c) => c.flushed()));
}

const isUsable = (snap: Snapshot<unknown>, now: number) =>
  snap.source !== "seed" && now - snap.updatedAt.getTime() <= MAX_PRICE_AGE_MS;

function combine(reads: FeedRead<unknown>[]) {
  const now = Date.now();
  let updatedAt: Date | undefined;
  let stale = false;
  let usable = true;
  let seeded = false;
  for (const r of reads) {
    if (!r.snapshot) throw new AppError("PRICE_UNAVAILABLE", {}, { "retry-after": "30" });
    if (!updatedAt || r.snapshot.updatedAt < updatedAt) updatedAt = r.snapshot.updatedAt;
    stale ||= r.stale || r.snapshot.source === "seed";
    usable &&= isUsable(r.snapshot, now);
    seeded ||= r.snapshot.source === "seed";
  }
  return { updatedAt: updatedAt!, stale, usable, seeded };
}

const unavailable = () => new AppError("PRICE_UNAVAILABLE", {}, { "retry-after": "30" });

/** WLD in KRW, as the spec has it: the WLDUSDT close × USDT/KRW, to the won's hundredth. */
const toKrw = (closeUsdt: string, usdtKrw: string) => new D(closeUsdt).times(usdtKrw).round(2, D.roundHalfUp).toFixed();

function percentChange(first: string, last: string): string {
  const a = new D(first);
  if (a.lte(0)) return "0";
  return new D(last).minus(a).div(a).times(100).round(2, D.roundHalfUp).toFixed();
}

/**
 * WLD in KRW: the newest 1-hour close × USDT/KRW, with the change over the last 24 hours.
 * Throws PRICE_UNAVAILABLE when no price was ever known (not even seeded).
 */
export async function wldQuote(): Promise<WldQuote> {
  const f = feeds();
  const [t, c] = await Promise.all([f.tickers.read(), f.candles["1h"].read()]);
  const usdt = t.snapshot?.value.USDT?.priceKrw;
  const candles = c.snapshot?.value ?? [];
  const first = candles[0];
  const last = candles.at(-1);
  if (!usdt || !first || !last) throw unavailable();
  const meta = combine([t, c]);
  return { ...figuresOf(usdt, first.closeUsdt, last.closeUsdt), ...meta };
}

/**
 * The price and the change, computed once per set of inputs: every request between two refreshes of the
 * feeds (one a minute) asks for the same figures. Freshness (`combine`) is still judged per request.
 */
let lastFigures: { key: string; value: { priceKrw: string; usdtKrw: string; changePercent: string } } | undefined;
function figuresOf(usdt: string, firstClose: string, lastClose: string) {
  const key = `${usdt}|${firstClose}|${lastClose}`;
  if (lastFigures?.key !== key)
    lastFigures = {
      key,
      value: { priceKrw: toKrw(lastClose, usdt), usdtKrw: usdt, changePercent: percentChange(firstClose, lastClose) },
    };
  return lastFigures.value;
}

/**
 * The KRW price of one coin (or of USDT), for display and for money conversion. Callers that move
 * money must refuse when `usable` is false (too old, or only the seeded demo history is known).
 */
export async function currentPrice(symbol: Coin | "USDT"): Promise<Quote> {
  if (symbol === "WLD") {
    const q = await wldQuote();
    return { priceKrw: q.priceKrw, updatedAt: q.updatedAt, stale: q.stale, usable: q.usable, seeded: q.seeded };
  }
  const t = await feeds().tickers.read();
  const entry = t.snapshot?.value[symbol];
  if (!entry) throw unavailable();
  return { priceKrw: entry.priceKrw, ...combine([t]) };
}

/** Every listed coin and USDT in KRW (symbols with no known price are left out). */
export async function priceMap(): Promise<PriceMap> {
  const f = feeds();
  const [t, c] = await Promise.all([f.tickers.read(), f.candles["1h"].read()]);
  const prices: PriceMap["prices"] = {};
  for (const s of TICKER_SYMBOLS) {
    const p = t.snapshot?.value[s]?.priceKrw;
    if (p) prices[s] = p;
  }
  const lastClose = c.snapshot?.value.at(-1)?.closeUsdt;
  const usdt = prices.USDT;
  if (lastClose && usdt) prices.WLD = toKrw(lastClose, usdt);
  if (!t.snapshot) throw unavailable();
  return { prices, ...combine(prices.WLD ? [t, c] : [t]) };
}

/**
 * WLD/KRW candles for a chart range, oldest first, with the percent change from first to last. Every range ends
 * at the price the headline shows (wldQuote: the newest 1-hour close): the daily and weekly candles are fetched
 * less often, so their last close is replaced by it — a 1주 chart never ends at ₩1,450 under a ₩1,617 headline.
 */
export async function wldChart(range: ChartRange): Promise<WldChart> {
  const f = feeds();
  const interval = RANGE_INTERVAL[range];
  const [t, c, hourly] = await Promise.all([
    f.tickers.read(),
    f.candles[interval].read(),
    interval === "1h" ? undefined : f.candles["1h"].read(),
  ]);
  const usdt = t.snapshot?.value.USDT?.priceKrw;
  const candles = c.snapshot?.value ?? [];
  if (!usdt || candles.length === 0) throw unavailable();
  const lastClose = (hourly ? hourly.snapshot?.value.at(-1)?.closeUsdt : undefined) ?? candles.at(-1)!.closeUsdt;
  const closes = candles.map((k, i) => (i === candles.length - 1 ? lastClose : k.closeUsdt));
  const { updatedAt, stale, seeded } = combine(hourly?.snapshot ? [t, c, hourly] : [t, c]);
  return {
    range,
    points: candles.map((k, i) => ({
      time: new Date(k.time),
      valueKrw: toKrw(closes[i]!, usdt),
    })),
    changePercent: percentChange(closes[0]!, lastClose),
    updatedAt,
    stale,
    seeded,
  };
}

/** Warms every feed (the background job); the guards keep it to one call per feed per interval. */
export async function refreshPrices(): Promise<void> {
  const f = feeds();
  await Promise.all([f.tickers.read(), f.candles["1h"].read(), f.candles["1d"].read(), f.candles["1w"].read()]);
}
