/**
 * Four-eyes approval (SECURITY.md I39) through the real route handlers: an admin balance change above
 * FOUR_EYES_LIMIT and every staking-rate change become a proposal (202, nothing moves); only another
 * administrator's approval applies it, exactly once; self-approval, expiry and missing rights are refused.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as rejectRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as listRoute from "@/app/api/admin/proposals/route";
import * as productsRoute from "@/app/api/admin/staking-products/route";
import * as productRoute from "@/app/api/admin/staking-products/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as unhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as stakingRoute from "@/app/api/admin/users/[id]/staking/route";
import * as rateRoute from "@/app/api/admin/users/[id]/staking-rate/route";
import * as limitRoute from "@/app/api/admin/users/[id]/withdraw-limit/route";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { credit } from "@/lib/ledger";
import { countOf, fund, wld } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

afterEach(() => setTestClock(null));

const patch = (route: object, path: string, admin: TestUser, member: { id: number }, body: unknown, headers = {}) =>
  call(route, "PATCH", `/api/admin/users/${member.id}/${path}`, {
    cookie: admin.cookie,
    params: { id: String(member.id) },
    body,
    headers,
  });

const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

const reject = (admin: TestUser, id: number, body: unknown = { note: "금액 확인 필요" }) =>
  call(rejectRoute, "POST", `/api/admin/proposals/${id}/reject`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body,
  });

const postings = () => countOf(sql`SELECT count(*)::text AS n FROM ledger_postings`);

async function proposalRow(id: number) {
  const db = await getDb();
  const [row] = rowsOf<{ status: string; posting_id: string | null; decided_by: number | null }>(
    await db.execute(sql`SELECT status, posting_id::text AS posting_id, decided_by FROM proposals WHERE id = ${id}`),
  );
  return row;
}

async function auditActions(targetId: number) {
  const db = await getDb();
  return rowsOf<{ action: string; actor_id: number; before: any; after: any }>(
    await db.execute(
      sql`SELECT action, actor_id, before, after FROM audit_log WHERE target_id = ${String(targetId)} AND action LIKE 'proposal.%' ORDER BY id`,
    ),
  );
}

describe("H33 an admin balance change above FOUR_EYES_LIMIT", () => {
  it("becomes a 202 proposal with its reason and moves nothing; at the limit it posts at once", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const before = await postings();

    const res = await patch(coinRoute, "coin", a, m, {
      symbol: "WLD",
      amount: "1000.000000000000000001",
      action: "DEPOSIT",
      reason: "이벤트 보상",
    });
    expect(res.status).toBe(202);
    expect(res.body.proposal).toMatchObject({
      kind: "coin",
      status: "PENDING",
      target: { id: m.id, userId: m.userId },
      payload: { symbol: "WLD", amount: "1000.000000000000000001", action: "DEPOSIT" },
      reason: "이벤트 보상",
      proposedBy: { id: a.id, userId: a.userId },
      decidedBy: null,
      postingId: null,
    });
    const created = new Date(res.body.proposal.createdAt).getTime();
    expect(new Date(res.body.proposal.expiresAt).getTime() - created).toBe(72 * 3600 * 1000);
    expect((await wld(m.id)).holding).toBe("0");
    expect(await postings()).toBe(before);
    expect((await auditActions(res.body.proposal.id)).map((r) => r.action)).toEqual(["proposal.create"]);

    // No reason: refused, nothing stored.
    const proposalsBefore = await countOf(sql`SELECT count(*)::text AS n FROM proposals`);
    const noReason = await patch(coinRoute, "coin", a, m, { symbol: "WLD", amount: "5000", action: "DEPOSIT" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("PROPOSAL_REASON_REQUIRED");
    expect(await countOf(sql`SELECT count(*)::text AS n FROM proposals`)).toBe(proposalsBefore);
    // The console's memo is a reason too.
    const memo = await patch(
      coinRoute,
      "coin",
      a,
      m,
      { symbol: "WLD", amount: "5000", action: "DEPOSIT" },
      { "x-audit-memo": encodeURIComponent("콘솔 메모 사유") },
    );
    expect(memo.status).toBe(202);
    expect(memo.body.proposal.reason).toBe("콘솔 메모 사유");

    // Exactly the limit: the change posts as before (a reason is accepted and not needed).
    const atLimit = await patch(coinRoute, "coin", a, m, { symbol: "WLD", amount: "1000", action: "DEPOSIT" });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body).toEqual({ symbol: "WLD", holding: "1000" });
    await expectLedgerConsistent();
  });

  it("a retried request with its Idempotency-Key makes one proposal", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const body = { symbol: "WLD", amount: "2500", action: "DEPOSIT", reason: "재시도" };
    const first = await patch(coinRoute, "coin", a, m, body, { "idempotency-key": "fe-retry-1" });
    const again = await patch(coinRoute, "coin", a, m, body, { "idempotency-key": "fe-retry-1" });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.proposal.id).toBe(first.body.proposal.id);
    expect(await countOf(sql`SELECT count(*)::text AS n FROM proposals WHERE target_user_id = ${m.id}`)).toBe(1);
  });

  it("another administrator's approval posts it once; a second approval is refused and posts nothing", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const res = await patch(coinRoute, "coin", a, m, {
      symbol: "WLD",
      amount: "1500.5",
      action: "DEPOSIT",
      reason: "보상",
    });
    const id = res.body.proposal.id as number;

    const ok = await approve(b, id);
    expect(ok.status).toBe(200);
    expect(ok.body.proposal).toMatchObject({ id, status: "APPROVED", decidedBy: { id: b.id } });
    expect(ok.body.proposal.postingId).toEqual(expect.any(Number));
    expect((await wld(m.id)).holding).toBe("1500.5");
    const db = await getDb();
    const [posting] = rowsOf<{ id: string; kind: string; actor_id: number }>(
      await db.execute(
        sql`SELECT id::text AS id, kind, actor_id FROM ledger_postings WHERE idempotency_key = ${`proposal:${id}`}`,
      ),
    );
    expect(Number(posting!.id)).toBe(ok.body.proposal.postingId);
    expect(posting).toMatchObject({ kind: "ADMIN_DEPOSIT", actor_id: b.id });
    // The member sees the deposit like a direct one.
    expect(
      await countOf(sql`SELECT count(*)::text AS n FROM transactions WHERE user_id = ${m.id} AND type = 'DEPOSIT'`),
    ).toBe(1);
    // Audited: the proposal's decision (before → after) and the money change itself, as a direct call writes it.
    const trail = await auditActions(id);
    expect(trail.map((r) => r.action)).toEqual(["proposal.create", "proposal.approve"]);
    expect(trail[1]).toMatchObject({
      actor_id: b.id,
      before: { status: "PENDING", proposedBy: a.id },
      after: { status: "APPROVED", postingId: ok.body.proposal.postingId },
    });
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM audit_log WHERE action = 'admin.coin.deposit' AND target_user_id = ${m.id} AND actor_id = ${b.id}`,
      ),
    ).toBe(1);

    const before = await postings();
    const twice = await approve(b, id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("INVALID_STATE");
    const third = await approve(await createUser({ role: "SUPERADMIN" }), id);
    expect(third.status).toBe(409);
    expect(await postings()).toBe(before);
    expect((await wld(m.id)).holding).toBe("1500.5");
    await expectLedgerConsistent();
  });

  it("T3 the proposer cannot approve their own proposal: 403 SELF_APPROVAL, audited, nothing posted", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const res = await patch(coinRoute, "coin", a, m, { symbol: "WLD", amount: "3000", action: "DEPOSIT", reason: "x" });
    const before = await postings();
    const self = await approve(a, res.body.proposal.id);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe("SELF_APPROVAL");
    expect(self.body.error).toMatch(/본인이 올린 승인 요청/);
    expect(await postings()).toBe(before);
    expect((await proposalRow(res.body.proposal.id))?.status).toBe("PENDING");
    const db = await getDb();
    const denied = rowsOf<{ after: any }>(
      await db.execute(
        sql`SELECT after FROM audit_log WHERE action = 'AUTHZ_DENIED' AND actor_id = ${a.id} ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(denied[0]?.after).toMatchObject({ reason: "self-approval", proposal: res.body.proposal.id });
  });

  it("a rejection needs a note and posts nothing; a rejected proposal cannot be approved", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const res = await patch(coinRoute, "coin", a, m, { symbol: "WLD", amount: "4000", action: "DEPOSIT", reason: "x" });
    const id = res.body.proposal.id as number;
    const before = await postings();
    const noNote = await reject(b, id, {});
    expect(noNote.status).toBe(400);
    expect(noNote.body.code).toBe("REASON_REQUIRED");
    const blank = await reject(b, id, { note: "   " });
    expect(blank.status).toBe(400);
    const ok = await reject(b, id, { note: "증빙 없음" });
    expect(ok.status).toBe(200);
    expect(ok.body.proposal).toMatchObject({ status: "REJECTED", decisionNote: "증빙 없음", decidedBy: { id: b.id } });
    const late = await approve(b, id);
    expect(late.status).toBe(409);
    expect(await postings()).toBe(before);
    expect((await wld(m.id)).holding).toBe("0");
    expect((await auditActions(id)).map((r) => r.action)).toEqual(["proposal.create", "proposal.reject"]);
  });

  it("a proposal older than 72 hours cannot be approved (EXPIRED) and lists as expired", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    setTestClock("2030-01-01T00:00:00Z");
    const res = await patch(coinRoute, "coin", a, m, { symbol: "WLD", amount: "7000", action: "DEPOSIT", reason: "x" });
    const id = res.body.proposal.id as number;
    expect(res.body.proposal.expiresAt).toBe("2030-01-04T00:00:00.000Z");

    advanceTestClock(72 * 3600 * 1000 - 1000);
    const pending = await call(listRoute, "GET", "/api/admin/proposals?status=PENDING&limit=100", { cookie: b.cookie });
    expect(pending.body.items.map((p: { id: number }) => p.id)).toContain(id);

    advanceTestClock(1000);
    const listed = await call(listRoute, "GET", "/api/admin/proposals?status=expired&limit=100", { cookie: b.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((p: { id: number }) => p.id === id)).toMatchObject({ status: "EXPIRED" });
    const before = await postings();
    const late = await approve(b, id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("EXPIRED");
    expect(await postings()).toBe(before);
    expect((await wld(m.id)).holding).toBe("0");
    expect((await proposalRow(id))?.status).toBe("EXPIRED");
    expect((await reject(b, id)).status).toBe(409);
  });

  it("coinunhist, interest and staking withdraw above the limit wait for approval, then post once each", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "SUPERADMIN" });
    const m = await createUser();
    await fund(m.id, { holding: "5000", staked: "3000" });
    const db = await getDb();
    await credit(db, { userId: m.id, coin: "WLD", amount: "2000", to: "rewards" });
    const start = await wld(m.id);
    expect(start).toEqual({ holding: "5000", staked: "3000", held: "0", rewards: "2000" });

    const unhist = await patch(unhistRoute, "coinunhist", a, m, {
      symbol: "WLD",
      amount: "1200",
      action: "withdraw",
      reason: "오입금 회수",
    });
    const interest = await patch(interestRoute, "interest", a, m, {
      amount: "1999.5",
      action: "withdraw",
      reason: "y",
    });
    const staking = await patch(stakingRoute, "staking", a, m, {
      symbol: "WLD",
      amount: "2500",
      action: "withdraw",
      reason: "z",
    });
    for (const r of [unhist, interest, staking]) expect(r.status, JSON.stringify(r.body)).toBe(202);
    // A small one still posts at once.
    expect((await patch(interestRoute, "interest", a, m, { amount: "0.5", action: "withdraw" })).status).toBe(200);
    expect(await wld(m.id)).toEqual({ ...start, rewards: "1999.5" });

    for (const r of [unhist, interest, staking]) expect((await approve(b, r.body.proposal.id)).status).toBe(200);
    expect(await wld(m.id)).toEqual({ holding: "6300", staked: "500", held: "0", rewards: "0" });
    expect(
      await countOf(sql`SELECT count(*)::text AS n FROM ledger_postings WHERE idempotency_key LIKE 'proposal:%'
      AND idempotency_key IN (${`proposal:${unhist.body.proposal.id}`}, ${`proposal:${interest.body.proposal.id}`}, ${`proposal:${staking.body.proposal.id}`})`),
    ).toBe(3);
    await expectLedgerConsistent();
  });

  it("an approval the ledger refuses (funds gone meanwhile) changes nothing and leaves the proposal pending", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    await fund(m.id, { holding: "1500" });
    const res = await patch(unhistRoute, "coinunhist", a, m, {
      symbol: "WLD",
      amount: "1500",
      action: "WITHDRAW",
      reason: "x",
    });
    await patch(unhistRoute, "coinunhist", a, m, { symbol: "WLD", amount: "600", action: "WITHDRAW" });
    const refused = await approve(b, res.body.proposal.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await proposalRow(res.body.proposal.id))?.status).toBe("PENDING");
    expect((await wld(m.id)).holding).toBe("900");
    await expectLedgerConsistent();
  });
});

describe("staking-rate changes", () => {
  it("a member's own rate is always a proposal, applied only by another administrator's approval", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const res = await patch(rateRoute, "staking-rate", a, m, { coinSymbol: "WLD", rate: "0.5", reason: "VIP" });
    expect(res.status).toBe(202);
    expect(res.body.proposal).toMatchObject({
      kind: "member_rate",
      payload: { coinSymbol: "WLD", rate: "0.5", before: null },
    });
    const db = await getDb();
    const rate = async () =>
      rowsOf<{ r: string }>(
        await db.execute(sql`SELECT annual_rate::text AS r FROM member_staking_rates WHERE user_id = ${m.id}`),
      )[0]?.r;
    expect(await rate()).toBeUndefined();
    expect((await patch(rateRoute, "staking-rate", a, m, { coinSymbol: "WLD", rate: "1" })).body.code).toBe(
      "PROPOSAL_REASON_REQUIRED",
    );
    expect((await approve(a, res.body.proposal.id)).body.code).toBe("SELF_APPROVAL");
    const ok = await approve(b, res.body.proposal.id);
    expect(ok.status).toBe(200);
    expect(ok.body.proposal.postingId).toBeNull();
    expect(Number(await rate())).toBe(0.5);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM audit_log WHERE action = 'staking.member_rate' AND target_user_id = ${m.id}`,
      ),
    ).toBe(1);
  });

  it("a product's new rate is a proposal (the whole change waits); other product changes apply at once", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    // The first WLD product puts a rate in force where there was none: itself a proposal, approved by b.
    const created = await call(productsRoute, "POST", "/api/admin/staking-products", {
      cookie: a.cookie,
      body: { coinSymbol: "WLD", name: "4E", annualRate: "5", reason: "새 상품" },
    });
    expect(created.status).toBe(202);
    expect((await approve(b, created.body.proposal.id)).status).toBe(200);
    const listed = await call(productsRoute, "GET", "/api/admin/staking-products", { cookie: a.cookie });
    const id = String(listed.body.find((p: { name: string }) => p.name === "4E").id);
    const change = (body: unknown) =>
      call(productRoute, "PATCH", `/api/admin/staking-products/${id}`, { cookie: a.cookie, params: { id }, body });
    const renamed = await change({ name: "4E 상품" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "4E 상품", annualRate: "5" });
    expect((await change({ annualRate: "5", active: true })).status).toBe(200);
    const proposed = await change({ annualRate: "7.25", lockDays: 30, reason: "시장 금리" });
    expect(proposed.status).toBe(202);
    expect(proposed.body.proposal).toMatchObject({
      kind: "product_rate",
      target: null,
      payload: {
        productId: Number(id),
        productName: "4E 상품",
        before: "5",
        patch: { annualRate: "7.25", lockDays: 30 },
      },
    });
    const list = await call(productsRoute, "GET", "/api/admin/staking-products", { cookie: a.cookie });
    expect(list.body.find((p: { id: number }) => p.id === Number(id))).toMatchObject({
      annualRate: "5",
      lockDays: null,
    });
    const ok = await approve(b, proposed.body.proposal.id);
    expect(ok.status).toBe(200);
    const after = await call(productsRoute, "GET", "/api/admin/staking-products", { cookie: a.cookie });
    expect(after.body.find((p: { id: number }) => p.id === Number(id))).toMatchObject({
      annualRate: "7.25",
      lockDays: 30,
    });
  });
});

describe("a member's daily withdrawal limit override (SUPERADMIN, four-eyes)", () => {
  it("is proposed by one SUPERADMIN and applied only by another; an ADMIN can do neither", async () => {
    const s1 = await createUser({ role: "SUPERADMIN" });
    const s2 = await createUser({ role: "SUPERADMIN" });
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser({ idStatus: "APPROVED" });
    const limit = async () => {
      const db = await getDb();
      return rowsOf<{ l: string | null }>(
        await db.execute(sql`SELECT daily_withdraw_limit_krw::text AS l FROM users WHERE id = ${m.id}`),
      )[0]?.l;
    };
    expect((await patch(limitRoute, "withdraw-limit", a, m, { limitKrw: "500000", reason: "x" })).status).toBe(403);
    expect((await patch(limitRoute, "withdraw-limit", s1, m, { limitKrw: "1.5", reason: "x" })).status).toBe(400);
    expect((await patch(limitRoute, "withdraw-limit", s1, m, { limitKrw: "500000" })).body.code).toBe(
      "PROPOSAL_REASON_REQUIRED",
    );
    const res = await patch(limitRoute, "withdraw-limit", s1, m, { limitKrw: "500000", reason: "고액 출금 제한" });
    expect(res.status).toBe(202);
    expect(res.body.proposal).toMatchObject({ kind: "withdraw_limit", payload: { limitKrw: "500000" } });
    expect(await limit()).toBeNull();
    const id = res.body.proposal.id as number;
    expect((await approve(a, id)).status).toBe(403);
    expect((await approve(s1, id)).body.code).toBe("SELF_APPROVAL");
    expect(await limit()).toBeNull();
    expect((await approve(s2, id)).status).toBe(200);
    expect(Number(await limit())).toBe(500000);
    const db = await getDb();
    const [row] = rowsOf<{ actor_id: number; before: any; after: any }>(
      await db.execute(
        sql`SELECT actor_id, before, after FROM audit_log WHERE action = 'member.withdraw_limit' AND target_user_id = ${m.id}`,
      ),
    );
    expect(row).toMatchObject({
      actor_id: s2.id,
      before: { dailyWithdrawLimitKrw: null },
      after: { dailyWithdrawLimitKrw: "500000" },
    });
    // Back to the default: another proposal, approved by the other SUPERADMIN.
    const reset = await patch(limitRoute, "withdraw-limit", s2, m, { limitKrw: null, reason: "해제" });
    expect(reset.body.proposal.payload).toEqual({ limitKrw: null });
    expect((await approve(s1, reset.body.proposal.id)).status).toBe(200);
    expect(await limit()).toBeNull();
  });
});

describe("who may see and decide", () => {
  it("a member is refused the queue and the decisions; an ADMIN cannot approve a change to a SUPERADMIN or to themselves", async () => {
    const s1 = await createUser({ role: "SUPERADMIN" });
    const s2 = await createUser({ role: "SUPERADMIN" });
    const a = await createUser({ role: "ADMIN" });
    const a2 = await createUser({ role: "ADMIN" });
    const u = await createUser();
    const onSuper = await patch(coinRoute, "coin", s1, s2, {
      symbol: "WLD",
      amount: "2000",
      action: "DEPOSIT",
      reason: "x",
    });
    expect(onSuper.status).toBe(202);
    const id = onSuper.body.proposal.id as number;

    expect((await call(listRoute, "GET", "/api/admin/proposals", { cookie: u.cookie })).status).toBe(403);
    expect((await call(listRoute, "GET", "/api/admin/proposals", {})).status).toBe(401);
    expect((await approve(u, id)).status).toBe(403);
    expect((await reject(u, id)).status).toBe(403);
    const byAdmin = await approve(a, id);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe("FORBIDDEN");
    expect((await reject(a, id)).status).toBe(403);

    // A change to an ADMIN's own account, proposed by another: that ADMIN cannot approve it.
    const onA = await patch(coinRoute, "coin", a2, a, {
      symbol: "WLD",
      amount: "2000",
      action: "DEPOSIT",
      reason: "x",
    });
    expect(onA.status).toBe(202);
    const selfTarget = await approve(a, onA.body.proposal.id);
    expect(selfTarget.status).toBe(403);
    expect(selfTarget.body.code).toBe("SELF_ACTION");
    expect((await wld(a.id)).holding).toBe("0");
    expect((await wld(s2.id)).holding).toBe("0");
    expect((await call(listRoute, "GET", "/api/admin/proposals?status=NOPE", { cookie: a.cookie })).status).toBe(400);
    expect((await approve(a, 99_999_999)).status).toBe(404);
    expect(
      (await call(approveRoute, "POST", "/api/admin/proposals/x/approve", { cookie: a.cookie, params: { id: "x" } }))
        .status,
    ).toBe(404);
  });

  it("lists pending first, then decided; filters by status", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const mk = async () =>
      (await patch(coinRoute, "coin", a, m, { symbol: "WLD", amount: "1001", action: "DEPOSIT", reason: "x" })).body
        .proposal.id as number;
    const p1 = await mk();
    const p2 = await mk();
    const p3 = await mk();
    await reject(b, p2);
    const all = await call(listRoute, "GET", "/api/admin/proposals?limit=100", { cookie: b.cookie });
    const ids = all.body.items.map((p: { id: number }) => p.id);
    const statuses = all.body.items.map((p: { status: string }) => p.status);
    expect(statuses.indexOf("REJECTED")).toBeGreaterThan(statuses.lastIndexOf("PENDING"));
    expect(ids.indexOf(p1)).toBeLessThan(ids.indexOf(p3));
    const rejected = await call(listRoute, "GET", "/api/admin/proposals?status=REJECTED", { cookie: b.cookie });
    expect(rejected.body.items.every((p: { status: string }) => p.status === "REJECTED")).toBe(true);
    expect(rejected.body.items.map((p: { id: number }) => p.id)).toContain(p2);
  });
});

describe.runIf(onPostgres())("races (PostgreSQL)", () => {
  it("T3 two administrators approving at the same moment post once (10 rounds)", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const c = await createUser({ role: "SUPERADMIN" });
    const m = await createUser();
    for (let round = 0; round < 10; round++) {
      const res = await patch(coinRoute, "coin", a, m, {
        symbol: "WLD",
        amount: "1234.5",
        action: "DEPOSIT",
        reason: "r",
      });
      const id = res.body.proposal.id as number;
      const results = await Promise.all([approve(b, id), approve(c, id), approve(b, id)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      expect(
        await countOf(sql`SELECT count(*)::text AS n FROM ledger_postings WHERE idempotency_key = ${`proposal:${id}`}`),
      ).toBe(1);
    }
    expect((await wld(m.id)).holding).toBe("12345");
    await expectLedgerConsistent();
  });

  it("an approval racing a rejection: exactly one wins", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const c = await createUser({ role: "ADMIN" });
    const m = await createUser();
    let approved = 0;
    for (let round = 0; round < 8; round++) {
      const res = await patch(coinRoute, "coin", a, m, {
        symbol: "WLD",
        amount: "2000",
        action: "DEPOSIT",
        reason: "r",
      });
      const id = res.body.proposal.id as number;
      const [ok, no] = await Promise.all([approve(b, id), reject(c, id)]);
      expect([ok.status, no.status].sort()).toEqual([200, 409]);
      if (ok.status === 200) approved += 1;
      expect((await proposalRow(id))?.status).toBe(ok.status === 200 ? "APPROVED" : "REJECTED");
    }
    expect((await wld(m.id)).holding).toBe(String(approved * 2000));
    await expectLedgerConsistent();
  });
});
