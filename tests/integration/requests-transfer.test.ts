/**
 * Transfer and withdraw requests: every transfer rule of the spec (fee, minimum, spendable, one pending) through the
 * real routes, the hold, cancel, timeline, admin approve/reject exactly once, and the races.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as adminListRoute from "@/app/api/admin/requests/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as timelineRoute from "@/app/api/transfer-requests/[id]/timeline/route";
import * as dupRoute from "@/app/api/transfer-requests/check-duplicate/route";
import * as route from "@/app/api/transfer-requests/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import { getDb, rowsOf } from "@/db/client";
import { D } from "@/lib/money";
import { approvedMember, countOf, createUser, ERC20_WALLET, fund, snapshot, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const db = onPostgres() ? "PostgreSQL" : "PGlite";
const ask = (u: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  call(route, "POST", "/api/transfer-requests", { body, cookie: u.cookie, headers });
const decide = (admin: TestUser, id: number, body: unknown, headers: Record<string, string> = {}) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
    body,
    cookie: admin.cookie,
    params: { id: String(id) },
    headers,
  });
const cancel = (u: TestUser, id: number) =>
  call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } });
const systemBalance = async (kind: string) => {
  const rows = rowsOf<{ b: string }>(
    await (await getDb()).execute(
      sql`select coalesce(sum(balance),0)::text as b from ledger_accounts where user_id is null and coin = 'WLD' and kind = ${kind}`,
    ),
  );
  return rows[0]?.b ?? "0";
};

describe("POST /api/transfer-requests", () => {
  it("A4 reserves amount + fee (staked → held) and answers 201 with the request", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "20" });
    const r = await ask(u, { userId: u.userId, coinSymbol: "WLD", amount: "10", type: "TRANSFER" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      message: "요청이 접수되었습니다. 관리자 승인 후 처리됩니다.",
      request: {
        id: expect.any(Number),
        coinSymbol: "WLD",
        amount: "10",
        fee: "0.2",
        total: "10.2",
        status: "PENDING",
      },
    });
    expect(await wld(u.id)).toMatchObject({ staked: "9.8", held: "10.2" });
    await expectLedgerConsistent();
  });

  it("charges 1.5 on an ERC20 address and 0.2 when the network cannot be read", async () => {
    const e = await approvedMember(ERC20_WALLET);
    await fund(e.id, { staked: "20" });
    const r = await ask(e, { amount: 10, type: "WITHDRAW" });
    expect(r.body.request).toMatchObject({ fee: "1.5", total: "11.5" });
    expect(await wld(e.id)).toMatchObject({ staked: "8.5", held: "11.5" });
    const legacy = await approvedMember("홍길동|국민은행|123-456-789");
    await fund(legacy.id, { staked: "20" });
    expect((await ask(legacy, { amount: "10" })).body.request).toMatchObject({ fee: "0.2", total: "10.2" });
    await expectLedgerConsistent();
  });

  it.each([
    ["at the minimum", "5", "5.2", 201, null],
    ["just under the minimum", "4.99", "100", 400, "BELOW_MINIMUM"],
    ["at the spendable maximum (10.009 − 0.2 → 9.80)", "9.8", "10.009", 201, null],
    ["just over the spendable maximum", "9.81", "10.009", 400, "ABOVE_MAXIMUM"],
    ["over the staked amount", "25", "20", 400, "ABOVE_MAXIMUM"],
    ["with nothing staked", "5", "0", 400, "ABOVE_MAXIMUM"],
  ])("A4 amount %s → %s", async (_name, amount, staked, status, code) => {
    const u = await approvedMember();
    if (staked !== "0") await fund(u.id, { staked });
    const before = await snapshot(u.id);
    const r = await ask(u, { coinSymbol: "WLD", amount, type: "TRANSFER" });
    expect(r.status).toBe(status);
    if (code) {
      expect(r.body.code).toBe(code);
      expect(await snapshot(u.id)).toEqual(before);
    } else {
      const held = await wld(u.id);
      expect(held.held).toBe(r.body.request.total);
    }
    await expectLedgerConsistent();
  });

  it("A4 tells the member the spendable maximum, the staked balance and the fee when over it", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "10.009" });
    const r = await ask(u, { amount: "9.81" });
    expect(r.body).toMatchObject({ code: "ABOVE_MAXIMUM", spendable: "9.80", staked: "10.009", fee: "0.2" });
  });

  it.each([
    ["three decimals", "5.001"],
    ["exponent", "5e1"],
    ["sign", "+6"],
    ["negative", "-6"],
    ["hex", "0x6"],
    ["whitespace", " 6"],
    ["array", ["6"]],
    ["NaN", "NaN"],
    ["zero", "0"],
    ["number with 3 decimals", 5.123],
  ])("A3 a %s amount → 400 INVALID_AMOUNT, nothing changed", async (_name, amount) => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const before = await snapshot(u.id);
    const r = await ask(u, { amount, type: "TRANSFER" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_AMOUNT");
    expect(await snapshot(u.id)).toEqual(before);
  });

  it("ID approval first (403 KYC_REQUIRED), then a wallet address (409 WALLET_REQUIRED)", async () => {
    for (const idStatus of ["NONE", "PENDING", "REJECTED"] as const) {
      const u = await createUser({ idStatus, walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7" });
      await fund(u.id, { staked: "100" });
      const before = await snapshot(u.id);
      const r = await ask(u, { amount: "10" });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("KYC_REQUIRED");
      expect(await snapshot(u.id)).toEqual(before);
    }
    const noWallet = await approvedMember(null);
    await fund(noWallet.id, { staked: "100" });
    const before = await snapshot(noWallet.id);
    const r = await ask(noWallet, { amount: "10" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("WALLET_REQUIRED");
    expect(await snapshot(noWallet.id)).toEqual(before);
  });

  it("C22 ignores mass-assigned fields: the fee, total and status are the server's; another member's userId is 403", async () => {
    const u = await approvedMember();
    const victim = await approvedMember();
    await fund(u.id, { staked: "50" });
    await fund(victim.id, { staked: "50" });
    const forged = { amount: "10", fee: "0", total: "10", status: "APPROVED", id: 1 };
    expect((await ask(u, { ...forged, userId: victim.userId })).status).toBe(403);
    const r = await ask(u, { ...forged, userId: u.userId });
    expect(r.status).toBe(201);
    expect(r.body.request).toMatchObject({ fee: "0.2", total: "10.2", status: "PENDING" });
    expect(await wld(u.id)).toMatchObject({ staked: "39.8", held: "10.2" });
    expect(await wld(victim.id)).toMatchObject({ staked: "50", held: "0" });
    await expectLedgerConsistent();
  });

  it("refuses other coins, unknown types and a guest", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const before = await snapshot(u.id);
    expect((await ask(u, { coinSymbol: "BTC", amount: "10" })).status).toBe(400);
    expect((await ask(u, { amount: "10", type: "DEPOSIT" })).status).toBe(400);
    expect((await call(route, "POST", "/api/transfer-requests", { body: { amount: "10" } })).status).toBe(401);
    expect(await snapshot(u.id)).toEqual(before);
  });

  it("A5 one PENDING request per coin and type (409 DUPLICATE_PENDING); a WITHDRAW beside a TRANSFER is fine", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    expect((await ask(u, { amount: "10", type: "TRANSFER" })).status).toBe(201);
    const before = await snapshot(u.id);
    const dup = await ask(u, { amount: "11", type: "transfer" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_PENDING");
    expect(await snapshot(u.id)).toEqual(before);
    expect((await ask(u, { amount: "10", type: "WITHDRAW" })).status).toBe(201);
    expect(await wld(u.id)).toMatchObject({ staked: "79.6", held: "20.4" });
    const check = (type: string, who = u) =>
      call(dupRoute, "GET", `/api/transfer-requests/check-duplicate?userId=${u.userId}&coinSymbol=WLD&type=${type}`, {
        cookie: who.cookie,
      });
    expect((await check("TRANSFER")).body).toEqual({ exists: true });
    expect((await check("WITHDRAW")).body).toEqual({ exists: true });
    expect((await check("DEPOSIT")).body).toEqual({ exists: false });
    const other = await createUser();
    expect((await check("TRANSFER", other)).status).toBe(403);
    await expectLedgerConsistent();
  });

  it(`A5 50 parallel transfer requests create exactly one PENDING request (${db})`, async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "1000" });
    const t0 = Date.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => ask(u, { amount: "10", type: "TRANSFER" })));
    const ms = Date.now() - t0;
    const created = results.filter((r) => r.status === 201).length;
    const dup = results.filter((r) => r.status === 409 && r.body.code === "DUPLICATE_PENDING").length;
    const other = results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${r.body?.code}`);
    console.log(
      `[transfer-request race on ${db}] 50 parallel: ${created} created, ${dup} DUPLICATE_PENDING, other ${JSON.stringify(other)}, ${ms} ms`,
    );
    expect(created).toBe(1);
    expect(dup).toBe(49);
    expect(await countOf(sql`select count(*)::text as n from requests where user_id = ${u.id}`)).toBe(1);
    expect(await wld(u.id)).toMatchObject({ staked: "989.8", held: "10.2" });
    await expectLedgerConsistent();
  });

  it(`A6 parallel requests of different types never reserve more than is staked (${db})`, async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "15" });
    const results = await Promise.all([
      ask(u, { amount: "9", type: "TRANSFER" }),
      ask(u, { amount: "9", type: "WITHDRAW" }),
      ask(u, { amount: "9", type: "TRANSFER" }),
      ask(u, { amount: "9", type: "WITHDRAW" }),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await wld(u.id)).toMatchObject({ staked: "5.8", held: "9.2" });
    await expectLedgerConsistent();
  });

  it("A2 Idempotency-Key: a replay answers the first 201 and creates nothing; another body → 422", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const key = { "idempotency-key": `tr-${u.id}` };
    const first = await ask(u, { amount: "10" }, key);
    const again = await ask(u, { amount: "10" }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const before = await snapshot(u.id);
    const other = await ask(u, { amount: "12" }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await snapshot(u.id)).toEqual(before);
    expect(before.requests).toBe(1);
    await expectLedgerConsistent();
  });
});

describe("cancel, timeline and the member's list", () => {
  it("the member cancels their own PENDING request: the hold is released at once and can be asked again", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "50" });
    const { body } = await ask(u, { amount: "10" });
    const id = body.request.id as number;
    const other = await approvedMember();
    expect((await cancel(other, id)).status).toBe(404);
    const r = await cancel(u, id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ request: { id, status: "CANCELLED" } });
    expect(await wld(u.id)).toMatchObject({ staked: "50", held: "0" });
    const again = await cancel(u, id);
    expect(again.status).toBe(409);
    expect((await cancel(u, 99999999)).status).toBe(404);
    expect((await cancel(u, "abc" as unknown as number)).status).toBe(404);
    expect((await ask(u, { amount: "10" })).status).toBe(201);

    const tl = await call(timelineRoute, "GET", "/x", { cookie: u.cookie, params: { id: String(id) } });
    expect(tl.status).toBe(200);
    expect(tl.body.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ["PENDING", "MEMBER"],
      ["CANCELLED", "MEMBER"],
    ]);
    expect((await call(timelineRoute, "GET", "/x", { cookie: other.cookie, params: { id: String(id) } })).status).toBe(
      404,
    );

    const list = await call(route, "GET", "/api/transfer-requests?status=cancelled", { cookie: u.cookie });
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id, status: "CANCELLED", type: "TRANSFER", amount: "10", fee: "0.2" });
    await expectLedgerConsistent();
  });
});

describe("admin handling", () => {
  it("approve reserves the payout once: held → payouts (in transit) + fee → fees, with a TRANSFER history row of −total", async () => {
    const u = await approvedMember();
    const admin = await createUser({ role: "ADMIN" });
    await fund(u.id, { staked: "30" });
    const id = (await ask(u, { amount: "10" })).body.request.id as number;
    const [ext0, fee0, pay0] = [
      await systemBalance("external"),
      await systemBalance("fees"),
      await systemBalance("payouts"),
    ];
    const r = await decide(admin, id, { action: "approve", reason: "ok" });
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({ id, status: "APPROVED", amount: "10", fee: "0.2", total: "10.2" });
    expect(await wld(u.id)).toMatchObject({ staked: "19.8", held: "0" });
    expect(new D(await systemBalance("fees")).minus(fee0).toFixed()).toBe("0.2");
    // In transit until the chain proves the payout (external only at PAID: tests/integration/payouts-chain.test.ts).
    expect(new D(await systemBalance("payouts")).minus(pay0).toFixed()).toBe("10");
    expect(new D(await systemBalance("external")).minus(ext0).toFixed()).toBe("0");
    const again = await decide(admin, id, { action: "reject" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    const hist = await call(txRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(hist.body.items[0]).toMatchObject({ type: "TRANSFER", amount: "-10.2" });
    const tl = await call(timelineRoute, "GET", "/x", { cookie: admin.cookie, params: { id: String(id) } });
    expect(tl.body.at(-1)).toMatchObject({ status: "APPROVED", by: "ADMIN", actorUserId: admin.userId, reason: "ok" });
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action = 'request.approved' and target_id = ${String(id)}`,
      ),
    ).toBe(1);
    await expectLedgerConsistent();
  });

  it("reject releases the hold and writes no history row", async () => {
    const u = await approvedMember();
    const admin = await createUser({ role: "ADMIN" });
    await fund(u.id, { staked: "30" });
    const id = (await ask(u, { amount: "10", type: "WITHDRAW" })).body.request.id as number;
    const before = await countOf(sql`select count(*)::text as n from transactions where user_id = ${u.id}`);
    const r = await decide(admin, id, { action: "REJECT", reason: "wrong address" });
    expect(r.body.request).toMatchObject({ status: "REJECTED", reason: "wrong address" });
    expect(await wld(u.id)).toMatchObject({ staked: "30", held: "0" });
    expect(await countOf(sql`select count(*)::text as n from transactions where user_id = ${u.id}`)).toBe(before);
    expect((await cancel(u, id)).status).toBe(409);
    await expectLedgerConsistent();
  });

  it("refuses bad actions, unknown ids and members", async () => {
    const u = await approvedMember();
    const admin = await createUser({ role: "ADMIN" });
    await fund(u.id, { staked: "30" });
    const id = (await ask(u, { amount: "10" })).body.request.id as number;
    expect((await decide(admin, id, { action: "pay" })).status).toBe(400);
    expect((await decide(admin, id, {})).status).toBe(400);
    expect((await decide(admin, 99999999, { action: "approve" })).status).toBe(404);
    expect((await decide(u, id, { action: "approve" })).status).toBe(403);
    expect(await wld(u.id)).toMatchObject({ staked: "19.8", held: "10.2" });
    const list = await call(adminListRoute, "GET", "/api/admin/requests?status=PENDING&type=TRANSFER&limit=50", {
      cookie: admin.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.find((i: { id: number }) => i.id === id)).toMatchObject({
      status: "PENDING",
      user: { id: u.id, userId: u.userId },
    });
    expect((await call(adminListRoute, "GET", "/api/admin/requests", { cookie: u.cookie })).status).toBe(403);
    expect((await call(adminListRoute, "GET", "/api/admin/requests?limit=51", { cookie: admin.cookie })).status).toBe(
      400,
    );
  });

  it(`A5 two admins approving one request at once pay out once (${db})`, async () => {
    const u = await approvedMember();
    const a1 = await createUser({ role: "ADMIN" });
    const a2 = await createUser({ role: "SUPERADMIN" });
    await fund(u.id, { staked: "100" });
    const runs: string[] = [];
    for (let round = 0; round < 5; round++) {
      const id = (await ask(u, { amount: "10" })).body.request.id as number;
      const results = await Promise.all([
        decide(a1, id, { action: "approve" }),
        decide(a2, id, { action: "approve" }),
        decide(a1, id, { action: "reject" }),
        cancel(u, id),
      ]);
      const ok = results.filter((r) => r.status === 200);
      runs.push(results.map((r) => r.status).join("/"));
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(3);
      expect(
        await countOf(
          sql`select count(*)::text as n from ledger_postings where idempotency_key = ${`request-settle:${id}`}`,
        ),
      ).toBe(1);
    }
    console.log(`[approve race on ${db}] 5 rounds of approve+approve+reject+cancel at once: ${runs.join(", ")}`);
    const b = await wld(u.id);
    expect(b.held).toBe("0");
    await expectLedgerConsistent();
  });
});
