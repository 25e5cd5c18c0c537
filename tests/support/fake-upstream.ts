/**
 * Fake Upbit (/v1/ticker) and Binance (/api/v3/klines) servers answering in the exchanges' real
 * shapes. Tests can make each feed fail, hang, answer slowly or return garbage (malformed, zero,
 * negative, a 100× jump), set the prices, and count the calls.
 * The stand-alone server (fake-upstream-server.ts) takes the same settings over HTTP:
 * GET /__mode?mode=hang[&feed=upbit|binance], GET /__wld?price=1.5, GET /__trend?dir=down|up, GET /__calls,
 * GET /__reset.
 */
import http from "node:http";

/** flood: a 200 whose body (chunked, no length) never ends — bytes as fast as the client takes them. */
export type FakeMode = "ok" | "fail" | "hang" | "garbage" | "zero" | "negative" | "jump" | "flood";
export type FakeFeed = "upbit" | "binance";

export type FakeCalls = {
  upbit: number;
  binance: number;
  klines: Record<string, number>;
  /** Bytes the flood mode wrote, and the flooded answers whose connection the client closed. */
  flooded: { bytes: number; closed: number };
};

export type FakeUpstream = {
  url: string;
  calls: FakeCalls;
  /** Sets the mode of one feed, or of both when `feed` is omitted. */
  setMode: (mode: FakeMode, feed?: FakeFeed) => void;
  /** WLDUSDT close of the newest candle (older candles wave around it). */
  setWldUsdt: (price: number) => void;
  /** Upbit trade prices by market ("KRW-USDT" …). */
  setTicker: (market: string, price: number) => void;
  /** Delay before every answer, in ms. */
  setDelay: (ms: number) => void;
  resetCalls: () => void;
  close: () => Promise<void>;
};

const STEP: Record<string, number> = { "1h": 3_600_000, "1d": 86_400_000, "1w": 604_800_000 };

export async function startFakeUpstream(opts: { port?: number } = {}): Promise<FakeUpstream> {
  const modes: Record<FakeFeed, FakeMode> = { upbit: "ok", binance: "ok" };
  const calls: FakeCalls = { upbit: 0, binance: 0, klines: {}, flooded: { bytes: 0, closed: 0 } };
  const tickers: Record<string, number> = {
    "KRW-USDT": 1400,
    "KRW-BTC": 132000000,
    "KRW-ETH": 4550000,
    "KRW-SOL": 250000,
    "KRW-DOGE": 315,
    "KRW-XRP": 3150,
  };
  let wldUsdt = 1.1;
  let trend = 1; // 1: older candles below the newest (a rise); -1: above it (a fall)
  let delayMs = 0;
  const setMode = (mode: FakeMode, feed?: FakeFeed) => {
    if (!feed || feed === "upbit") modes.upbit = mode;
    if (!feed || feed === "binance") modes.binance = mode;
  };
  const resetCalls = () => {
    calls.upbit = 0;
    calls.binance = 0;
    calls.klines = {};
    calls.flooded = { bytes: 0, closed: 0 };
  };

  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/health") return void res.end("ok");
    if (url.pathname === "/__mode") {
      const feed = url.searchParams.get("feed") as FakeFeed | null;
      setMode((url.searchParams.get("mode") as FakeMode) ?? "ok", feed ?? undefined);
      return void res.end(JSON.stringify(modes));
    }
    if (url.pathname === "/__wld") {
      wldUsdt = Number(url.searchParams.get("price") ?? wldUsdt);
      return void res.end(String(wldUsdt));
    }
    if (url.pathname === "/__trend") {
      trend = url.searchParams.get("dir") === "down" ? -1 : 1;
      return void res.end(String(trend));
    }
    if (url.pathname === "/__calls") return void res.end(JSON.stringify(calls));
    if (url.pathname === "/__reset") {
      resetCalls();
      setMode("ok");
      return void res.end("ok");
    }
    const isUpbit = url.pathname === "/v1/ticker";
    const isBinance = url.pathname === "/api/v3/klines";
    if (!isUpbit && !isBinance) {
      res.statusCode = 404;
      return void res.end();
    }
    const interval = url.searchParams.get("interval") ?? "1h";
    if (isUpbit) calls.upbit++;
    else {
      calls.binance++;
      calls.klines[interval] = (calls.klines[interval] ?? 0) + 1;
    }
    const mode = modes[isUpbit ? "upbit" : "binance"];
    if (mode === "hang") return; // never answers
    if (mode === "fail") {
      res.statusCode = 503;
      return void res.end("unavailable");
    }
    res.setHeader("content-type", "application/json");
    if (mode === "flood") return flood(res);
    if (mode === "garbage") return void res.end(isUpbit ? '[{"market":"KRW-USDT","trade_price":"lots"}]' : "[[1,2]]");
    const factor = mode === "zero" ? 0 : mode === "negative" ? -1 : mode === "jump" ? 100 : 1;
    if (isUpbit) {
      const markets = (url.searchParams.get("markets") ?? "KRW-USDT").split(",");
      return void res.end(
        JSON.stringify(
          markets.map((m) => ({
            market: m,
            trade_date_kst: "20261122",
            trade_time_kst: "120000",
            opening_price: tickers[m] ?? 1,
            high_price: tickers[m] ?? 1,
            low_price: tickers[m] ?? 1,
            trade_price: (tickers[m] ?? 1) * factor,
            prev_closing_price: tickers[m] ?? 1,
            change: "RISE",
            change_price: 1,
            change_rate: 0.0123,
            signed_change_price: 1,
            signed_change_rate: 0.0123,
            trade_volume: 1,
            acc_trade_price_24h: 1000,
            acc_trade_volume_24h: 10,
            timestamp: Date.now(),
          })),
        ),
      );
    }
    const limit = Number(url.searchParams.get("limit") ?? 24);
    const step = STEP[interval] ?? 3_600_000;
    const now = Math.floor(Date.now() / step) * step;
    const rows = Array.from({ length: limit }, (_, i) => {
      const open = now - (limit - 1 - i) * step;
      // A gentle wave that ends exactly at wldUsdt, so tests can predict the newest price.
      const usd = i === limit - 1 ? wldUsdt : wldUsdt * (1 + trend * (Math.sin(i / 2) * 0.05 - 0.05));
      const close = (usd * factor).toFixed(4);
      return [open, close, close, close, close, "1000", open + step - 1, "1100", 10, "500", "550", "0"];
    });
    res.end(JSON.stringify(rows));
  };

  const flood = (res: http.ServerResponse) => {
    const chunk = `${'{"market":"KRW-USDT","trade_price":1400},'.repeat(400)}`;
    const counted = calls.flooded;
    res.write("[");
    const more = () => {
      while (!res.destroyed) {
        counted.bytes += chunk.length;
        if (!res.write(chunk)) break;
      }
      if (!res.destroyed) res.once("drain", more);
    };
    res.on("close", () => counted.closed++);
    more();
  };

  const server = http.createServer((req, res) => {
    if (delayMs > 0 && !req.url?.startsWith("/__")) setTimeout(() => answer(req, res), delayMs);
    else answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setMode,
    setWldUsdt: (p) => {
      wldUsdt = p;
    },
    setTicker: (m, p) => {
      tickers[m] = p;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    resetCalls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
