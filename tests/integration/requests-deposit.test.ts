/** POST /api/requests/deposit: KRW → coin at 6 decimals with the stored price, approval, price outage. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as route from "@/app/api/requests/deposit/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import { getDb, rowsOf } from "@/db/client";
import { countOf, createUser, setFreshWldPrice, snapshot, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
const deposit = (u: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  call(route, "POST", "/api/requests/deposit", { body, cookie: u.cookie, headers });

describe("deposit requests", () => {
  it("answers 503 PRICE_UNAVAILABLE and stores nothing while no trusted price is known", async () => {
    const u = await createUser();
    const before = await snapshot(u.id);
    const r = await deposit(u, { userId: u.userId, coinSymbol: "WLD", amount: 10000, type: "DEPOSIT" });
    expect(r.status).toBe(503);
    expect(r.body.code).toBe("PRICE_UNAVAILABLE");
    expect(await snapshot(u.id)).toEqual(before);
  });

  it("converts KRW at the price of the moment (6 decimals, rounded down) and stores that price", async () => {
    await setFreshWldPrice();
    const u = await createUser();
    const r = await deposit(u, { userId: u.userId, coinSymbol: "WLD", amount: "10000", type: "DEPOSIT" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      message: expect.any(String),
      request: {
        id: expect.any(Number),
        coinSymbol: "WLD",
        krwAmount: "10000",
        amount: "3.571428",
        priceKrw: "2800",
        status: "PENDING",
        quoteExpiresAt: expect.any(String),
        depositorName: expect.stringMatching(/^.{1,3}[0-9]{4}$/),
      },
    });
    const rows = rowsOf<{ price: string; total: string }>(
      await (await getDb()).execute(
        sql`select price_krw::text as price, total::text as total from requests where id = ${r.body.request.id}`,
      ),
    );
    expect(rows[0]?.price).toMatch(/^2800(\.0+)?$/);
    // Nothing moves before approval.
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
    const dup = await deposit(u, { amount: 5000 });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_PENDING");
  });

  it.each([["0"], ["-100"], ["100.5"], ["1e4"], [" 100"], [[100]], ["abc"], [null]])(
    "refuses KRW amount %j with 400 and stores nothing",
    async (amount) => {
      await setFreshWldPrice();
      const u = await createUser();
      const before = await snapshot(u.id);
      const r = await deposit(u, { amount });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("INVALID_AMOUNT");
      expect(await snapshot(u.id)).toEqual(before);
    },
  );

  it("refuses a KRW amount worth less than 0.000001 WLD and any coin but WLD", async () => {
    await setFreshWldPrice();
    const u = await createUser();
    expect((await deposit(u, { amount: "0.1" })).status).toBe(400);
    expect((await deposit(u, { amount: "1", coinSymbol: "BTC" })).status).toBe(400);
    expect(await countOf(sql`select count(*)::text as n from requests where user_id = ${u.id}`)).toBe(0);
  });

  it(`approval credits the holding once with a DEPOSIT row, even from two admins at once (${dbName})`, async () => {
    await setFreshWldPrice();
    const u = await createUser();
    const a1 = await createUser({ role: "ADMIN" });
    const a2 = await createUser({ role: "ADMIN" });
    const id = (await deposit(u, { amount: 28000 }, { "idempotency-key": `dep-${u.id}` })).body.request.id as number;
    const replay = await deposit(u, { amount: 28000 }, { "idempotency-key": `dep-${u.id}` });
    expect(replay.status).toBe(201);
    expect(replay.body.request.id).toBe(id);
    const results = await Promise.all(
      [a1, a2, a1, a2].map((a) =>
        call(decideRoute, "PATCH", "/x", {
          body: { action: "approve", krwReceived: "28000" },
          cookie: a.cookie,
          params: { id: String(id) },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await wld(u.id)).toMatchObject({ holding: "10" });
    const hist = await call(txRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(hist.body.items).toHaveLength(1);
    expect(hist.body.items[0]).toMatchObject({ type: "DEPOSIT", amount: "10" });
    await expectLedgerConsistent();
  });

  it("an approval names the KRW received: none → 400 KRW_RECEIVED_REQUIRED; other KRW → credited at the quoted price", async () => {
    await setFreshWldPrice();
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const id = (await deposit(u, { amount: 28000 })).body.request.id as number;
    const approve = (body: unknown) =>
      call(decideRoute, "PATCH", "/x", { body, cookie: admin.cookie, params: { id: String(id) } });
    const bare = await approve({ action: "approve" });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("KRW_RECEIVED_REQUIRED");
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
    // Half of it arrived while the quote held: 14,000 ÷ 2,800.
    const ok = await approve({ action: "approve", krwReceived: "14000" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.request).toMatchObject({
      status: "APPROVED",
      amount: "5",
      krwAmount: "28000",
      priceKrw: "2800",
      deposit: { krwReceived: "14000", confirmedAt: expect.any(String), bankLineId: null },
    });
    expect(await wld(u.id)).toMatchObject({ holding: "5" });
    await expectLedgerConsistent();
  });

  it("a rejected deposit moves nothing and frees the slot", async () => {
    await setFreshWldPrice();
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const id = (await deposit(u, { amount: 2800 })).body.request.id as number;
    const r = await call(decideRoute, "PATCH", "/x", {
      body: { action: "reject", reason: "no funds received" },
      cookie: admin.cookie,
      params: { id: String(id) },
    });
    expect(r.body.request).toMatchObject({ status: "REJECTED", type: "DEPOSIT", amount: "1", krwAmount: "2800" });
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
    expect((await deposit(u, { amount: 2800 })).status).toBe(201);
    await expectLedgerConsistent();
  });
});
