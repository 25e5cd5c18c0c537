/**
 * The four-eyes limit on a rolling 24-hour total (SECURITY.md I39, docs/security.md I26-2) through the real route
 * handlers: every balance change an administrator applies on their own authority (coin, coinunhist deposit and
 * withdraw, interest, staking withdraw, deposit approvals) counts, credits and debits alike, towards two totals —
 * the administrator's and the member's — and the change that would take either above FOUR_EYES_LIMIT becomes a
 * proposal. Changes applied through an approved proposal had two people and do not count. The totals are counted
 * under a lock: 20 parallel 999 WLD credits land once (PostgreSQL: truly parallel).
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as unhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as stakingRoute from "@/app/api/admin/users/[id]/staking/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import { getDb } from "@/db/client";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { credit } from "@/lib/ledger";
import { resetPriceFeeds } from "@/lib/prices";
import { countOf, fund, setFreshWldPrice, wld } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

afterEach(() => setTestClock(null));

const HOUR = 3600_000;

const patch = (route: object, path: string, admin: TestUser, member: { id: number }, body: unknown, headers = {}) =>
  call(route, "PATCH", `/api/admin/users/${member.id}/${path}`, {
    cookie: admin.cookie,
    params: { id: String(member.id) },
    body,
    headers,
  });

const coin = (admin: TestUser, member: { id: number }, amount: string, headers = {}) =>
  patch(coinRoute, "coin", admin, member, { symbol: "WLD", amount, action: "DEPOSIT", reason: "이벤트" }, headers);

const unhist = (admin: TestUser, member: { id: number }, amount: string, action: "DEPOSIT" | "WITHDRAW") =>
  patch(unhistRoute, "coinunhist", admin, member, { symbol: "WLD", amount, action, reason: "조정" });

const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

const statuses = (rs: { status: number }[]) => rs.map((r) => r.status);

describe("I39 the rolling 24-hour limit", () => {
  it("five coin credits of 1,000 WLD by one ADMIN to one member: the first posts, the other four wait", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await coin(a, m, "1000"));
    expect(statuses(answers)).toEqual([200, 202, 202, 202, 202]);
    for (const r of answers.slice(1)) expect(r.body.proposal).toMatchObject({ kind: "coin", status: "PENDING" });
    expect(await wld(m.id)).toMatchObject({ holding: "1000" });
    await expectLedgerConsistent();
  });

  it("three coinunhist WITHDRAW of 1,000 do not drain a member: the second and third wait", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    await fund(m.id, { holding: "3000" });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await unhist(a, m, "1000", "WITHDRAW"));
    expect(statuses(answers)).toEqual([200, 202, 202]);
    expect(await wld(m.id)).toMatchObject({ holding: "2000" });
    // Unrecorded: nothing of it in the member's history — which is why one administrator must not repeat it.
    const hist = await call(txRoute, "GET", "/x", { cookie: m.cookie, params: { userId: m.userId } });
    expect(hist.body.items).toHaveLength(0);
    await expectLedgerConsistent();
  });

  it("is judged per administrator (across members) and per member (across administrators)", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m1 = await createUser();
    const m2 = await createUser();
    const m3 = await createUser();
    // A: 600 to m1, then 600 to m2 → A's total would be 1,200.
    expect((await coin(a, m1, "600")).status).toBe(200);
    expect((await coin(a, m2, "600")).status).toBe(202);
    expect((await coin(a, m2, "400")).status).toBe(200);
    // B: 700 to m1 → m1's total would be 1,300; to m3 it passes.
    expect((await coin(b, m1, "700")).status).toBe(202);
    expect((await coin(b, m3, "700")).status).toBe(200);
    expect((await coin(b, m1, "300")).status).toBe(200);
    expect(await wld(m1.id)).toMatchObject({ holding: "900" });
    await expectLedgerConsistent();
  });

  it("counts credits and debits alike, over every direct balance change and the deposit approvals", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    await fund(m.id, { holding: "5000", staked: "5000" });
    await credit(await getDb(), { userId: m.id, coin: "WLD", amount: "5000", to: "rewards" });
    await setFreshWldPrice(new Date(), "2");
    resetPriceFeeds();
    const dep = await call(depositRoute, "POST", "/api/requests/deposit", {
      body: { coinSymbol: "WLD", amount: "560000" },
      cookie: m.cookie,
    });
    expect(dep.status).toBe(201);

    const steps = [
      await unhist(a, m, "150", "DEPOSIT"),
      await unhist(a, m, "150", "WITHDRAW"),
      await patch(interestRoute, "interest", a, m, { amount: "150", action: "deposit" }),
      await patch(interestRoute, "interest", a, m, { amount: "150", action: "withdraw" }),
      await patch(stakingRoute, "staking", a, m, { symbol: "WLD", amount: "150", action: "withdraw" }),
      // ₩560,000 at 2,800 = 200 WLD: 950 in all.
      await call(decideRoute, "PATCH", "/x", {
        cookie: a.cookie,
        params: { id: String(dep.body.request.id) },
        body: { action: "approve", krwReceived: "560000" },
      }),
    ];
    expect(statuses(steps)).toEqual([200, 200, 200, 200, 200, 200]);
    // 950 + 51 > 1,000 — whichever kind of change it is.
    expect((await coin(a, m, "51")).status).toBe(202);
    expect((await unhist(a, m, "51", "WITHDRAW")).status).toBe(202);
    expect(
      (await patch(interestRoute, "interest", a, m, { amount: "51", action: "withdraw", reason: "x" })).status,
    ).toBe(202);
    expect(
      (await patch(stakingRoute, "staking", a, m, { symbol: "WLD", amount: "51", action: "withdraw", reason: "x" }))
        .status,
    ).toBe(202);
    expect((await coin(a, m, "50")).status).toBe(200);
    await expectLedgerConsistent();
  });

  it("a deposit approval that would pass the rolling total becomes a proposal", async () => {
    await setFreshWldPrice(new Date(), "2");
    resetPriceFeeds();
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const other = await createUser();
    expect((await coin(a, other, "900")).status).toBe(200);
    const dep = await call(depositRoute, "POST", "/api/requests/deposit", {
      body: { coinSymbol: "WLD", amount: "560000" },
      cookie: m.cookie,
    });
    const res = await call(decideRoute, "PATCH", "/x", {
      cookie: a.cookie,
      params: { id: String(dep.body.request.id) },
      body: { action: "approve", krwReceived: "560000" },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.proposal).toMatchObject({ kind: "deposit", payload: { amount: "200" } });
    expect(await wld(m.id)).toMatchObject({ holding: "0" });
  });

  it("changes applied through an approved proposal do not count: they had two people", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const big = await coin(a, m, "5000");
    expect(big.status).toBe(202);
    expect((await approve(b, big.body.proposal.id)).status).toBe(200);
    // Neither A (the proposer) nor B (the approver) nor the member has used any of their direct allowance.
    expect((await coin(a, m, "1000")).status).toBe(200);
    expect((await coin(b, await createUser(), "1000")).status).toBe(200);
    expect(await wld(m.id)).toMatchObject({ holding: "6000" });
    await expectLedgerConsistent();
  });

  it("a refused change counts nothing; a replayed one counts once", async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const refused = await unhist(a, m, "800", "WITHDRAW");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INSUFFICIENT_FUNDS");
    const key = { "idempotency-key": "rolling-replay-1" };
    expect((await coin(a, m, "600", key)).status).toBe(200);
    expect((await coin(a, m, "600", key)).status).toBe(200);
    expect((await coin(a, m, "400")).status).toBe(200);
    expect(await wld(m.id)).toMatchObject({ holding: "1000" });
    expect(await countOf(sql`SELECT count(*)::text AS n FROM admin_direct_changes WHERE actor_id = ${a.id}`)).toBe(2);
  });

  it("the record of direct changes is append-only: nothing rewrites a total", async () => {
    const a = await createUser({ role: "ADMIN" });
    expect((await coin(a, await createUser(), "1000")).status).toBe(200);
    const db = await getDb();
    for (const statement of [
      sql`UPDATE admin_direct_changes SET amount_wld = 1 WHERE actor_id = ${a.id}`,
      sql`DELETE FROM admin_direct_changes WHERE actor_id = ${a.id}`,
      sql`TRUNCATE admin_direct_changes`,
    ])
      await expect(db.execute(statement)).rejects.toThrow();
    expect(await countOf(sql`SELECT count(*)::text AS n FROM admin_direct_changes WHERE actor_id = ${a.id}`)).toBe(1);
    expect((await coin(a, await createUser(), "1")).status).toBe(202);
  });

  it("the window rolls: 24 hours after a change it no longer counts", async () => {
    setTestClock(new Date());
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    expect((await coin(a, m, "1000")).status).toBe(200);
    advanceTestClock(12 * HOUR);
    expect((await coin(a, m, "1")).status).toBe(202);
    advanceTestClock(12 * HOUR - 1);
    expect((await coin(a, m, "1")).status).toBe(202);
    advanceTestClock(1);
    expect((await coin(a, m, "1")).status).toBe(200);
    expect((await coin(a, m, "999")).status).toBe(200);
    expect((await coin(a, m, "1")).status).toBe(202);
    expect(await wld(m.id)).toMatchObject({ holding: "2000" });
    await expectLedgerConsistent();
  });

  it(`20 parallel 999 WLD credits from one ADMIN to one member: exactly one lands (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const a = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => coin(a, m, "999")));
    const counted = statuses(answers).sort();
    expect(counted, answers.map((r) => r.text).join("\n")).toEqual([200, ...Array(19).fill(202)]);
    expect(await wld(m.id)).toMatchObject({ holding: "999" });
    expect(
      await countOf(sql`SELECT count(*)::text AS n FROM proposals WHERE kind = 'coin' AND target_user_id = ${m.id}`),
    ).toBe(19);
    await expectLedgerConsistent();
  });
});
