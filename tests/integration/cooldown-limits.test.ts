/**
 * The money cool-down and the daily limit through the real routes: the 24-hour money cool-down after a password change,
 * an admin password reset and an admin wallet-address reset (403 COOLDOWN with the time requests open again), and the
 * daily withdrawal limit in KRW at the price of each request (403 DAILY_LIMIT with what is still allowed, reset at
 * 00:00 KST, freed by cancel and reject, race-free). Time moves with lib/clock's test clock, never by waiting.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as resetRoute from "@/app/api/admin/users/[id]/password-reset/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as route from "@/app/api/transfer-requests/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import * as addrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import * as statusRoute from "@/app/api/users/[userId]/withdraw-status/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { setDailyLimitOverride } from "@/lib/wallet/limits";
import { approvedMember, countOf, createUser, fund, OP_WALLET, snapshot, wld } from "../factories/money";
import { cookieFor, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
const HOUR = 3_600_000;
const ask = (u: TestUser, body: unknown, cookie = u.cookie) =>
  call(route, "POST", "/api/transfer-requests", { body, cookie });
const status = (u: TestUser, cookie = u.cookie) =>
  call(statusRoute, "GET", `/api/users/${u.userId}/withdraw-status`, { cookie, params: { userId: u.userId } });
const decide = (admin: TestUser, id: number, body: unknown) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, { body, cookie: admin.cookie, params: { id: String(id) } });
const cancel = (u: TestUser, id: number) =>
  call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } });
/** The session cookie a route answered with (name=value). */
const cookieOf = (headers: Headers) => headers.get("set-cookie")!.split(";")[0]!;

afterEach(() => setTestClock(null));

describe("no price known", () => {
  // First in the file: nothing has stored a WLD price yet (approvedMember stores one).
  it("a transfer request is 503 PRICE_UNAVAILABLE and changes nothing (the limit cannot value it)", async () => {
    const u = await createUser({ idStatus: "APPROVED", walletAddr: OP_WALLET });
    await fund(u.id, { staked: "20" });
    const before = await snapshot(u.id);
    const r = await ask(u, { amount: "10" });
    expect(r.status).toBe(503);
    expect(r.body.code).toBe("PRICE_UNAVAILABLE");
    expect(await snapshot(u.id)).toEqual(before);
  });
});

describe(`T4 money cool-down (${dbName})`, () => {
  it("a password change starts it: transfers refused with 403 COOLDOWN until 24 h later, then accepted", async () => {
    setTestClock("2031-03-10T03:00:20Z"); // 12:00:20 KST
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    expect((await status(u)).body).toMatchObject({ cooldownUntil: null });
    const pw = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie: u.cookie,
      params: { userId: u.userId },
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "Another-Horse-77" },
    });
    expect(pw.status).toBe(200);
    const cookie = cookieOf(pw.headers);

    // 24 hours, rounded up to the whole minute the member is shown.
    const opensAt = "2031-03-11T03:01:00.000Z";
    expect((await status(u, cookie)).body.cooldownUntil).toBe(opensAt);
    const before = await snapshot(u.id);
    for (const type of ["TRANSFER", "WITHDRAW"]) {
      const r = await ask(u, { amount: "10", type }, cookie);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: "COOLDOWN", opensAt });
      expect(r.body.error).toBe("보안 정보가 변경되어 2031-03-11 12:01 KST부터 전송·출금을 신청할 수 있습니다.");
    }
    const en = await ask(u, { amount: "10" }, `${cookie}; NEXT_LOCALE=en`);
    expect(en.body.error).toBe(
      "Your security details changed: transfers and withdrawals open again at 2031-03-11 12:01 KST.",
    );
    expect(await snapshot(u.id)).toEqual(before);

    setTestClock("2031-03-11T03:00:59Z"); // a second before it opens
    expect((await ask(u, { amount: "10" }, cookie)).body.code).toBe("COOLDOWN");
    setTestClock(opensAt);
    const ok = await ask(u, { amount: "10" }, cookie);
    expect(ok.status).toBe(201);
    expect((await status(u, cookie)).body.cooldownUntil).toBeNull();
    await expectLedgerConsistent();
  });

  it("an administrator's wallet-address reset starts it, whatever address the member sets next", async () => {
    setTestClock("2031-04-01T00:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const pending = await ask(u, { amount: "10" });
    expect(pending.status).toBe(201);
    const admin = await createUser({ role: "ADMIN" });
    const del = await call(addrRoute, "DELETE", "/x", { cookie: admin.cookie, params: { userId: u.userId } });
    expect(del.status).toBe(200);
    // The reset also rejected the pending request and released its hold (existing rule).
    expect(await wld(u.id)).toMatchObject({ staked: "100", held: "0" });
    const set = await call(addrRoute, "POST", "/x", {
      cookie: u.cookie,
      params: { userId: u.userId },
      body: { walletAddr: OP_WALLET, currentPassword: DEFAULT_PASSWORD },
    });
    expect(set.status).toBe(200);
    const r = await ask(u, { amount: "10", type: "WITHDRAW" });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "COOLDOWN", opensAt: "2031-04-02T00:00:00.000Z" });
    advanceTestClock(24 * HOUR);
    expect((await ask(u, { amount: "10", type: "WITHDRAW" })).status).toBe(201);
    await expectLedgerConsistent();
  });

  it("a SUPERADMIN's password reset starts it; a later start never shortens a running one", async () => {
    setTestClock("2031-05-01T00:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const sa = await createUser({ role: "SUPERADMIN" });
    const reset = () =>
      call(resetRoute, "PATCH", `/api/admin/users/${u.id}/password-reset`, {
        cookie: sa.cookie,
        params: { id: String(u.id) },
      });
    const first = await reset();
    expect(first.status).toBe(200);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM users WHERE id = ${u.id} AND money_cooldown_until = '2031-05-02T00:00:00Z'`,
      ),
    ).toBe(1);
    // The reset ended the member's sessions; signed in again with the temporary password they must replace it
    // first, and are then refused by the cool-down.
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, u.id));
    const cookie = await cookieFor(row!);
    expect((await ask(u, { amount: "10" }, cookie)).body.code).toBe("PASSWORD_CHANGE_REQUIRED");
    const changed = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie,
      params: { userId: u.userId },
      body: { currentPassword: first.body.temporaryPassword, newPassword: "Own-Password-2031" },
    });
    expect(changed.status).toBe(200);
    const again = await ask(u, { amount: "10" }, cookie);
    expect(again.body).toMatchObject({ code: "COOLDOWN", opensAt: "2031-05-02T00:00:00.000Z" });
    setTestClock("2031-04-30T00:00:00Z"); // a clock behind the running cool-down starts a shorter one: ignored
    expect((await reset()).status).toBe(200);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM users WHERE id = ${u.id} AND money_cooldown_until = '2031-05-02T00:00:00Z'`,
      ),
    ).toBe(1);
  });
});

describe(`daily withdrawal limit in KRW (${dbName})`, () => {
  it("counts pending and approved requests of the KST day at their price; over it → 403 DAILY_LIMIT with what is left", async () => {
    setTestClock("2031-03-10T14:30:00Z"); // 23:30 KST
    const u = await approvedMember(); // WLD = 2800 KRW
    const admin = await createUser({ role: "ADMIN" });
    await fund(u.id, { staked: "2000" });
    expect((await status(u)).body).toEqual({
      cooldownUntil: null,
      dailyLimitKrw: "2000000",
      usedTodayKrw: "0",
      leftTodayKrw: "2000000",
      resetsAt: "2031-03-10T15:00:00.000Z",
      // What else decides whether a request can go (tests/integration/krw-hold, destination-checks).
      travelRuleThresholdKrw: "1000000",
      krwHold: { amount: "0", inLock: "0", releasesAt: null },
      destination: { network: "OP", exchange: "Upbit", kind: "KR_VASP", status: "ALLOWED", verified: true },
      originator: { name: expect.any(String), memberNumber: String(u.id), idVerified: true },
    });

    // ₩1,000,000 or more carries the recipient's details (the Travel Rule, tests/integration/travel-rule-requests).
    const travelRule = { recipientName: "김철수", selfOwned: true };
    const t1 = await ask(u, { amount: "700", type: "TRANSFER", travelRule }); // ₩1,960,000 (the fee is not counted)
    expect(t1.status).toBe(201);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM requests WHERE id = ${t1.body.request.id} AND price_krw = 2800`,
      ),
    ).toBe(1);
    expect((await status(u)).body).toMatchObject({ usedTodayKrw: "1960000", leftTodayKrw: "40000" });

    const before = await snapshot(u.id);
    const over = await ask(u, { amount: "15", type: "WITHDRAW" }); // ₩42,000
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: "DAILY_LIMIT",
      allowedKrw: "40000",
      allowedAmount: "14.28",
      limitKrw: "2000000",
      error: "오늘 출금 한도를 넘었습니다. 오늘은 ₩40,000까지 신청할 수 있습니다.",
    });
    const en = await call(route, "POST", "/api/transfer-requests", {
      body: { amount: "15", type: "WITHDRAW" },
      cookie: `${u.cookie}; NEXT_LOCALE=en`,
    });
    expect(en.body.error).toBe("Over today's withdrawal limit. You can still request up to ₩40,000 today.");
    expect(await snapshot(u.id)).toEqual(before);

    const w1 = await ask(u, { amount: "14.28", type: "WITHDRAW" }); // ₩39,984: fits exactly
    expect(w1.status).toBe(201);
    expect((await status(u)).body).toMatchObject({ usedTodayKrw: "1999984", leftTodayKrw: "16" });

    // A cancelled and a rejected request free their share.
    expect((await cancel(u, w1.body.request.id)).status).toBe(200);
    expect((await status(u)).body).toMatchObject({ usedTodayKrw: "1960000", leftTodayKrw: "40000" });
    expect((await decide(admin, t1.body.request.id, { action: "reject", reason: "test" })).status).toBe(200);
    expect((await status(u)).body).toMatchObject({ usedTodayKrw: "0", leftTodayKrw: "2000000" });

    // An approved request still counts.
    const t2 = await ask(u, { amount: "714.28", type: "TRANSFER", travelRule }); // ₩1,999,984
    expect(t2.status).toBe(201);
    expect((await decide(admin, t2.body.request.id, { action: "approve" })).status).toBe(200);
    const w2 = await ask(u, { amount: "5", type: "WITHDRAW" });
    expect(w2.body).toMatchObject({ code: "DAILY_LIMIT", allowedKrw: "16", allowedAmount: "0" });

    // 00:00 KST: a new day, nothing counted yet.
    setTestClock("2031-03-10T15:00:00Z");
    expect((await status(u)).body).toMatchObject({
      usedTodayKrw: "0",
      leftTodayKrw: "2000000",
      resetsAt: "2031-03-11T15:00:00.000Z",
    });
    expect((await ask(u, { amount: "5", type: "WITHDRAW" })).status).toBe(201);
    expect((await status(u)).body).toMatchObject({ usedTodayKrw: "14000", leftTodayKrw: "1986000" });
    await expectLedgerConsistent();
  });

  it("a per-member override (four-eyes sets it) and DAILY_WITHDRAW_LIMIT_KRW change the limit", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const db = await getDb();
    expect(await db.transaction((tx) => setDailyLimitOverride(tx, u.id, "10000"))).toEqual({
      before: null,
      after: "10000",
    });
    expect((await status(u)).body).toMatchObject({ dailyLimitKrw: "10000", leftTodayKrw: "10000" });
    expect((await ask(u, { amount: "5" })).body).toMatchObject({ code: "DAILY_LIMIT", allowedKrw: "10000" });
    await expect(db.transaction((tx) => setDailyLimitOverride(tx, u.id, "12.5"))).rejects.toMatchObject({
      code: "INVALID_AMOUNT",
    });
    await expect(db.transaction((tx) => setDailyLimitOverride(tx, 987_654, "1"))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db.transaction((tx) => setDailyLimitOverride(tx, u.id, null))).toEqual({
      before: "10000",
      after: null,
    });
    const saved = process.env.DAILY_WITHDRAW_LIMIT_KRW;
    process.env.DAILY_WITHDRAW_LIMIT_KRW = "20000";
    try {
      expect((await status(u)).body).toMatchObject({ dailyLimitKrw: "20000" });
      expect((await ask(u, { amount: "5" })).status).toBe(201); // ₩14,000
      expect((await ask(u, { amount: "5", type: "WITHDRAW" })).body).toMatchObject({
        code: "DAILY_LIMIT",
        allowedKrw: "6000",
        allowedAmount: "2.14",
      });
    } finally {
      if (saved === undefined) delete process.env.DAILY_WITHDRAW_LIMIT_KRW;
      else process.env.DAILY_WITHDRAW_LIMIT_KRW = saved;
    }
    await expectLedgerConsistent();
  });

  it(`parallel TRANSFER and WITHDRAW requests never pass the limit together (${dbName})`, async () => {
    const db = await getDb();
    const rounds = onPostgres() ? 8 : 2;
    let refusedByLimit = 0;
    for (let round = 0; round < rounds; round++) {
      const u = await approvedMember();
      await fund(u.id, { staked: "100" });
      // ₩30,000: one request of 6 WLD (₩16,800) fits, two do not.
      await db.transaction((tx) => setDailyLimitOverride(tx, u.id, "30000"));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => ask(u, { amount: "6", type: i % 2 ? "WITHDRAW" : "TRANSFER" })),
      );
      const created = results.filter((r) => r.status === 201);
      const codes = results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.code}`);
      expect(created, JSON.stringify(codes)).toHaveLength(1);
      expect(
        codes.every((c) => c === "409 DUPLICATE_PENDING" || c === "403 DAILY_LIMIT"),
        codes.join(),
      ).toBe(true);
      refusedByLimit += codes.filter((c) => c === "403 DAILY_LIMIT").length;
      expect((await status(u)).body).toMatchObject({ usedTodayKrw: "16800", leftTodayKrw: "13200" });
      expect(await wld(u.id)).toMatchObject({ staked: "93.8", held: "6.2" });
    }
    // Every round had a WITHDRAW and a TRANSFER reach the limit check: the second was always refused by it.
    expect(refusedByLimit).toBeGreaterThanOrEqual(rounds);
    await expectLedgerConsistent();
  });
});
