/**
 * Fake Upbit (/v1/ticker) and Binance (/api/v3/klines) servers answering in the exchanges' real
 * shapes. Tests can make them fail, hang or return garbage, and count the calls.
 * (The price-feed issue extends this; the spine only needs it to exist and answer.)
 */
import http from "node:http";

export type FakeMode = "ok" | "fail" | "hang" | "garbage";

export type FakeUpstream = {
  url: string;
  calls: { upbit: number; binance: number };
  setMode: (mode: FakeMode) => void;
  close: () => Promise<void>;
};

export async function startFakeUpstream(opts: { port?: number } = {}): Promise<FakeUpstream> {
  let mode: FakeMode = "ok";
  const calls = { upbit: 0, binance: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/health") return void res.end("ok");
    if (url.pathname === "/__mode") {
      mode = (url.searchParams.get("mode") as FakeMode) ?? "ok";
      return void res.end(mode);
    }
    const isUpbit = url.pathname === "/v1/ticker";
    const isBinance = url.pathname === "/api/v3/klines";
    if (!isUpbit && !isBinance) {
      res.statusCode = 404;
      return void res.end();
    }
    if (isUpbit) calls.upbit++;
    else calls.binance++;
    if (mode === "hang") return; // never answers
    if (mode === "fail") {
      res.statusCode = 503;
      return void res.end("unavailable");
    }
    res.setHeader("content-type", "application/json");
    if (mode === "garbage") return void res.end(isUpbit ? '[{"market":"KRW-USDT","trade_price":"lots"}]' : "[[1,2]]");
    if (isUpbit) {
      const markets = (url.searchParams.get("markets") ?? "KRW-USDT").split(",");
      const prices: Record<string, number> = {
        "KRW-USDT": 1400,
        "KRW-BTC": 132000000,
        "KRW-ETH": 4550000,
        "KRW-SOL": 250000,
        "KRW-DOGE": 315,
        "KRW-XRP": 3150,
      };
      return void res.end(
        JSON.stringify(
          markets.map((m) => ({
            market: m,
            trade_price: prices[m] ?? 1,
            signed_change_rate: 0.0123,
            timestamp: Date.now(),
          })),
        ),
      );
    }
    const interval = url.searchParams.get("interval") ?? "1h";
    const limit = Number(url.searchParams.get("limit") ?? 24);
    const step = { "1h": 3_600_000, "1d": 86_400_000, "1w": 604_800_000 }[interval] ?? 3_600_000;
    const now = Math.floor(Date.now() / step) * step;
    const rows = Array.from({ length: limit }, (_, i) => {
      const open = now - (limit - 1 - i) * step;
      const close = (1.1 + Math.sin(i / 2) * 0.05).toFixed(4);
      return [open, close, close, close, close, "1000", open + step - 1, "1100", 10, "500", "550", "0"];
    });
    res.end(JSON.stringify(rows));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setMode: (m) => {
      mode = m;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
