/**
 * Price feeds against the fake exchanges (tests/support/fake-upstream.ts): coalescing, timeouts,
 * garbage rejection, back-off, recovery, and the seeded history when the feeds never answered.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { priceSnapshots } from "@/db/schema";
import { currentPrice, flushPriceWrites, resetPriceFeeds } from "@/lib/prices";
import { seedPriceHistory } from "@/lib/seed";
import * as chartRoute from "@/app/api/price/WLD/chart/route";
import * as priceRoute from "@/app/api/price/WLD/route";
import * as pricesRoute from "@/app/api/prices/route";
import { type FakeMode, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { call } from "../support/http";

let fake: FakeUpstream;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  fake = await startFakeUpstream();
  process.env.UPBIT_API_URL = fake.url;
  process.env.BINANCE_API_URL = fake.url;
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  process.env.PRICE_REFRESH_MS = "30000";
  process.env.PRICE_TIMEOUT_MS = "2000";
  fake.setMode("ok");
  fake.setWldUsdt(1.1);
  fake.setTicker("KRW-USDT", 1400);
  fake.setDelay(0);
  await flushPriceWrites(); // the previous test's background writes land before the table is emptied
  const db = await getDb();
  await db.execute(sql`delete from price_snapshots where true`);
  resetPriceFeeds();
  fake.resetCalls();
});

const getPrice = () => call(priceRoute, "GET", "/api/price/WLD");

/** A fresh good price first (refreshes due every 100 ms), then the exchanges in `mode` once that price is due again. */
async function goodPriceThen(mode: FakeMode) {
  process.env.PRICE_REFRESH_MS = "100";
  resetPriceFeeds();
  const good = await getPrice();
  expect(good.body).toMatchObject({ price: 1540, stale: false });
  fake.setMode(mode);
  await sleep(150);
  return good;
}

async function storedRows(symbol: string, series: string) {
  await flushPriceWrites();
  const db = await getDb();
  return rowsOf<{ price_krw: string; source: string }>(
    await db.execute(
      sql`select price_krw::text, source from price_snapshots where symbol = ${symbol} and series = ${series} order by time`,
    ),
  );
}

describe("GET /api/price/WLD", () => {
  it("answers 200 concurrent requests with exactly one upstream call per feed, and stores the result", async () => {
    fake.setDelay(100); // keep the first call in flight while the others arrive
    const answers = await Promise.all(Array.from({ length: 200 }, () => getPrice()));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ symbol: "WLD", price: 1540, usdtKrw: 1400, stale: false, usable: true });
      expect(typeof a.body.changePercent).toBe("number");
      expect(Number.isNaN(Date.parse(a.body.updatedAt))).toBe(false);
    }
    expect(fake.calls.upbit).toBe(1);
    expect(fake.calls.binance).toBe(1);
    expect(fake.calls.klines).toEqual({ "1h": 1 });

    // Within the refresh interval the cache answers; the exchanges are not asked again.
    await Promise.all(Array.from({ length: 50 }, () => getPrice()));
    expect(fake.calls.upbit).toBe(1);
    expect(fake.calls.binance).toBe(1);

    expect((await storedRows("USDT", "ticker")).map((r) => [Number(r.price_krw), r.source])).toEqual([[1400, "upbit"]]);
    const candles = await storedRows("WLD", "1h");
    expect(candles).toHaveLength(24);
    expect(candles.every((r) => r.source === "binance")).toBe(true);
    expect(Number(candles.at(-1)!.price_krw)).toBe(1540);
  });

  it("asks again once the refresh interval has passed", async () => {
    process.env.PRICE_REFRESH_MS = "1500";
    resetPriceFeeds();
    await getPrice();
    fake.setWldUsdt(1.2);
    await Promise.all(Array.from({ length: 20 }, () => getPrice()));
    expect(fake.calls.upbit).toBe(1);
    await sleep(1600);
    const answers = await Promise.all(Array.from({ length: 20 }, () => getPrice()));
    expect(fake.calls.upbit).toBe(2);
    expect(fake.calls.binance).toBe(2);
    expect(answers.every((a) => a.body.price === 1680 && a.body.stale === false)).toBe(true);
  });

  it("F30 answers within 2.5 s, stale with the last good price, when the exchanges hang", async () => {
    const good = await goodPriceThen("hang");
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => getPrice()));
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeLessThan(2500);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ price: 1540, stale: true, usable: true, updatedAt: good.body.updatedAt });
    }
    expect(fake.calls.upbit).toBe(2); // one good call, one probe shared by all 50
    // During the back-off the stale answer comes at once, without waiting for the timeout.
    const t1 = Date.now();
    expect((await getPrice()).body.stale).toBe(true);
    expect(Date.now() - t1).toBeLessThan(500);
  });

  it("F30 with only the USDT feed hanging: within 2.5 s, the newest WLD close × the last good rate, stale", async () => {
    process.env.PRICE_REFRESH_MS = "100";
    resetPriceFeeds();
    await getPrice();
    fake.setMode("hang", "upbit");
    fake.setWldUsdt(1.2);
    await sleep(150);
    const t0 = Date.now();
    const a = await getPrice();
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(a.body).toMatchObject({ price: 1680, usdtKrw: 1400, stale: true });
  });

  it("F30 an exchange answer that never ends is cut off at the body limit: the last good price, stale, at once", async () => {
    const good = await goodPriceThen("flood");
    const t0 = Date.now();
    const a = await getPrice();
    const elapsed = Date.now() - t0;
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ price: 1540, stale: true, updatedAt: good.body.updatedAt });
    // Refused at 256 KiB read, long before the 2 s timeout: the feed never took in more than the limit's worth
    // (plus what the sockets held in flight), and it closed the connection.
    expect(elapsed).toBeLessThan(1500);
    for (let i = 0; i < 50 && fake.calls.flooded.closed < fake.calls.upbit - 1; i++) await sleep(20);
    expect(fake.calls.flooded.closed).toBeGreaterThanOrEqual(1);
    expect(fake.calls.flooded.bytes).toBeLessThan(8 * 1024 * 1024);
  });

  it("answers within 2.5 s from the database after a restart while the exchanges hang", async () => {
    await getPrice(); // stores a good snapshot
    await flushPriceWrites();
    resetPriceFeeds(); // a new process: nothing in memory
    fake.setMode("hang");
    const t0 = Date.now();
    const a = await getPrice();
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ price: 1540, stale: true, usable: true });
  });

  it.each(["garbage", "zero", "negative", "jump"] as const)(
    "F30 never serves or stores a %s answer: the last good price stays, marked stale",
    async (mode) => {
      process.env.PRICE_REFRESH_MS = "50";
      resetPriceFeeds();
      expect((await getPrice()).body).toMatchObject({ price: 1540, stale: false });
      fake.setMode(mode);
      await sleep(80);
      const a = await getPrice();
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ price: 1540, usdtKrw: 1400, stale: true });
      const stored = [...(await storedRows("USDT", "ticker")), ...(await storedRows("WLD", "1h"))];
      for (const r of stored) {
        expect(Number(r.price_krw)).toBeGreaterThan(0);
        expect(Number(r.price_krw)).toBeLessThan(100_000);
      }
      expect(fake.calls.upbit).toBe(2);
    },
  );

  it("serves nothing (503 PRICE_UNAVAILABLE) when the only answers ever seen are garbage", async () => {
    fake.setMode("garbage");
    const a = await getPrice();
    expect(a.status).toBe(503);
    expect(a.body.code).toBe("PRICE_UNAVAILABLE");
    expect(await storedRows("USDT", "ticker")).toHaveLength(0);
  });

  it("F30 rejects a 100× jump against the stored price even after a restart", async () => {
    await getPrice();
    await flushPriceWrites();
    resetPriceFeeds();
    fake.setWldUsdt(110); // 100× the last good WLD price; USDT still fine
    const a = await getPrice();
    expect(a.body).toMatchObject({ price: 1540, stale: true });
  });

  it("F30 backs off: at most one probe per back-off period, however many clients poll; then recovers", async () => {
    process.env.PRICE_REFRESH_MS = "100";
    resetPriceFeeds();
    await getPrice();
    fake.setMode("fail");
    fake.resetCalls();
    await sleep(120);
    // 20 clients polling every 20 ms for 1.6 s: probes may happen at ~0, +100, +300, +700, +1500 ms.
    const until = Date.now() + 1600;
    const statuses = new Set<string>();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          const a = await getPrice();
          statuses.add(`${a.status}:${a.body.stale}`);
          await sleep(20);
        }
      }),
    );
    expect([...statuses]).toEqual(["200:true"]);
    expect(fake.calls.upbit).toBeGreaterThanOrEqual(3);
    expect(fake.calls.upbit).toBeLessThanOrEqual(5);
    expect(fake.calls.binance).toBeLessThanOrEqual(5);

    // Recovery: the first good answer after the back-off is served fresh again.
    fake.setMode("ok");
    fake.setWldUsdt(1.2);
    let a = await getPrice();
    for (let i = 0; i < 60 && a.body.stale; i++) {
      await sleep(50);
      a = await getPrice();
    }
    expect(a.body).toMatchObject({ price: 1680, stale: false, usable: true });
  });

  it("serves the seeded history, stale and not usable for money, when the exchanges never answered", async () => {
    const db = await getDb();
    await db.insert(priceSnapshots).values(seedPriceHistory(new Date()));
    fake.setMode("fail");
    const a = await getPrice();
    expect(a.status).toBe(200);
    expect(a.body.stale).toBe(true);
    expect(a.body.usable).toBe(false);
    expect(a.body.price).toBeGreaterThan(1000);
    expect(a.body.usdtKrw).toBe(1395);
    const q = await currentPrice("WLD");
    expect(q).toMatchObject({ stale: true, usable: false });
    expect((await currentPrice("BTC")).priceKrw).toBe("131500000");
    for (const [range, n] of [
      ["1d", 24],
      ["1w", 7],
      ["1m", 4],
    ] as const) {
      const c = await call(chartRoute, "GET", `/api/price/WLD/chart?range=${range}`);
      expect(c.status).toBe(200);
      expect(c.body.points).toHaveLength(n);
      expect(c.body.stale).toBe(true);
    }
  });
  it("after a restart prefers the stored real prices over the seeded history", async () => {
    const db = await getDb();
    await db.insert(priceSnapshots).values(seedPriceHistory(new Date()));
    await getPrice(); // one good round, stored
    await call(chartRoute, "GET", "/api/price/WLD/chart?range=1m");
    await flushPriceWrites();
    resetPriceFeeds();
    fake.setMode("fail");
    const a = await getPrice();
    expect(a.body).toMatchObject({ price: 1540, usdtKrw: 1400, stale: true, usable: true, seeded: false });
    const c = await call(chartRoute, "GET", "/api/price/WLD/chart?range=1m");
    expect(c.body).toMatchObject({ stale: true, seeded: false });
    expect(c.body.points).toHaveLength(4);
    expect(c.body.points.at(-1).value).toBe(1540);
  });
});

describe("currentPrice", () => {
  it("F30 is usable when fresh, stale but usable from a recent stored price, unusable when too old", async () => {
    expect(await currentPrice("USDT")).toMatchObject({ priceKrw: "1400", stale: false, usable: true });
    expect(await currentPrice("BTC")).toMatchObject({ priceKrw: "132000000", stale: false, usable: true });
    expect(await currentPrice("WLD")).toMatchObject({ priceKrw: "1540", stale: false, usable: true });

    await flushPriceWrites();
    resetPriceFeeds();
    fake.setMode("fail");
    expect(await currentPrice("USDT")).toMatchObject({ priceKrw: "1400", stale: true, usable: true });

    // Only a real price from two hours ago is known: shown stale, refused for money.
    const db = await getDb();
    await db.execute(sql`delete from price_snapshots where true`);
    const old = new Date(Date.now() - 2 * 3_600_000);
    await db.insert(priceSnapshots).values({
      symbol: "USDT",
      series: "ticker",
      time: old,
      priceKrw: "1390",
      usdtKrw: "1390",
      source: "upbit",
      fetchedAt: old,
    });
    resetPriceFeeds();
    const q = await currentPrice("USDT");
    expect(q).toMatchObject({ priceKrw: "1390", stale: true, usable: false });
    expect(q.updatedAt.getTime()).toBe(old.getTime());
  });

  it("throws PRICE_UNAVAILABLE when no price was ever known", async () => {
    fake.setMode("fail");
    await expect(currentPrice("ETH")).rejects.toMatchObject({ code: "PRICE_UNAVAILABLE" });
  });
});

describe("GET /api/price/WLD/chart", () => {
  it.each([
    ["1d", 24, "1h"],
    ["1w", 7, "1d"],
    ["1m", 4, "1w"],
  ] as const)("range %s gives %i points from the %s candles, with the change over the range", async (range, n, iv) => {
    const a = await call(chartRoute, "GET", `/api/price/WLD/chart?range=${range}`);
    expect(a.status).toBe(200);
    expect(a.body.range).toBe(range);
    expect(a.body.stale).toBe(false);
    expect(a.body.points).toHaveLength(n);
    // Every range ends at the headline's price (the newest 1-hour close): the 1주 and 1개월 charts read it too.
    expect(fake.calls.klines).toEqual(iv === "1h" ? { "1h": 1 } : { [iv]: 1, "1h": 1 });
    const values = a.body.points.map((p: { value: number }) => p.value);
    const times = a.body.points.map((p: { time: string }) => Date.parse(p.time));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(values.at(-1)).toBe(1540);
    const expected = ((values.at(-1) - values[0]) / values[0]) * 100;
    expect(a.body.changePercent).toBeCloseTo(expected, 1);
  });

  it("issue 29: a range whose candles are older than the hourly ones still ends at the headline's price", async () => {
    process.env.PRICE_REFRESH_MS = "100";
    resetPriceFeeds();
    for (const range of ["1w", "1m"])
      expect((await call(chartRoute, "GET", `/api/price/WLD/chart?range=${range}`)).body.points.at(-1).value).toBe(
        1540,
      );
    // The hourly feed moves to 1.2 USDT (₩1,680); then the exchanges hang, so the daily candles stay at ₩1,540.
    fake.setWldUsdt(1.2);
    await sleep(150);
    expect((await getPrice()).body.price).toBe(1680);
    fake.setDelay(5000);
    await sleep(150);
    const [p, w, m] = await Promise.all([
      getPrice(),
      call(chartRoute, "GET", "/api/price/WLD/chart?range=1w"),
      call(chartRoute, "GET", "/api/price/WLD/chart?range=1m"),
    ]);
    fake.setDelay(0);
    expect(p.body.price).toBe(1680);
    for (const c of [w, m]) {
      const values = c.body.points.map((x: { value: number }) => x.value);
      expect(values.at(-1)).toBe(p.body.price);
      expect(values.at(-2)).not.toBe(p.body.price);
      expect(c.body.changePercent).toBeCloseTo(((values.at(-1) - values[0]) / values[0]) * 100, 1);
    }
  });

  it("defaults to 1d and refuses an unknown range with 400", async () => {
    expect((await call(chartRoute, "GET", "/api/price/WLD/chart")).body.points).toHaveLength(24);
    const bad = await call(chartRoute, "GET", "/api/price/WLD/chart?range=5y");
    expect(bad.status).toBe(400);
  });

  it("the 24-hour change of /api/price/WLD equals the 1d chart's change", async () => {
    const [p, c] = await Promise.all([getPrice(), call(chartRoute, "GET", "/api/price/WLD/chart?range=1d")]);
    expect(p.body.changePercent).toBe(c.body.changePercent);
    expect(fake.calls.klines).toEqual({ "1h": 1 });
  });
});

describe("GET /api/prices", () => {
  it("maps every listed coin and USDT to KRW", async () => {
    const a = await call(pricesRoute, "GET", "/api/prices");
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      prices: { USDT: 1400, BTC: 132000000, ETH: 4550000, SOL: 250000, DOGE: 315, XRP: 3150, WLD: 1540 },
      stale: false,
      usable: true,
    });
    expect(fake.calls.upbit).toBe(1);
  });
});
