/**
 * A proposal's payload is checked against its kind's schema when it is read back to be applied
 * (lib/admin/proposal-payloads.ts): a row changed in the database after it was proposed is refused with
 * 409 PROPOSAL_PAYLOAD_INVALID, and nothing moves — no posting, no balance, no history row, no audit of a decision —
 * the proposal stays PENDING (still listed, and still rejectable).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as rejectRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as listRoute from "@/app/api/admin/proposals/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as unhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as stakingRoute from "@/app/api/admin/users/[id]/staking/route";
import * as rateRoute from "@/app/api/admin/users/[id]/staking-rate/route";
import * as limitRoute from "@/app/api/admin/users/[id]/withdraw-limit/route";
import { credit } from "@/lib/ledger";
import { countOf, fund, wld } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

const patch = (route: object, path: string, admin: TestUser, member: { id: number }, body: unknown) =>
  call(route, "PATCH", `/api/admin/users/${member.id}/${path}`, {
    cookie: admin.cookie,
    params: { id: String(member.id) },
    body,
  });

const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

async function tamper(id: number, payload: unknown) {
  const db = await getDb();
  await db.execute(sql`UPDATE proposals SET payload = ${JSON.stringify(payload)}::jsonb WHERE id = ${id}`);
}

/** Everything an approval could change, read at once. */
async function world(memberId: number, proposalId: number) {
  const db = await getDb();
  const [row] = rowsOf<{ status: string; posting_id: string | null; decided_by: number | null }>(
    await db.execute(
      sql`SELECT status, posting_id::text AS posting_id, decided_by FROM proposals WHERE id = ${proposalId}`,
    ),
  );
  return {
    balances: await wld(memberId),
    proposal: row,
    postings: await countOf(sql`SELECT count(*)::text AS n FROM ledger_postings`),
    history: await countOf(sql`SELECT count(*)::text AS n FROM transactions WHERE user_id = ${memberId}`),
    decisions: await countOf(
      sql`SELECT count(*)::text AS n FROM audit_log WHERE target_id = ${String(proposalId)} AND action <> 'proposal.create'`,
    ),
    notifications: await countOf(sql`SELECT count(*)::text AS n FROM notifications WHERE user_id = ${memberId}`),
    rates: await countOf(sql`SELECT count(*)::text AS n FROM member_staking_rates WHERE user_id = ${memberId}`),
  };
}

describe("a tampered proposal payload", () => {
  it("is refused on approval for every balance change and changes nothing; the proposal stays pending", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "SUPERADMIN" });
    const m = await createUser();
    await fund(m.id, { holding: "5000", staked: "3000" });
    await credit(await getDb(), { userId: m.id, coin: "WLD", amount: "2000", to: "rewards" });

    const cases: { route: object; path: string; body: object; tampered: unknown[] }[] = [
      {
        route: coinRoute,
        path: "coin",
        body: { symbol: "WLD", amount: "2500", action: "DEPOSIT", reason: "보상" },
        tampered: [
          { symbol: "WLD", amount: "-2500", action: "DEPOSIT" },
          { symbol: "WLD", amount: "25e2", action: "DEPOSIT" },
          { symbol: "WLD", amount: "0", action: "DEPOSIT" },
          { symbol: "XYZ", amount: "2500", action: "DEPOSIT" },
          { symbol: "WLD", amount: "2500", action: "WITHDRAW" },
          { symbol: "WLD", amount: 2500, action: "DEPOSIT" },
          { symbol: "WLD", action: "DEPOSIT" },
          "2500",
          null,
        ],
      },
      {
        route: unhistRoute,
        path: "coinunhist",
        body: { symbol: "WLD", amount: "1200", action: "WITHDRAW", reason: "회수" },
        tampered: [
          { symbol: "WLD", amount: "1200", action: "STEAL" },
          { symbol: "WLD", amount: "1200.0000000000000000001", action: "DEPOSIT" },
        ],
      },
      {
        route: interestRoute,
        path: "interest",
        body: { amount: "1500", action: "withdraw", reason: "회수" },
        tampered: [{ amount: "abc", action: "withdraw" }, { amount: "1500" }],
      },
      {
        route: stakingRoute,
        path: "staking",
        body: { symbol: "WLD", amount: "2500", action: "withdraw", reason: "해지" },
        tampered: [{ symbol: "WLD", amount: "99999999999999", action: "withdraw" }],
      },
    ];
    for (const c of cases) {
      const proposed = await patch(c.route, c.path, a, m, c.body);
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
      const id = proposed.body.proposal.id as number;
      const before = await world(m.id, id);
      for (const payload of c.tampered) {
        await tamper(id, payload);
        const refused = await approve(b, id);
        expect(refused.status, `${c.path} ${JSON.stringify(payload)}`).toBe(409);
        expect(refused.body.code).toBe("PROPOSAL_PAYLOAD_INVALID");
        expect(await world(m.id, id)).toEqual(before);
        expect(before.proposal).toEqual({ status: "PENDING", posting_id: null, decided_by: null });
      }
    }
    await expectLedgerConsistent();

    // The queue still lists a tampered proposal (with no current value to show), and it can still be rejected.
    const listed = await call(listRoute, "GET", "/api/admin/proposals?status=PENDING&limit=100", { cookie: b.cookie });
    expect(listed.status).toBe(200);
    const last = await patch(coinRoute, "coin", a, m, {
      symbol: "WLD",
      amount: "3000",
      action: "DEPOSIT",
      reason: "x",
    });
    await tamper(last.body.proposal.id, { symbol: "WLD", amount: "-3000", action: "DEPOSIT" });
    const queue = await call(listRoute, "GET", "/api/admin/proposals?status=PENDING&limit=100", { cookie: b.cookie });
    expect(queue.body.items.find((p: { id: number }) => p.id === last.body.proposal.id)).toMatchObject({
      status: "PENDING",
      current: null,
    });
    const rejected = await call(rejectRoute, "POST", `/api/admin/proposals/${last.body.proposal.id}/reject`, {
      cookie: b.cookie,
      params: { id: String(last.body.proposal.id) },
      body: { note: "변조된 요청" },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.proposal.status).toBe("REJECTED");
  });

  it("is refused for a rate and a withdrawal limit too; the untouched proposal is then applied as asked", async () => {
    const a = await createUser({ role: "SUPERADMIN" });
    const b = await createUser({ role: "SUPERADMIN" });
    const m = await createUser();
    const rate = await patch(rateRoute, "staking-rate", a, m, { coinSymbol: "WLD", rate: "0.5", reason: "VIP" });
    const limit = await patch(limitRoute, "withdraw-limit", a, m, { limitKrw: "5000000", reason: "한도" });
    expect(rate.status).toBe(202);
    expect(limit.status).toBe(202);
    const rateId = rate.body.proposal.id as number;
    const limitId = limit.body.proposal.id as number;
    const stored = async (id: number) =>
      rowsOf<{ payload: unknown }>(
        await (await getDb()).execute(sql`SELECT payload FROM proposals WHERE id = ${id}`),
      )[0]!.payload;
    const rateAsProposed = await stored(rateId);
    const limitAsProposed = await stored(limitId);

    const before = await world(m.id, rateId);
    for (const [id, payload] of [
      [rateId, { coinSymbol: "WLD", rate: "5000", before: null }],
      [rateId, { coinSymbol: "WLD", rate: "0.5", before: "x" }],
      [limitId, { limitKrw: "5000000.5" }],
      [limitId, { limitKrw: "-1" }],
    ] as const) {
      await tamper(id, payload);
      const refused = await approve(b, id);
      expect(refused.status, JSON.stringify(payload)).toBe(409);
      expect(refused.body.code).toBe("PROPOSAL_PAYLOAD_INVALID");
    }
    expect(await world(m.id, rateId)).toEqual(before);
    expect((await world(m.id, limitId)).proposal?.status).toBe("PENDING");

    // Put back as proposed, each applies.
    await tamper(rateId, typeof rateAsProposed === "string" ? JSON.parse(rateAsProposed) : rateAsProposed);
    await tamper(limitId, typeof limitAsProposed === "string" ? JSON.parse(limitAsProposed) : limitAsProposed);
    expect((await approve(b, rateId)).status).toBe(200);
    expect((await approve(b, limitId)).status).toBe(200);
    expect((await world(m.id, rateId)).rates).toBe(1);
  });
});
