/**
 * The two public exchange APIs we read: Upbit's KRW ticker and Binance's WLDUSDT candles.
 * Every answer is validated with zod and checked for plausibility; anything malformed, zero,
 * negative or an implausible jump from the last good value throws, so it is never served or stored.
 */
import "server-only";
import { z } from "zod";
import { BodyTooLargeError, fetchWithin } from "@/lib/fetch-within";
import { D, type Dec } from "@/lib/money";

/** What Upbit lists as KRW markets for the coins we show, plus the USDT rate every WLD price needs. */
export const TICKER_SYMBOLS = ["USDT", "BTC", "ETH", "SOL", "DOGE", "XRP"] as const;
export type TickerSymbol = (typeof TICKER_SYMBOLS)[number];

export const INTERVALS = { "1h": 24, "1d": 7, "1w": 4 } as const;
export type Interval = keyof typeof INTERVALS;

/** A move larger than this factor against the last good value (either way) is treated as garbage. */
export const JUMP_FACTOR = 10;
/** Within one candle series, the highest close may not exceed the lowest by more than this. */
export const SERIES_SPREAD_FACTOR = 100;
const MAX_BODY_BYTES = 256 * 1024;

export class UpstreamError extends Error {
  constructor(
    readonly feed: string,
    readonly reason: string,
  ) {
    super(`${feed}: ${reason}`);
    this.name = "UpstreamError";
  }
}

export type Tickers = Record<TickerSymbol, { priceKrw: string; changePercent: string }>;
export type Candle = { time: number; closeUsdt: string };

const positiveNumber = z.number().finite().positive();
const upbitSchema = z
  .array(
    z.looseObject({
      market: z.string(),
      trade_price: positiveNumber,
      signed_change_rate: z.number().finite().gt(-1),
    }),
  )
  .min(1)
  .max(50);

// A decimal string as Binance sends it ("1.23450000"): no sign, no exponent.
const decimalString = z.string().regex(/^\d{1,20}(\.\d{1,20})?$/);
const klineSchema = z
  .array(
    z
      .tuple([
        z.number().int().nonnegative(),
        decimalString,
        decimalString,
        decimalString,
        decimalString,
        decimalString,
        z.number().int().nonnegative(),
      ])
      .rest(z.unknown()),
  )
  .min(1)
  .max(1000);

async function getJson(feed: string, url: string, timeoutMs: number): Promise<unknown> {
  try {
    // One deadline over headers and body that always settles, and the body read at most MAX_BODY_BYTES
    // (lib/fetch-within.ts): an exchange that stalls or floods us can hold a price read neither forever nor in memory.
    const { res, text } = await fetchWithin(
      url,
      { headers: { accept: "application/json" }, cache: "no-store", redirect: "error" },
      timeoutMs,
      { maxBytes: MAX_BODY_BYTES },
    );
    if (!res.ok) throw new UpstreamError(feed, `status ${res.status}`);
    return JSON.parse(text);
  } catch (e) {
    if (e instanceof UpstreamError) throw e;
    if (e instanceof BodyTooLargeError) throw new UpstreamError(feed, "body too large");
    const err = e as Error & { cause?: { code?: string } };
    const timedOut = err?.name === "TimeoutError" || err?.name === "AbortError";
    throw new UpstreamError(feed, timedOut ? "timeout" : (err?.cause?.code ?? err?.name ?? "error"));
  }
}

/** Rejects a value more than JUMP_FACTOR times away from the reference (when there is one). */
export function isImplausibleJump(value: Dec, reference: string | undefined): boolean {
  if (!reference) return false;
  const ref = new D(reference);
  if (ref.lte(0)) return false;
  const ratio = value.div(ref);
  return ratio.gt(JUMP_FACTOR) || ratio.lt(new D(1).div(JUMP_FACTOR));
}

export async function fetchTickers(
  base: string,
  timeoutMs: number,
  reference: Partial<Record<TickerSymbol, string>> = {},
): Promise<Tickers> {
  const markets = TICKER_SYMBOLS.map((s) => `KRW-${s}`).join(",");
  const raw = await getJson("upbit", `${base.replace(/\/+$/, "")}/v1/ticker?markets=${markets}`, timeoutMs);
  const parsed = upbitSchema.safeParse(raw);
  if (!parsed.success) throw new UpstreamError("upbit", "malformed");
  const out: Partial<Tickers> = {};
  for (const symbol of TICKER_SYMBOLS) {
    const row = parsed.data.find((r) => r.market === `KRW-${symbol}`);
    if (!row) throw new UpstreamError("upbit", `missing ${symbol}`);
    const price = new D(row.trade_price);
    if (price.lte(0)) throw new UpstreamError("upbit", `non-positive ${symbol}`);
    if (isImplausibleJump(price, reference[symbol])) throw new UpstreamError("upbit", `implausible jump ${symbol}`);
    out[symbol] = {
      priceKrw: price.round(8).toFixed(),
      changePercent: new D(row.signed_change_rate).times(100).round(6).toFixed(),
    };
  }
  return out as Tickers;
}

export async function fetchCandles(
  base: string,
  interval: Interval,
  timeoutMs: number,
  reference?: string,
): Promise<Candle[]> {
  const limit = INTERVALS[interval];
  const url = `${base.replace(/\/+$/, "")}/api/v3/klines?symbol=WLDUSDT&interval=${interval}&limit=${limit}`;
  const raw = await getJson(`binance-${interval}`, url, timeoutMs);
  const parsed = klineSchema.safeParse(raw);
  if (!parsed.success) throw new UpstreamError(`binance-${interval}`, "malformed");
  const candles = parsed.data.slice(-limit).map((k) => ({ time: k[0], close: new D(k[4]) }));
  let min: Dec | undefined;
  let max: Dec | undefined;
  for (let i = 0; i < candles.length; i++) {
    const c = candles[i]!;
    if (c.close.lte(0)) throw new UpstreamError(`binance-${interval}`, "non-positive close");
    if (i > 0 && c.time <= candles[i - 1]!.time) throw new UpstreamError(`binance-${interval}`, "unordered");
    if (!min || c.close.lt(min)) min = c.close;
    if (!max || c.close.gt(max)) max = c.close;
  }
  if (max && min && max.div(min).gt(SERIES_SPREAD_FACTOR))
    throw new UpstreamError(`binance-${interval}`, "implausible spread");
  const last = candles[candles.length - 1]!;
  if (isImplausibleJump(last.close, reference)) throw new UpstreamError(`binance-${interval}`, "implausible jump");
  return candles.map((c) => ({ time: c.time, closeUsdt: c.close.toFixed() }));
}
