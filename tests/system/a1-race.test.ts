/**
 * SECURITY A1 / A5 across instances: two real production servers (`next start`) on one PostgreSQL
 * database. 200 concurrent swaps of 10 WLD against a holding of 100, split over both servers, must
 * accept exactly 10 and refuse the rest with 409 (no 5xx); 50 concurrent transfer requests must leave
 * exactly one PENDING. The real `npm run ledger:check` must pass afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  login,
  orphanHolds,
  PASSWORD,
  percentile,
  sameAmount,
  seedMembers,
  tally,
  WALLET,
  wld,
  storeWldPrice,
} from "./support/api";
import {
  createScratchDatabase,
  type Instance,
  killAll,
  ledgerCheck,
  report,
  type ScratchDatabase,
  startInstance,
  systemSkipReason,
  warnIfBuildStale,
} from "./support/cluster";

const skip = systemSkipReason();
if (skip) report(`A1 skipped: ${skip}`);

describe.skipIf(skip !== null)("A1 money races across two production instances", () => {
  let db: ScratchDatabase | undefined;
  let a: Instance;
  let b: Instance;
  let adminCookie: string;

  beforeAll(async () => {
    warnIfBuildStale();
    const t0 = performance.now();
    db = await createScratchDatabase("a1");
    [a, b] = await Promise.all([startInstance("a1-a", db.url), startInstance("a1-b", db.url)]);
    report(
      `A1: scratch database ${db.name}, instances on :${a.port} and :${b.port}, ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await seedMembers(db.sql, [{ userId: "sysadmin1", role: "ADMIN" }]);
    await storeWldPrice(db.sql);
    adminCookie = await login(a.base, "sysadmin1", PASSWORD);
  }, 300_000);

  afterAll(async () => {
    killAll();
    await db?.drop();
  }, 60_000);

  it("200 concurrent swaps of 10 against 100 over both instances: exactly 10 accepted, 190 × 409, no 5xx", async () => {
    const [m] = await seedMembers(db!.sql, [{ userId: "sysswap1" }]);
    // The member signs in on instance B; the session must work on A too (same AUTH_SECRET).
    const cookie = await login(b.base, m!.userId, PASSWORD);

    const credit = await call(a.base, "PATCH", `/api/admin/users/${m!.id}/coin`, {
      cookie: adminCookie,
      body: { symbol: "WLD", amount: "100", action: "DEPOSIT" },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const coins = await call(a.base, "GET", `/api/users/coins/${m!.userId}`, { cookie });
    expect(coins.status).toBe(200);
    expect(coins.body.find((c: { symbol: string }) => c.symbol === "WLD")?.amount).toMatch(/^100(\.0*)?$/);

    // Warm the swap route on both servers (a refused zero amount moves nothing), so neither wins by a head start.
    for (const inst of [a, b]) {
      const warm = await call(inst.base, "POST", `/api/users/${m!.userId}/swap`, { cookie, body: { amount: "0" } });
      expect(warm.status).toBe(400);
    }

    const t0 = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(i % 2 ? b.base : a.base, "POST", `/api/users/${m!.userId}/swap`, { cookie, body: { amount: "10" } }),
      ),
    );
    const wall = performance.now() - t0;
    const t = tally(outcomes);
    const accepted = t["200"] ?? 0;
    const errors = outcomes.filter((o) => o.status === 0 || o.status >= 500).length;
    const refused = outcomes.filter((o) => o.status >= 400 && o.status < 500).length;
    const perInstance = [a, b].map((inst, k) => {
      const mine = outcomes.filter((_, i) => i % 2 === k);
      return `${inst.name} ${mine.filter((o) => o.status === 200).length}/${mine.length} accepted`;
    });
    report(
      `200 swaps across 2 instances: ${accepted} accepted, ${refused} refused, ${errors} errors ` +
        `(${perInstance.join(", ")}; statuses ${JSON.stringify(t)}; wall ${wall.toFixed(0)} ms, ` +
        `p50 ${percentile(
          outcomes.map((o) => o.ms),
          50,
        ).toFixed(0)} ms, p99 ${percentile(
          outcomes.map((o) => o.ms),
          99,
        ).toFixed(0)} ms)`,
    );
    if (errors) report(`server output (a):\n${a.output()}\nserver output (b):\n${b.output()}`);

    expect(errors).toBe(0);
    expect(accepted).toBe(10);
    expect(t["409"]).toBe(190);
    for (const o of outcomes.filter((x) => x.status === 409)) expect(o.body.code).toBe("INSUFFICIENT_FUNDS");

    const bal = await wld(db!.sql, m!.id);
    expect(await sameAmount(db!.sql, bal.holding!, "0"), `holding ${bal.holding}`).toBe(true);
    expect(await sameAmount(db!.sql, bal.staked!, "100"), `staked ${bal.staked}`).toBe(true);
    const [{ n }] = (await db!.sql`
      SELECT count(*)::int AS n FROM transactions WHERE user_id = ${m!.id} AND type = 'STAKING'`) as unknown as [
      { n: number },
    ];
    expect(n).toBe(10);

    const check = await ledgerCheck(db!.url);
    report(`A1 swaps: npm run ledger:check → ${check.ok ? "passed" : "FAILED"}`);
    expect(check.ok, check.output).toBe(true);
  }, 180_000);

  it("50 concurrent transfer requests over both instances: exactly one PENDING, one hold", async () => {
    const [m] = await seedMembers(db!.sql, [{ userId: "systr1", idStatus: "APPROVED", walletAddr: WALLET }]);
    const cookie = await login(a.base, m!.userId, PASSWORD);
    const credit = await call(b.base, "PATCH", `/api/admin/users/${m!.id}/coin`, {
      cookie: adminCookie,
      body: { symbol: "WLD", amount: "100", action: "DEPOSIT" },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const swap = await call(b.base, "POST", `/api/users/${m!.userId}/swap`, { cookie, body: { amount: "100" } });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);

    const t0 = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 2 ? b.base : a.base, "POST", "/api/transfer-requests", {
          cookie,
          body: { coinSymbol: "WLD", amount: "10", type: "TRANSFER" },
        }),
      ),
    );
    const wall = performance.now() - t0;
    const t = tally(outcomes);
    const errors = outcomes.filter((o) => o.status === 0 || o.status >= 500).length;
    report(
      `50 transfer requests across 2 instances: ${t["201"] ?? 0} created, ${t["409"] ?? 0} refused (409), ` +
        `${errors} errors (statuses ${JSON.stringify(t)}; wall ${wall.toFixed(0)} ms)`,
    );
    if (errors) report(`server output (a):\n${a.output()}\nserver output (b):\n${b.output()}`);

    expect(errors).toBe(0);
    expect(t["201"]).toBe(1);
    expect(t["409"]).toBe(49);
    for (const o of outcomes.filter((x) => x.status === 409)) expect(o.body.code).toBe("DUPLICATE_PENDING");

    const pending = await db!.sql<{ total: string }[]>`
      SELECT total::text AS total FROM requests WHERE user_id = ${m!.id} AND status = 'PENDING'`;
    expect(pending).toHaveLength(1);
    const bal = await wld(db!.sql, m!.id);
    expect(await sameAmount(db!.sql, bal.held!, "10.2"), `held ${bal.held}`).toBe(true);
    expect(await sameAmount(db!.sql, bal.staked!, "89.8"), `staked ${bal.staked}`).toBe(true);
    expect(await orphanHolds(db!.sql)).toEqual([]);

    const check = await ledgerCheck(db!.url);
    report(`A1 transfers: npm run ledger:check → ${check.ok ? "passed" : "FAILED"}`);
    expect(check.ok, check.output).toBe(true);
  }, 180_000);
});
