/** The admin staking calls and the member staking reads, through the real route handlers. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { credit, memberBalances, move } from "@/lib/ledger";
import { toDecimalString } from "@/lib/money";
import { runRewardDay } from "@/lib/staking/run";
import { dayEnd, kstDay } from "@/lib/kst-day";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as progressRoute from "@/app/api/admin/staking/progress/route";
import * as recordsRoute from "@/app/api/admin/staking/records/route";
import * as rewardsRoute from "@/app/api/admin/staking/rewards/route";
import * as productRoute from "@/app/api/admin/staking-products/[id]/route";
import * as productsRoute from "@/app/api/admin/staking-products/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as stakingRoute from "@/app/api/admin/users/[id]/staking/route";
import * as profitRoute from "@/app/api/admin/users/[id]/staking-profit/route";
import * as rateRoute from "@/app/api/admin/users/[id]/staking-rate/route";
import * as stakedRoute from "@/app/api/users/[userId]/staked-coins/route";
import * as historyRoute from "@/app/api/users/[userId]/staking-history/route";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

let admin: TestUser;
const getAdmin = async () => {
  admin ??= await createUser({ role: "ADMIN" });
  return admin;
};

async function staker(amount: string) {
  const db = await getDb();
  const u = await createUser();
  await credit(db, { userId: u.id, coin: "WLD", amount });
  await move(db, {
    kind: "SWAP",
    userId: u.id,
    coin: "WLD",
    amount,
    from: "holding",
    to: "staked",
    memberTx: [{ userId: u.id, type: "STAKING", coinSymbol: "WLD", amount }],
  });
  return u;
}

/** Four-eyes: a rate change is a 202 proposal until another administrator approves it; answers the approval. */
async function approvedByAnother(proposed: { status: number; body: any }) {
  expect(proposed.status).toBe(202);
  const id = String(proposed.body.proposal.id);
  const other = await createUser({ role: "ADMIN" });
  const res = await call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: other.cookie,
    params: { id },
  });
  expect(res.status).toBe(200);
  return res;
}

async function auditCount(action: string) {
  const db = await getDb();
  const [r] = rowsOf<{ n: string }>(
    await db.execute(sql`SELECT count(*)::text AS n FROM audit_log WHERE action = ${action}`),
  );
  return Number(r?.n);
}

describe("staking products", () => {
  it("creates, lists and updates products; validates; audits", async () => {
    const a = await getAdmin();
    // The first WLD product puts a rate in force where there was none: a proposal another administrator approves.
    const proposed = await call(productsRoute, "POST", "/api/admin/staking-products", {
      cookie: a.cookie,
      body: {
        coinSymbol: "wld",
        name: "WLD 보호 잠금",
        annualRate: "12",
        lockEnd: "2025-07-27T18:00:00+09:00",
        reason: "첫 상품",
      },
    });
    expect(proposed.body.proposal).toMatchObject({ kind: "product_create" });
    await approvedByAnother(proposed);
    const created = {
      body: (await call(productsRoute, "GET", "/api/admin/staking-products", { cookie: a.cookie })).body[0],
    };
    expect(created.body).toMatchObject({
      coinSymbol: "WLD",
      name: "WLD 보호 잠금",
      annualRate: "12",
      lockEnd: "2025-07-27T09:00:00.000Z",
      lockDays: null,
      minAmount: "0",
      active: true,
    });
    for (const body of [
      {},
      { coinSymbol: "WLD", name: "x", annualRate: -1 },
      { coinSymbol: "WLD", name: "x", annualRate: "1e2" },
      { coinSymbol: "WLD", name: "x", annualRate: 5, lockDays: 30, lockEnd: "2026-01-01T00:00:00+09:00" },
      { coinSymbol: "ABC", name: "x", annualRate: 5 },
      { coinSymbol: "WLD", name: " ", annualRate: 5 },
    ]) {
      const res = await call(productsRoute, "POST", "/api/admin/staking-products", { cookie: a.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const id = String(created.body.id);
    const patched = await call(productRoute, "PATCH", `/api/admin/staking-products/${id}`, {
      cookie: a.cookie,
      params: { id },
      body: { annualRate: 10.5, lockDays: 90, reason: "rate review" },
    });
    await approvedByAnother(patched);
    const missing = await call(productRoute, "PATCH", "/api/admin/staking-products/99999", {
      cookie: a.cookie,
      params: { id: "99999" },
      body: { active: false },
    });
    expect(missing.status).toBe(404);
    const list = await call(productsRoute, "GET", "/api/admin/staking-products", { cookie: a.cookie });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.body.id, annualRate: "10.5", lockDays: 90, lockEnd: null });
    // Back to 12 % for the rest of this file.
    await approvedByAnother(
      await call(productRoute, "PATCH", `/api/admin/staking-products/${id}`, {
        cookie: a.cookie,
        params: { id },
        body: { annualRate: "12", reason: "back" },
      }),
    );
    expect(await auditCount("staking.product_create")).toBe(1);
    expect(await auditCount("staking.product_update")).toBe(2);
  });
});

describe("member rate, staked coins and history", () => {
  it("a member rate overrides the product's in staked-coins and in the run", async () => {
    const a = await getAdmin();
    const u = await staker("800");
    const before = await call(stakedRoute, "GET", `/api/users/${u.userId}/staked-coins`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(before.status).toBe(200);
    expect(before.body).toEqual([
      { coinSymbol: "WLD", amount: "800", profit: "12", dailyReward: "0.26301369", rewards: "0" },
    ]);

    for (const body of [{ coinSymbol: "WLD", rate: -1 }, { coinSymbol: "WLD" }, { coinSymbol: "WLD", rate: "abc" }]) {
      const res = await call(rateRoute, "PATCH", `/api/admin/users/${u.id}/staking-rate`, {
        cookie: a.cookie,
        params: { id: String(u.id) },
        body,
      });
      expect(res.status).toBe(400);
    }
    const set = await call(rateRoute, "PATCH", `/api/admin/users/${u.id}/staking-rate`, {
      cookie: a.cookie,
      params: { id: String(u.id) },
      body: { coinSymbol: "wld", rate: 36.5, reason: "VIP" },
    });
    expect(set.body.proposal.payload).toEqual({ coinSymbol: "WLD", rate: "36.5", before: null });
    await approvedByAnother(set);
    expect(await auditCount("staking.member_rate")).toBe(1);
    const nobody = await call(rateRoute, "PATCH", "/api/admin/users/999999/staking-rate", {
      cookie: a.cookie,
      params: { id: "999999" },
      body: { coinSymbol: "WLD", rate: 1 },
    });
    expect(nobody.status).toBe(404);

    const after = await call(stakedRoute, "GET", `/api/users/${u.userId}/staked-coins`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(after.body[0]).toMatchObject({ profit: "36.5", dailyReward: "0.8" });

    const db = await getDb();
    const day = kstDay(new Date());
    await runRewardDay(db, day, { now: new Date(dayEnd(day).getTime() + 60_000) });
    const history = await call(historyRoute, "GET", `/api/users/${u.userId}/staking-history`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ coinSymbol: "WLD", amount: "0.8", day });
    expect(typeof history.body[0].id).toBe("number");
    expect(new Date(history.body[0].createdAt).toISOString()).toBe(history.body[0].createdAt);

    const profit = await call(profitRoute, "GET", `/api/admin/users/${u.id}/staking-profit`, {
      cookie: a.cookie,
      params: { id: String(u.id) },
    });
    expect(profit.body).toEqual({ profit: "0.8" });
    const detail = await call(stakingRoute, "GET", `/api/admin/users/${u.id}/staking`, {
      cookie: a.cookie,
      params: { id: String(u.id) },
    });
    expect(detail.body).toMatchObject({
      id: u.id,
      userId: u.userId,
      stakes: [
        {
          coinSymbol: "WLD",
          amount: "800",
          profit: "36.5",
          rateSource: "member",
          memberRate: "36.5",
          rewards: "0.8",
          totalRewarded: "0.8",
        },
      ],
    });

    const rewards = await call(rewardsRoute, "GET", "/api/admin/staking/rewards", { cookie: a.cookie });
    expect(rewards.body.total).toBeGreaterThanOrEqual(1);
    expect(rewards.body.items[0]).toMatchObject({ day, membersPaid: expect.any(Number) });
    await expectLedgerConsistent();
  });

  it("staking history pages newest first, 4 by default, at most 50", async () => {
    const db = await getDb();
    const u = await staker("100");
    const { addDays } = await import("@/lib/kst-day");
    const start = addDays(kstDay(new Date()), 1);
    for (let i = 0; i < 6; i++) {
      const d = addDays(start, i);
      await runRewardDay(db, d, { now: new Date(dayEnd(d).getTime() + 60_000) });
    }
    const page = async (q: string) =>
      (
        await call(historyRoute, "GET", `/api/users/${u.userId}/staking-history${q}`, {
          cookie: u.cookie,
          params: { userId: u.userId },
        })
      ).body as { day: string }[];
    const first = await page("");
    expect(first.map((r) => r.day)).toEqual([5, 4, 3, 2].map((n) => addDays(start, n)));
    expect((await page("?offset=4&limit=4")).map((r) => r.day)).toEqual([1, 0].map((n) => addDays(start, n)));
    expect(await page("?offset=0&limit=500")).toHaveLength(6);
  });
});

describe("interest", () => {
  it("deposits and withdraws on the rewards account; never below zero (409); audited", async () => {
    const a = await getAdmin();
    const u = await createUser();
    const patch = (body: unknown) =>
      call(interestRoute, "PATCH", `/api/admin/users/${u.id}/interest`, {
        cookie: a.cookie,
        params: { id: String(u.id) },
        body,
      });
    const dep = await patch({ amount: "10.5", action: "DEPOSIT" });
    expect(dep.status).toBe(200);
    expect(dep.body).toEqual({ rewards: "10.5" });
    const wd = await patch({ amount: 0.5, action: "withdraw" });
    expect(wd.body).toEqual({ rewards: "10" });
    const over = await patch({ amount: "10.000000000000000001", action: "Withdraw" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("INSUFFICIENT_FUNDS");
    for (const body of [
      { amount: 0, action: "deposit" },
      { amount: "1", action: "steal" },
      { amount: "1e3", action: "deposit" },
    ])
      expect((await patch(body)).status).toBe(400);
    const db = await getDb();
    expect((await memberBalances(db, u.id)).WLD?.rewards).toBe("10");
    expect(await auditCount("staking.interest_deposit")).toBe(1);
    expect(await auditCount("staking.interest_withdraw")).toBe(1);
    await expectLedgerConsistent();
  });

  it(`20 parallel withdrawals of 1 against 10 interest: exactly 10 pass (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const a = await getAdmin();
    const u = await createUser();
    const patch = (body: unknown) =>
      call(interestRoute, "PATCH", `/api/admin/users/${u.id}/interest`, {
        cookie: a.cookie,
        params: { id: String(u.id) },
        body,
      });
    await patch({ amount: "10", action: "deposit" });
    const results = await Promise.all(Array.from({ length: 20 }, () => patch({ amount: "1", action: "withdraw" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    expect((await memberBalances(await getDb(), u.id)).WLD?.rewards).toBe("0");
    await expectLedgerConsistent();
  });
});

describe("admin staking withdraw", () => {
  it("moves stake back to holding as a negative STAKING transaction; not beyond the stake", async () => {
    const a = await getAdmin();
    const u = await staker("100");
    const patch = (body: unknown) =>
      call(stakingRoute, "PATCH", `/api/admin/users/${u.id}/staking`, {
        cookie: a.cookie,
        params: { id: String(u.id) },
        body,
      });
    const res = await patch({ symbol: "WLD", amount: "30.25", action: "WITHDRAW" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ coinSymbol: "WLD", staked: "69.75", holding: "30.25" });
    const over = await patch({ symbol: "WLD", amount: "69.76", action: "withdraw" });
    expect(over.status).toBe(409);
    expect((await patch({ symbol: "WLD", amount: "1", action: "deposit" })).status).toBe(400);
    expect((await patch({ symbol: "WLD", amount: "-1", action: "withdraw" })).status).toBe(400);
    const db = await getDb();
    const tx = rowsOf<{ type: string; amount: string }>(
      await db.execute(
        sql`SELECT type::text AS type, amount::text AS amount FROM transactions WHERE user_id = ${u.id} ORDER BY id`,
      ),
    );
    expect(tx.map((t) => [t.type, toDecimalString(t.amount)])).toEqual([
      ["STAKING", "100"],
      ["STAKING", "-30.25"],
    ]);
    expect(await auditCount("staking.admin_withdraw")).toBe(1);

    const records = await call(recordsRoute, "GET", `/api/admin/staking/records?member=${u.userId}`, {
      cookie: a.cookie,
    });
    expect(records.status).toBe(200);
    expect(records.body.total).toBe(2);
    expect(records.body.items.map((i: { amount: string }) => i.amount)).toEqual(["-30.25", "100"]);
    expect(records.body.items[0]).toMatchObject({
      memberId: u.id,
      userId: u.userId,
      type: "STAKING",
      coinSymbol: "WLD",
    });
    const byId = await call(
      recordsRoute,
      "GET",
      `/api/admin/staking/records?member=${u.id}&from=2020-01-01&to=2099-12-31`,
      {
        cookie: a.cookie,
      },
    );
    expect(byId.body.total).toBe(2);
    const empty = await call(recordsRoute, "GET", `/api/admin/staking/records?member=${u.userId}&to=2020-01-01`, {
      cookie: a.cookie,
    });
    expect(empty.body).toEqual({ items: [], total: 0 });
    expect(
      (await call(recordsRoute, "GET", "/api/admin/staking/records?from=yesterday", { cookie: a.cookie })).status,
    ).toBe(400);

    const progress = await call(progressRoute, "GET", "/api/admin/staking/progress?limit=100", { cookie: a.cookie });
    const mine = progress.body.items.find((i: { id: number }) => i.id === u.id);
    expect(mine).toMatchObject({ userId: u.userId, coinSymbol: "WLD", amount: "69.75", rate: "12", accrued: "0" });
    expect(typeof mine.secondsToLockEnd).toBe("number");
    await expectLedgerConsistent();
  });
});
