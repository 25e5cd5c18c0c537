/**
 * Four-eyes on KRW deposit (buy) approvals (SECURITY.md I39, docs/security.md I26-1) through the real route handlers:
 * a deposit whose WLD value at the approval's price is above FOUR_EYES_LIMIT (or above what the administrator's
 * and the member's rolling 24-hour totals still allow) is not credited by one approval: it becomes a `deposit`
 * proposal (202), the request stays undecided and says it awaits a second approver, and only another
 * administrator's approval credits it — exactly once, settling the request APPROVED then.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as rejectRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as queueRoute from "@/app/api/admin/requests/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as deactivateRoute from "@/app/api/admin/users/[id]/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as myRequestsRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { resetPriceFeeds } from "@/lib/prices";
import { countOf, createUser, setFreshWldPrice, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { krwOf } from "../support/deposits";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

afterEach(() => setTestClock(null));

/** WLD at 2 USDT × 1,400 = 2,800 KRW, stored now (the feeds are unreachable in tests: this is the price). */
async function priceOf2800() {
  await setFreshWldPrice(new Date(), "2");
  resetPriceFeeds();
}

const deposit = async (u: TestUser, krw: string) => {
  const res = await call(depositRoute, "POST", "/api/requests/deposit", {
    body: { coinSymbol: "WLD", amount: krw },
    cookie: u.cookie,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.request.id as number;
};

/** Without a body: the approval naming the deposit's whole KRW as received. */
const decide = async (admin: TestUser, id: number, body?: Record<string, unknown>, headers = {}) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: body ?? { action: "approve", krwReceived: await krwOf(id) },
    headers,
  });

const approveProposal = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

const rejectProposal = (admin: TestUser, id: number) =>
  call(rejectRoute, "POST", `/api/admin/proposals/${id}/reject`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { note: "입금 확인 안 됨" },
  });

const cancel = (u: TestUser, id: number) =>
  call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } });

/** The request as the member's list shows it. */
async function mine(u: TestUser, id: number) {
  const res = await call(myRequestsRoute, "GET", "/api/transfer-requests?limit=50", { cookie: u.cookie });
  expect(res.status).toBe(200);
  return (res.body.items as { id: number; status: string; awaitingApproval: boolean }[]).find((r) => r.id === id)!;
}

/** The request as the admin queue shows it. */
async function queued(admin: TestUser, id: number) {
  const res = await call(queueRoute, "GET", "/api/admin/requests?type=DEPOSIT&limit=50", { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (res.body.items as { id: number; status: string; pendingProposalId: number | null }[]).find(
    (r) => r.id === id,
  )!;
}

async function requestRow(id: number) {
  const [r] = rowsOf<{ status: string; handled_by: number | null; krw: string; amount: string; settle: string | null }>(
    await (await getDb()).execute(sql`
      SELECT status::text AS status, handled_by, trim_scale(krw_amount)::text AS krw, trim_scale(amount)::text AS amount,
        settle_posting_id::text AS settle
      FROM requests WHERE id = ${id}`),
  );
  return r!;
}

async function proposalRow(id: number) {
  const [p] = rowsOf<{ status: string; posting_id: string | null; decision_note: string | null }>(
    await (await getDb()).execute(
      sql`SELECT status, posting_id::text AS posting_id, decision_note FROM proposals WHERE id = ${id}`,
    ),
  );
  return p!;
}

const postings = () => countOf(sql`SELECT count(*)::text AS n FROM ledger_postings`);
const depositProposals = (requestId: number) =>
  countOf(
    sql`SELECT count(*)::text AS n FROM proposals WHERE kind = 'deposit' AND (payload->>'requestId')::bigint = ${requestId}`,
  );
const depositRows = (userId: number) =>
  countOf(sql`SELECT count(*)::text AS n FROM transactions WHERE user_id = ${userId} AND type = 'DEPOSIT'`);

describe("I39 a KRW deposit above FOUR_EYES_LIMIT", () => {
  it("₩1,000,000,000 approved by one ADMIN is a 202 proposal; only a second administrator credits it, once", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "1000000000");
    const before = await postings();

    const first = await decide(a, id);
    expect(first.status, first.text).toBe(202);
    expect(first.body.proposal).toMatchObject({
      kind: "deposit",
      status: "PENDING",
      target: { id: u.id, userId: u.userId },
      payload: { requestId: id, krw: "1000000000", amount: "357142.857142", symbol: "WLD", price: "2800" },
      proposedBy: { id: a.id },
    });
    const proposalId = first.body.proposal.id as number;
    // Nothing credited, nothing posted; the request is still undecided and says what it waits for.
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
    expect(await postings()).toBe(before);
    expect(await requestRow(id)).toMatchObject({ status: "PENDING", handled_by: null });
    // The KRW received is confirmed on the request at once (입금 확인), while the credit waits.
    expect((await mine(u, id)) as unknown).toMatchObject({
      deposit: { krwReceived: "1000000000", confirmedAt: expect.any(String), bankLineId: null },
    });
    expect(await mine(u, id)).toMatchObject({ status: "PENDING", awaitingApproval: true });
    expect(await queued(a, id)).toMatchObject({ status: "PENDING", pendingProposalId: proposalId });

    // Approving the request again — by anyone — makes no second proposal and credits nothing.
    for (const who of [a, b]) {
      const again = await decide(who, id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("REQUEST_AWAITING_APPROVAL");
    }
    expect(await depositProposals(id)).toBe(1);
    // The proposer cannot supply the second pair of eyes.
    const self = await approveProposal(a, proposalId);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe("SELF_APPROVAL");
    expect(await wld(u.id)).toMatchObject({ holding: "0" });

    // The second administrator's approval credits it, settling the request APPROVED by them.
    const ok = await approveProposal(b, proposalId);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.proposal).toMatchObject({ status: "APPROVED", decidedBy: { id: b.id } });
    expect(await wld(u.id)).toMatchObject({ holding: "357142.857142" });
    const settled = await requestRow(id);
    expect(settled).toMatchObject({ status: "APPROVED", handled_by: b.id, krw: "1000000000", amount: "357142.857142" });
    expect((await proposalRow(proposalId)).posting_id).toBe(settled.settle);
    expect(await mine(u, id)).toMatchObject({ status: "APPROVED", awaitingApproval: false });
    expect(await queued(a, id)).toMatchObject({ status: "APPROVED", pendingProposalId: null });
    expect(await depositRows(u.id)).toBe(1);

    // Exactly once: neither the proposal nor the request can be approved again.
    expect((await approveProposal(b, proposalId)).status).toBe(409);
    expect((await decide(b, id)).status).toBe(409);
    expect(await wld(u.id)).toMatchObject({ holding: "357142.857142" });
    expect(await postings()).toBe(before + 1);
    await expectLedgerConsistent();
  });

  it("an EXPIRED deposit approved with krwReceived is valued at the fresh price: above the limit it waits", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "28000");
    await (await getDb()).execute(
      sql`UPDATE requests SET quote_expires_at = now() - interval '1 second' WHERE id = ${id}`,
    );

    // The member paid ₩5,000,000 instead: 1,785.714285 WLD at 2,800 — above the limit.
    const res = await decide(a, id, { action: "approve", krwReceived: "5000000" });
    expect(res.status, res.text).toBe(202);
    expect(res.body.proposal.payload).toEqual({
      requestId: id,
      krw: "5000000",
      amount: "1785.714285",
      symbol: "WLD",
      price: "2800",
      repriced: true,
    });
    // The request keeps its quote until the change is approved.
    expect(await requestRow(id)).toMatchObject({ status: "EXPIRED", krw: "28000", amount: "10" });
    expect(await mine(u, id)).toMatchObject({ status: "EXPIRED", awaitingApproval: true });
    expect(await wld(u.id)).toMatchObject({ holding: "0" });

    const ok = await approveProposal(b, res.body.proposal.id);
    expect(ok.status, ok.text).toBe(200);
    expect(await requestRow(id)).toMatchObject({ status: "APPROVED", krw: "5000000", amount: "1785.714285" });
    expect(await wld(u.id)).toMatchObject({ holding: "1785.714285" });
    await expectLedgerConsistent();
  });

  it("a quote that runs out while the proposal waits is credited as proposed (the first approval's price)", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "14000000");
    const res = await decide(a, id);
    expect(res.status).toBe(202);
    expect(res.body.proposal.payload).toMatchObject({ amount: "5000", krw: "14000000", price: "2800" });
    await (await getDb()).execute(
      sql`UPDATE requests SET quote_expires_at = now() - interval '1 second' WHERE id = ${id}`,
    );
    expect((await approveProposal(b, res.body.proposal.id)).status).toBe(200);
    expect(await requestRow(id)).toMatchObject({ status: "APPROVED", krw: "14000000", amount: "5000" });
    expect(await wld(u.id)).toMatchObject({ holding: "5000" });
    await expectLedgerConsistent();
  });

  it("bulk approval, one call per request as the console sends it: each answers for itself", async () => {
    await priceOf2800();
    const a = await createUser({ role: "ADMIN" });
    const small = await createUser();
    const big1 = await createUser();
    const big2 = await createUser();
    const ids = [await deposit(small, "28000"), await deposit(big1, "5600000"), await deposit(big2, "28000000")];

    const answers = [];
    for (const id of ids) answers.push(await decide(a, id));
    expect(answers.map((r) => r.status)).toEqual([200, 202, 202]);
    expect(answers[0]!.body.request).toMatchObject({ id: ids[0], status: "APPROVED", awaitingApproval: false });
    expect(answers[1]!.body.proposal.payload).toMatchObject({ requestId: ids[1], amount: "2000" });
    expect(answers[2]!.body.proposal.payload).toMatchObject({ requestId: ids[2], amount: "10000" });
    expect(await wld(small.id)).toMatchObject({ holding: "10" });
    expect(await wld(big1.id)).toMatchObject({ holding: "0" });
    expect(await wld(big2.id)).toMatchObject({ holding: "0" });
    await expectLedgerConsistent();
  });

  it("while the proposal waits the member cannot cancel; rejecting it leaves the request for another decision", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "5600000");
    const p1 = (await decide(a, id)).body.proposal.id as number;

    const refused = await cancel(u, id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("REQUEST_AWAITING_APPROVAL");
    expect(await requestRow(id)).toMatchObject({ status: "PENDING" });

    // The second administrator rejects the proposal: nothing credited, the request is undecided again.
    expect((await rejectProposal(b, p1)).status).toBe(200);
    expect(await mine(u, id)).toMatchObject({ status: "PENDING", awaitingApproval: false });
    expect(await queued(a, id)).toMatchObject({ pendingProposalId: null });
    // Another decision: a new proposal (which B may now approve), or the member's cancel.
    const p2 = await decide(b, id);
    expect(p2.status).toBe(202);
    expect(p2.body.proposal.id).not.toBe(p1);
    expect((await approveProposal(a, p2.body.proposal.id)).status).toBe(200);
    expect(await wld(u.id)).toMatchObject({ holding: "2000" });
    expect(await depositRows(u.id)).toBe(1);
    await expectLedgerConsistent();
  });

  it("rejecting the request cancels its proposal, whose approval then fails and credits nothing", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "5600000");
    const proposalId = (await decide(a, id)).body.proposal.id as number;

    const rejected = await decide(b, id, { action: "reject", reason: "입금 없음" });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.request).toMatchObject({ status: "REJECTED", awaitingApproval: false });
    expect(await proposalRow(proposalId)).toMatchObject({ status: "CANCELLED", posting_id: null });
    expect((await proposalRow(proposalId)).decision_note).toContain("입금 없음");

    const late = await approveProposal(b, proposalId);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("INVALID_STATE");
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
    expect(await requestRow(id)).toMatchObject({ status: "REJECTED", settle: null });
    await expectLedgerConsistent();
  });

  it("deactivating the member rejects the deposit and cancels its proposal", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "5600000");
    const proposalId = (await decide(a, id)).body.proposal.id as number;

    const gone = await call(deactivateRoute, "DELETE", `/api/admin/users/${u.id}`, {
      cookie: b.cookie,
      params: { id: String(u.id) },
    });
    expect(gone.status, gone.text).toBe(200);
    expect(await requestRow(id)).toMatchObject({ status: "REJECTED" });
    expect(await proposalRow(proposalId)).toMatchObject({ status: "CANCELLED" });
    // Refused (the member is gone: not found), and nothing credited.
    expect((await approveProposal(b, proposalId)).status).toBe(404);
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
    await expectLedgerConsistent();
  });

  it("a proposal that expired (72 hours) no longer holds the request: it can be decided again", async () => {
    await priceOf2800();
    setTestClock(new Date());
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "5600000");
    const p1 = (await decide(a, id)).body.proposal.id as number;
    advanceTestClock(72 * 3600_000);
    expect((await mine(u, id)).awaitingApproval).toBe(false);
    expect((await queued(a, id)).pendingProposalId).toBeNull();
    expect((await approveProposal(b, p1)).status).toBe(409);
    // The request's own quote is kept by the database's clock (still valid): a plain approval proposes anew.
    const again = await decide(b, id);
    expect(again.status, again.text).toBe(202);
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
  });

  it(`racing decisions settle once: cancel against approval, rejection against the second approval (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    await priceOf2800();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    for (let i = 0; i < 5; i++) {
      // The member cancels while an administrator approves: cancelled and no proposal, or a proposal and no cancel.
      const u = await createUser();
      const id = await deposit(u, "5600000");
      const [cancelled, approved] = await Promise.all([cancel(u, id), decide(a, id)]);
      const row = await requestRow(id);
      if (cancelled.status === 200) {
        expect(approved.status).toBe(409);
        expect(row.status).toBe("CANCELLED");
        expect(await depositProposals(id)).toBe(0);
      } else {
        expect(cancelled.body.code).toBe("REQUEST_AWAITING_APPROVAL");
        expect(approved.status).toBe(202);
        expect(row.status).toBe("PENDING");
      }
      // An administrator rejects the request while another approves its proposal: one of them wins, no error.
      const v = await createUser();
      const id2 = await deposit(v, "5600000");
      const proposalId = (await decide(a, id2)).body.proposal.id as number;
      const [rejected, second] = await Promise.all([
        decide(b, id2, { action: "reject", reason: "중복" }),
        approveProposal(b, proposalId),
      ]);
      expect([rejected.status, second.status].sort()).toEqual([200, 409]);
      const settled = await requestRow(id2);
      expect(settled.status).toBe(second.status === 200 ? "APPROVED" : "REJECTED");
      expect(await wld(v.id)).toMatchObject({ holding: second.status === 200 ? "2000" : "0" });
      expect(await mine(v, id2)).toMatchObject({ awaitingApproval: false });
    }
    await expectLedgerConsistent();
  });

  it("a deposit at or below the limit is credited at once, as before", async () => {
    await priceOf2800();
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    const id = await deposit(u, "2800000");
    const res = await decide(a, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.request).toMatchObject({ status: "APPROVED", amount: "1000", awaitingApproval: false });
    expect(await wld(u.id)).toMatchObject({ holding: "1000" });
    await expectLedgerConsistent();
  });
});
