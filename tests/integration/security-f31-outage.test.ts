/**
 * SECURITY.md F31 (ASVS 16.5.3), a database outage in the middle of money traffic: the app reaches PostgreSQL
 * through a TCP relay that this test cuts (every open connection torn down, new ones refused) while keyed swaps
 * are in flight, and then restores. While the database is away every answer is 503 with Retry-After and a
 * generic {error, code}; nothing is half-posted; after recovery every client retry with its Idempotency-Key
 * applies exactly once and the ledger's invariants hold. PostgreSQL only: the embedded database cannot go away
 * on its own (outage.test.ts covers the 503 there).
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { closeDb } from "@/db/client";
import { countOf, createUser, fund, wld } from "../factories/money";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

/** A TCP relay to the database that can be cut and restored on the same port. */
function relay(to: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(to.port, to.host);
        for (const s of [client, upstream]) {
          open.add(s);
          s.on("close", () => open.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    /** The outage: no new connection is accepted and every open one is torn down mid-conversation. */
    cut: () =>
      new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of open) s.destroy();
      }),
  };
}

describe.runIf(onPostgres())("F31 database outage during keyed swaps (PostgreSQL)", () => {
  const savedUrl = process.env.DATABASE_URL;
  const db = new URL(savedUrl ?? "postgres://127.0.0.1:5432/x");
  const link = relay({ host: db.hostname, port: Number(db.port || 5432) });
  afterAll(async () => {
    await closeDb();
    await link.cut();
    process.env.DATABASE_URL = savedUrl;
  });

  it("F31 503 + Retry-After while the database is away, nothing half-posted; same-key retries apply once after recovery", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "100" });
    await link.listen();
    await closeDb();
    const viaRelay = new URL(db);
    viaRelay.host = `127.0.0.1:${link.port}`;
    process.env.DATABASE_URL = viaRelay.toString();

    const swap = (key: string) =>
      call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
        cookie: u.cookie,
        params: { userId: u.userId },
        body: { amount: "1" },
        headers: { "idempotency-key": key },
      });
    const keys = Array.from({ length: 60 }, (_, i) => `f31-${u.id}-${i}`);

    // 10 before the outage, 30 in flight when it starts, 20 while the database is away.
    const before = await Promise.all(keys.slice(0, 10).map(swap));
    expect(before.map((r) => r.status)).toEqual(Array(10).fill(200));
    const inFlight = keys.slice(10, 40).map(swap);
    await new Promise((r) => setTimeout(r, 15));
    await link.cut();
    const during = [...(await Promise.all(inFlight)), ...(await Promise.all(keys.slice(40).map(swap)))];

    const refused = during.filter((r) => r.status !== 200);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", error: expect.any(String) });
      expect(r.text).not.toMatch(/ECONN|CONNECTION_|postgres|127\.0\.0\.1|\bat \/|select|insert/i);
    }
    expect(during.slice(30).every((r) => r.status === 503)).toBe(true); // sent while away: none got through
    console.log(
      JSON.stringify({
        f31: { beforeOutage: 10, inFlightOk: during.slice(0, 30).filter((r) => r.status === 200).length },
        refused503: refused.length,
      }),
    );

    // Recovery: the database answers again on the same address; every client retries with its own key.
    await link.listen();
    const t0 = Date.now();
    const retries = await Promise.all(keys.map(swap));
    const recoveredInMs = Date.now() - t0;
    expect(retries.map((r) => r.status)).toEqual(Array(60).fill(200));
    // The pool is whole again within seconds (db/client.ts: connect_timeout, backoff capped at 2 s).
    expect(recoveredInMs).toBeLessThan(10_000);
    console.log(JSON.stringify({ f31: { retried: 60, recoveredInMs } }));
    const staked = await wld(u.id);
    expect(staked).toMatchObject({ holding: "40", staked: "60", held: "0" });
    expect(
      await countOf(sql`select count(*)::text as n from transactions where user_id = ${u.id} and type = 'STAKING'`),
    ).toBe(60);
    // A second round of retries replays: nothing moves.
    const again = await Promise.all(keys.slice(0, 20).map(swap));
    expect(again.every((r) => r.status === 200 && r.headers.get("idempotent-replayed") === "true")).toBe(true);
    expect(await wld(u.id)).toEqual(staked);
    await expectLedgerConsistent();
  });
});
