/** POST /api/users/{userId}/swap: holding → staked, strict amounts, races, idempotency. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import * as coinsRoute from "@/app/api/users/by-id/[userId]/coins/route";
import * as coinsRoute2 from "@/app/api/users/coins/[userId]/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import * as configRoute from "@/app/api/config/route";
import { countOf, createUser, fund, snapshot, wld } from "../factories/money";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const db = onPostgres() ? "PostgreSQL" : "PGlite";
const swap = (u: { userId: string; cookie: string }, body: unknown, headers: Record<string, string> = {}) =>
  call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
    body,
    cookie: u.cookie,
    params: { userId: u.userId },
    headers,
  });

describe("swap into the protected lock", () => {
  it("moves holding → staked with a STAKING history row and answers { holding, staked }", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "30.5" });
    const r = await swap(u, { amount: "10.25" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ holding: "20.25", staked: "10.25" });
    const r2 = await swap(u, { amount: 0.25 });
    expect(r2.body).toEqual({ holding: "20", staked: "10.5" });
    const hist = await call(txRoute, "GET", `/api/transactions/by-id/${u.userId}`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(hist.body.total).toBe(2);
    expect(hist.body.items[0]).toMatchObject({ type: "STAKING", coinSymbol: "WLD", amount: "0.25" });
    expect(hist.body.items[1]).toMatchObject({ type: "STAKING", amount: "10.25" });
    expect(hist.body.items[0]).toEqual({
      id: expect.any(Number),
      type: "STAKING",
      coinSymbol: "WLD",
      amount: "0.25",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await expectLedgerConsistent();
  });

  it("the whole holding can be swapped; one unit more is refused with 409 and nothing moves", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "7" });
    const over = await swap(u, { amount: "7.000000000000000001" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await wld(u.id)).toMatchObject({ holding: "7", staked: "0" });
    expect((await swap(u, { amount: "7" })).body).toEqual({ holding: "0", staked: "7" });
    await expectLedgerConsistent();
  });

  it.each([
    ["zero", 0],
    ["zero string", "0"],
    ["negative", "-1"],
    ["negative number", -1],
    ["exponent", "1e1"],
    ["exponent number", 1e21],
    ["plus sign", "+1"],
    ["hex", "0x10"],
    ["leading space", " 1"],
    ["trailing space", "1 "],
    ["array", [1]],
    ["object", { v: 1 }],
    ["NaN string", "NaN"],
    ["Infinity string", "Infinity"],
    ["null", null],
    ["boolean", true],
    ["empty", ""],
    ["comma", "1,5"],
    ["too many decimals", "1.0000000000000000001"],
    ["leading zeros", "01"],
    ["bare dot", ".5"],
  ])("A3 refuses a %s amount with 400 INVALID_AMOUNT and posts nothing", async (_name, amount) => {
    const u = await createUser();
    await fund(u.id, { holding: "30" });
    const before = await snapshot(u.id);
    const r = await swap(u, { amount });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_AMOUNT");
    expect(await snapshot(u.id)).toEqual(before);
  });

  it("refuses a missing amount and malformed JSON with 400", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "30" });
    const before = await snapshot(u.id);
    expect((await swap(u, {})).status).toBe(400);
    const bad = await call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
      body: "{amount: 1",
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_JSON");
    expect(await snapshot(u.id)).toEqual(before);
  });

  it("another member cannot swap for someone else (403) and a guest gets 401", async () => {
    const u = await createUser();
    const other = await createUser();
    await fund(u.id, { holding: "30" });
    const r = await call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
      body: { amount: "1" },
      cookie: other.cookie,
      params: { userId: u.userId },
    });
    expect(r.status).toBe(403);
    const g = await call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
      body: { amount: "1" },
      params: { userId: u.userId },
    });
    expect(g.status).toBe(401);
    expect(await wld(u.id)).toMatchObject({ holding: "30", staked: "0" });
  });

  it(`A1/A6 100 parallel swaps of 1 against a holding of 30 → exactly 30 succeed (${db})`, async () => {
    const u = await createUser();
    await fund(u.id, { holding: "30", staked: "2" });
    const t0 = Date.now();
    const results = await Promise.all(Array.from({ length: 100 }, () => swap(u, { amount: "1" })));
    const ms = Date.now() - t0;
    const ok = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.status === 409 && r.body.code === "INSUFFICIENT_FUNDS").length;
    const other = results.filter((r) => r.status !== 200 && r.status !== 409).map((r) => r.status);
    console.log(
      `[swap race on ${db}] 100 swaps of 1 against 30: ${ok} ok, ${refused} refused (409), other ${JSON.stringify(other)}, ${ms} ms`,
    );
    expect(ok).toBe(30);
    expect(refused).toBe(70);
    expect(await wld(u.id)).toMatchObject({ holding: "0", staked: "32" });
    expect(
      await countOf(sql`select count(*)::text as n from transactions where user_id = ${u.id} and type = 'STAKING'`),
    ).toBe(30);
    await expectLedgerConsistent();
  });

  it("A2 an Idempotency-Key replay returns the first answer and moves nothing; another body → 422", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "10" });
    const key = { "idempotency-key": `swap-${u.id}` };
    const first = await swap(u, { amount: "3" }, key);
    expect(first.status).toBe(200);
    const again = await swap(u, { amount: "3" }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // A number and the same decimal string are the same request.
    expect((await swap(u, { amount: 3 }, key)).body).toEqual(first.body);
    const before = await snapshot(u.id);
    const other = await swap(u, { amount: "4" }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await snapshot(u.id)).toEqual(before);
    expect(await wld(u.id)).toMatchObject({ holding: "7", staked: "3" });
    await expectLedgerConsistent();
  });

  it(`A2 20 concurrent requests with one Idempotency-Key execute once (${db})`, async () => {
    const u = await createUser();
    await fund(u.id, { holding: "10" });
    const key = { "idempotency-key": `swap-c-${u.id}` };
    const results = await Promise.all(Array.from({ length: 20 }, () => swap(u, { amount: "1" }, key)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toEqual({ holding: "9", staked: "1" });
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    expect(await wld(u.id)).toMatchObject({ holding: "9", staked: "1" });
    await expectLedgerConsistent();
  });

  it("a failed request leaves its key free: the retry runs", async () => {
    const u = await createUser();
    const key = { "idempotency-key": `swap-f-${u.id}` };
    expect((await swap(u, { amount: "5" }, key)).status).toBe(409);
    await fund(u.id, { holding: "5" });
    expect((await swap(u, { amount: "5" }, key)).body).toEqual({ holding: "0", staked: "5" });
    await expectLedgerConsistent();
  });

  it("refuses a malformed Idempotency-Key", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "5" });
    const r = await swap(u, { amount: "1" }, { "idempotency-key": "x".repeat(201) });
    expect(r.status).toBe(400);
    expect(await wld(u.id)).toMatchObject({ holding: "5" });
  });
});

describe("coins and config", () => {
  it("lists all six symbols with WLD always present, amount = holding, on both paths", async () => {
    const u = await createUser();
    const empty = await call(coinsRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([
      { symbol: "BTC", amount: "0" },
      { symbol: "ETH", amount: "0" },
      { symbol: "SOL", amount: "0" },
      { symbol: "DOGE", amount: "0" },
      { symbol: "XRP", amount: "0" },
      { symbol: "WLD", amount: "0" },
    ]);
    await fund(u.id, { holding: "12.5", staked: "3" });
    const a = await call(coinsRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    const b = await call(coinsRoute2, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(a.body).toEqual(b.body);
    expect(a.body.find((c: { symbol: string }) => c.symbol === "WLD")).toEqual({ symbol: "WLD", amount: "12.5" });
    const other = await createUser();
    expect((await call(coinsRoute, "GET", "/x", { cookie: other.cookie, params: { userId: u.userId } })).status).toBe(
      403,
    );
  });

  it("serves the public constants", async () => {
    const r = await call(configRoute, "GET", "/api/config");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      lockReleaseAt: "2025-07-27T18:00:00+09:00",
      fees: { OP: "0.2", WORLDCHAIN: "0.2", ERC20: "1.5", DEFAULT: "0.2" },
      minTransfer: "5",
      version: "2.8.8300",
    });
    expect(new Date(r.body.lockReleaseAt).toISOString()).toBe("2025-07-27T09:00:00.000Z");
  });
});
