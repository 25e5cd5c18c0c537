/**
 * GET /api/health through the real route handler: the database's kind and latency, the age of
 * the newest real WLD price (none, only the demo's seeded row, a fresh one, an old one), and a 503
 * { ok: false, db: "down" } with Retry-After when the database refuses or hangs. The outage cases come last:
 * they replace this file's database.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { closeDb, getDb } from "@/db/client";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "postgres" : "pglite";
const get = () => call(health, "GET", "/api/health", { headers: { "x-request-id": "lb-probe" } });

/** A WLD ticker row stored `ageSeconds` ago (by the database's clock), as the price feed stores one. */
async function wldTicker(ageSeconds: number, source = "upbit") {
  const db = await getDb();
  await db.execute(sql`
    INSERT INTO price_snapshots (symbol, series, time, price_krw, usdt_krw, change_percent, source, fetched_at)
    VALUES ('WLD', 'ticker', now() - make_interval(secs => ${ageSeconds}), 1500, 1400, 0, ${source},
            now() - make_interval(secs => ${ageSeconds}))`);
}

describe(`GET /api/health (${kind})`, () => {
  const saved = { url: process.env.DATABASE_URL, dir: process.env.DATA_DIR };
  afterAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = saved.url;
    process.env.DATA_DIR = saved.dir;
  });

  it("no real price yet (only the demo's seeded row): newestAgeSeconds null, still healthy", async () => {
    const db = await getDb();
    await db.execute(sql`DELETE FROM price_snapshots WHERE true`);
    await wldTicker(5, "seed");
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.headers.get("x-request-id")).toBe("lb-probe");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toEqual({ ok: true, db: kind, dbLatencyMs: expect.any(Number), price: { newestAgeSeconds: null } });
    expect(r.body.dbLatencyMs).toBeGreaterThanOrEqual(0);
    expect(r.body.dbLatencyMs).toBeLessThan(2000);
  });

  it("a fresh price reads a few seconds old; the newest of several counts", async () => {
    await wldTicker(7200);
    await wldTicker(12);
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.body.price.newestAgeSeconds).toBeGreaterThanOrEqual(12);
    expect(r.body.price.newestAgeSeconds).toBeLessThan(12 + 30);
  });

  it("an old price reads its age (2 h) and the instance stays healthy: a stale price is an alert, not an outage", async () => {
    const db = await getDb();
    await db.execute(sql`DELETE FROM price_snapshots WHERE source <> 'seed'`);
    await wldTicker(7200);
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
    expect(r.body.price.newestAgeSeconds).toBeGreaterThanOrEqual(7200);
    expect(r.body.price.newestAgeSeconds).toBeLessThan(7200 + 30);
  });

  it("a database that hangs: 503 { ok: false, db: down } within the 2 s limit, Retry-After, no internals", async () => {
    // Accepts connections and never answers, as a wedged server or a black-holed network would.
    const sockets: net.Socket[] = [];
    let closing = false;
    const server = net.createServer((s) => (closing ? s.destroy() : void sockets.push(s)));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      await closeDb();
      process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/hung`;
      const started = Date.now();
      const r = await get();
      const took = Date.now() - started;
      expect(r.status).toBe(503);
      expect(took).toBeGreaterThanOrEqual(1900);
      expect(took).toBeLessThan(5000);
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.headers.get("x-request-id")).toBe("lb-probe");
      expect(r.body).toEqual({
        ok: false,
        db: "down",
        code: "SERVICE_UNAVAILABLE",
        error: expect.any(String),
      });
      expect(r.text).not.toMatch(/127\.0\.0\.1|ECONN|postgres|stack|hung/i);
    } finally {
      closing = true;
      for (const s of sockets) s.destroy();
      await closeDb();
      await new Promise((r) => server.close(r));
    }
  });

  it("a database that refuses: 503 { ok: false, db: down } at once, in the caller's language", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nowhere"; // nothing listens on port 1
    const started = Date.now();
    const r = await call(health, "GET", "/api/health", { cookie: "NEXT_LOCALE=en" });
    expect(Date.now() - started).toBeLessThan(1900);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ ok: false, db: "down", code: "SERVICE_UNAVAILABLE" });
    expect(r.body.error).toMatch(/[A-Za-z]/);
    expect(r.body.error).not.toMatch(/[가-힣]/);
  });
});
