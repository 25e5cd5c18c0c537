/**
 * What waits, through the real route handlers: GET /api/admin/waiting counts what waits (ID documents,
 * pending requests, pending proposals) as each viewer sees the queues — an ADMIN's counts leave SUPERADMIN
 * accounts out — and a decision takes an item off; GET /api/admin/proposals carries the values a pending
 * proposal would replace, read now (`current`), so the screen shows "10% → 20%", not "— → 20%".
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as rejectRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as listRoute from "@/app/api/admin/proposals/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as rateRoute from "@/app/api/admin/users/[id]/staking-rate/route";
import * as limitRoute from "@/app/api/admin/users/[id]/withdraw-limit/route";
import * as waitingRoute from "@/app/api/admin/waiting/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { approvedMember, fund } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
let admin: TestUser;
let superadmin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "ADMIN" });
  superadmin = await createUser({ role: "SUPERADMIN" });
});
const exec = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await (await getDb()).execute(q));
const counts = async (who: TestUser) => {
  const r = await call(waitingRoute, "GET", "/api/admin/waiting", { cookie: who.cookie });
  expect(r.status).toBe(200);
  return r.body as { idReviews: number; requests: number; approvals: number };
};
const patch = (route: object, path: string, who: TestUser, member: { id: number }, body: unknown) =>
  call(route, "PATCH", `/api/admin/users/${member.id}/${path}`, {
    cookie: who.cookie,
    params: { id: String(member.id) },
    body,
  });

/** A waiting ID document, request and proposal for `member` (rows as the flows store them). */
async function waitingItemsOf(member: TestUser) {
  await exec(sql`UPDATE users SET id_status = 'PENDING' WHERE id = ${member.id}`);
  await exec(
    sql`INSERT INTO id_documents (user_id, status, storage_key) VALUES (${member.id}, 'PENDING', ${`w-${member.id}`})`,
  );
  const [req] = await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status)
    VALUES (${member.id}, 'WITHDRAW', 'WLD', 5, 0.1, 5.1, 'PENDING') RETURNING id`);
  await exec(sql`INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, created_at, expires_at)
    VALUES ('coin', ${member.id}, ${JSON.stringify({ symbol: "WLD", amount: "5000", action: "DEPOSIT" })}::jsonb,
      'test', ${admin.id}, now(), now() + interval '1 day')`);
  return Number(req?.id);
}

describe(`waiting counts (${kind})`, () => {
  it("counts each queue; an ADMIN's counts leave SUPERADMIN accounts out; a decision takes one off", async () => {
    const a0 = await counts(admin);
    const s0 = await counts(superadmin);
    const member = await createUser();
    const boss = await createUser({ role: "SUPERADMIN" });
    await waitingItemsOf(member);
    await waitingItemsOf(boss);
    // An expired proposal and an expired quote do not wait.
    await exec(sql`INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, created_at, expires_at)
      VALUES ('coin', ${member.id}, '{"symbol":"WLD","amount":"5000","action":"DEPOSIT"}'::jsonb, 'old', ${admin.id},
        now() - interval '4 days', now() - interval '1 day')`);
    await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, quote_expires_at)
      VALUES (${member.id}, 'DEPOSIT', 'WLD', 5, 0, 5, 'PENDING', now() - interval '1 minute')`);
    const a1 = await counts(admin);
    const s1 = await counts(superadmin);
    expect({
      idReviews: a1.idReviews - a0.idReviews,
      requests: a1.requests - a0.requests,
      approvals: a1.approvals - a0.approvals,
    }).toEqual({ idReviews: 1, requests: 1, approvals: 1 });
    expect({
      idReviews: s1.idReviews - s0.idReviews,
      requests: s1.requests - s0.requests,
      approvals: s1.approvals - s0.approvals,
    }).toEqual({ idReviews: 2, requests: 2, approvals: 2 });

    // A member's new transfer request waits; rejecting it takes it off.
    const m = await approvedMember();
    await fund(m.id, { staked: "30" });
    const t = await call(transferRoute, "POST", "/api/transfer-requests", {
      cookie: m.cookie,
      body: { amount: "10", type: "TRANSFER" },
    });
    expect(t.status).toBe(201);
    expect((await counts(admin)).requests).toBe(a1.requests + 1);
    const id = t.body.request.id as number;
    const no = await call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
      cookie: admin.cookie,
      params: { id: String(id) },
      body: { action: "reject", reason: "테스트" },
    });
    expect(no.status).toBe(200);
    expect((await counts(admin)).requests).toBe(a1.requests);
  });
});

describe(`proposals carry current values (${kind})`, () => {
  const pendingOf = async (id: number) => {
    const r = await call(listRoute, "GET", "/api/admin/proposals?status=PENDING&limit=50", {
      cookie: superadmin.cookie,
    });
    expect(r.status).toBe(200);
    return (r.body.items as { id: number; current: Record<string, unknown> | null }[]).find((p) => p.id === id);
  };

  it("a member's rate, withdrawal limit and balance as they are now; none once decided", async () => {
    const m = await createUser();
    await exec(sql`INSERT INTO member_staking_rates (user_id, coin_symbol, annual_rate) VALUES (${m.id}, 'WLD', 10)`);
    const rate = await patch(rateRoute, "staking-rate", admin, m, { coinSymbol: "WLD", rate: "20", reason: "VIP" });
    expect(rate.status).toBe(202);
    expect((await pendingOf(rate.body.proposal.id))?.current).toMatchObject({ rate: "10", rateSource: "member" });

    // Changed since it was proposed: the screen shows the rate as it is now.
    await exec(sql`UPDATE member_staking_rates SET annual_rate = 12 WHERE user_id = ${m.id}`);
    expect((await pendingOf(rate.body.proposal.id))?.current).toMatchObject({ rate: "12" });

    const limit = await patch(limitRoute, "withdraw-limit", superadmin, m, { limitKrw: "500000", reason: "제한" });
    expect(limit.status).toBe(202);
    const lc = (await pendingOf(limit.body.proposal.id))?.current;
    expect(lc).toMatchObject({ limitKrw: null });
    expect(String(lc?.defaultLimitKrw)).toMatch(/^\d+$/);

    await fund(m.id, { holding: "250" });
    const coin = await patch(coinRoute, "coin", admin, m, {
      symbol: "WLD",
      amount: "5000",
      action: "DEPOSIT",
      reason: "보상",
    });
    expect(coin.status).toBe(202);
    expect((await pendingOf(coin.body.proposal.id))?.current).toEqual({ balance: "250", account: "holding" });

    const no = await call(rejectRoute, "POST", `/api/admin/proposals/${coin.body.proposal.id}/reject`, {
      cookie: superadmin.cookie,
      params: { id: String(coin.body.proposal.id) },
      body: { note: "확인 필요" },
    });
    expect(no.status).toBe(200);
    const all = await call(listRoute, "GET", "/api/admin/proposals?status=REJECTED&limit=50", {
      cookie: superadmin.cookie,
    });
    const decided = all.body.items.find((p: { id: number }) => p.id === coin.body.proposal.id);
    expect(decided.current).toBeNull();
  });

  it("a member without an own rate: the product's rate in force", async () => {
    const [p] = await exec(sql`INSERT INTO staking_products (coin_symbol, name, annual_rate, active)
      VALUES ('WLD', 'waiting-test', 7.5, true) RETURNING id`);
    const m = await createUser();
    const rate = await patch(rateRoute, "staking-rate", admin, m, { coinSymbol: "WLD", rate: "20", reason: "VIP" });
    expect(rate.body.proposal.payload.before).toBeNull();
    const cur = (await pendingOf(rate.body.proposal.id))?.current;
    expect(cur?.rateSource).toBe("product");
    const [inForce] = await exec(sql`SELECT annual_rate::text AS r FROM staking_products
      WHERE coin_symbol = 'WLD' AND active ORDER BY id DESC LIMIT 1`);
    expect(Number(cur?.rate)).toBe(Number(inForce?.r));
    await exec(sql`UPDATE staking_products SET active = false WHERE id = ${p?.id}`);
  });
});
