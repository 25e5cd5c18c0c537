/**
 * Fraud rules and cases (lib/fraud): each rule hits and misses at its boundary through the real routes, a hit holds
 * the request (심사 중 for the member, 409 CASE_OPEN for an approval) and opens exactly one audited case with its
 * three-business-day due time; clearing lets the approval go on, reporting rejects the request with a neutral reason
 * (the hold back in staked) and keeps a suspicious-transaction report draft that exports as JSON and CSV. Both
 * databases; the races are in fraud-cases-races.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as reportRoute from "@/app/api/admin/cases/[id]/report/route";
import * as casesRoute from "@/app/api/admin/cases/route";
import * as approveIdRoute from "@/app/api/admin/users/[id]/approve-id/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { getDb, rowsOf } from "@/db/client";
import { now, setTestClock } from "@/lib/clock";
import { REPORTED_REJECT_REASON } from "@/lib/fraud/cases";
import { approvedMember, createUser, fund, OP_WALLET, setFreshWldPrice, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { freshIp, sessionCookieOf } from "./auth-helpers";
import {
  ask,
  auditCount,
  cancel,
  casesWhere,
  created,
  decideCase,
  decideRequest,
  getCase,
  loginFromNewDevice,
  myRequests,
  setPayoutAddress,
  setRule,
  signupThrough,
} from "./fraud-helpers";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const HOUR = 3_600_000;
const MINUTE = 60_000;

afterEach(() => {
  setTestClock(null);
  delete process.env.FIRST_ADDRESS_COOLDOWN_HOURS;
});

async function staff() {
  return { officer: await createUser({ role: "COMPLIANCE" }), admin: await createUser({ role: "ADMIN" }) };
}

/** Moves the application clock and keeps a fresh price at it (a request is valued at a price at most an hour old). */
async function clockAt(at: Date) {
  setTestClock(at);
  await setFreshWldPrice(at);
}

describe(`fraud rules and cases (${where})`, () => {
  it("(a) a new device and a new address within 24 hours and an amount over the threshold: held, cleared, approved; reported: rejected, funds back, draft", async () => {
    const { officer, admin } = await staff();
    // ₩28,000 = 10 WLD at ₩2,800: 10 is not over it, 10.01 is.
    const a = await setRule(officer, "new_device_new_address", {
      params: { windowHours: 24, minAmountKrw: "28000", minAmountWld: null },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(await auditCount("FRAUD_RULE_UPDATE", "new_device_new_address")).toBeGreaterThanOrEqual(1);
    // An operator without the first address's cool-down (FIRST_ADDRESS_COOLDOWN_HOURS=0): the rule is what stops it.
    process.env.FIRST_ADDRESS_COOLDOWN_HOURS = "0";
    const u = await approvedMember(null);
    await fund(u.id, { staked: "200" });
    expect((await loginFromNewDevice(u, freshIp())).status).toBe(200);
    const setAt = now();
    expect((await setPayoutAddress(u, OP_WALLET)).status).toBe(200);

    const under = created(await ask(u, "TRANSFER", "10"));
    expect(under.underReview).toBe(false);
    const held = created(await ask(u, "WITHDRAW", "10.01"));
    expect(held.underReview).toBe(true);
    const [c] = await casesWhere(sql`request_id = ${held.id}`);
    expect(c).toMatchObject({ rule_key: "new_device_new_address", status: "OPEN", user_id: u.id });
    expect(c!.evidence).toMatchObject({
      amount: "10.01",
      amountKrw: "28028",
      minAmountKrw: "28000",
      walletAddr: OP_WALLET,
    });
    expect(c!.due_at.getTime()).toBeGreaterThan(now().getTime() + 3 * 24 * HOUR - 1);
    expect(await casesWhere(sql`request_id = ${under.id}`)).toEqual([]);
    expect(await auditCount("FRAUD_CASE_OPEN", c!.id)).toBe(1);

    // The member reads 심사 중 (underReview), never the rule; an approval waits for the case.
    const mine = (await myRequests(u)).body.items as { id: number; underReview: boolean; status: string }[];
    expect(mine.find((r) => r.id === held.id)).toMatchObject({ status: "PENDING", underReview: true });
    expect(JSON.stringify(mine)).not.toContain("new_device");
    const refused = await decideRequest(admin, held.id, "APPROVE");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "CASE_OPEN" });
    expect((await decideRequest(admin, under.id, "APPROVE")).status).toBe(200);

    // The console: the case with its clock, then cleared once; the request goes on.
    const shown = await getCase(officer, c!.id);
    expect(shown.status).toBe(200);
    expect(shown.body.case).toMatchObject({ rule: "new_device_new_address", status: "OPEN", member: { id: u.id } });
    expect(shown.body.case.clock).toMatchObject({ overdue: false });
    expect(shown.body.case.clock.businessDaysLeft).toBeGreaterThanOrEqual(3);
    const list = await call(casesRoute, "GET", "/api/admin/cases?status=OPEN", { cookie: officer.cookie });
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(c!.id);
    expect((await decideCase(officer, c!.id, "CLEAR")).body.case).toMatchObject({ status: "CLEARED" });
    expect((await decideCase(officer, c!.id, "REPORT")).body).toMatchObject({ code: "CASE_DECIDED" });
    expect((await myRequests(u)).body.items.find((r: { id: number }) => r.id === held.id).underReview).toBe(false);
    expect((await decideRequest(admin, held.id, "APPROVE")).status).toBe(200);
    expect(await auditCount("FRAUD_CASE_CLEAR", c!.id)).toBe(1);

    // One minute inside the window: held again; reported → rejected with the neutral reason, the hold back.
    await clockAt(new Date(setAt.getTime() + 24 * HOUR - MINUTE));
    const before = await wld(u.id);
    const second = created(await ask(u, "TRANSFER", "10.01"));
    expect(second.underReview).toBe(true);
    const [c2] = await casesWhere(sql`request_id = ${second.id}`);
    const reported = await decideCase(officer, c2!.id, "REPORT", "단기간 신규 기기·주소 후 출금");
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body.case).toMatchObject({ status: "REPORTED", hasDraft: true, request: { status: "REJECTED" } });
    expect(await wld(u.id)).toEqual(before);
    const rejected = (await myRequests(u)).body.items.find((r: { id: number }) => r.id === second.id);
    expect(rejected).toMatchObject({ status: "REJECTED", reason: REPORTED_REJECT_REASON, underReview: false });
    expect(await auditCount("FRAUD_CASE_REPORT", c2!.id)).toBe(1);
    const json = await call(reportRoute, "GET", `/api/admin/cases/${c2!.id}/report?format=json`, {
      cookie: officer.cookie,
      params: { id: String(c2!.id) },
    });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toContain(`str-draft-case-${c2!.id}.json`);
    expect(json.body).toMatchObject({
      kind: "STR_DRAFT",
      case: { id: c2!.id, rule: "new_device_new_address" },
      member: { id: u.id, userId: u.userId },
      evidence: { amount: "10.01" },
    });
    expect(json.body.requests.map((r: { id: number }) => r.id)).toContain(second.id);
    const csv = await call(reportRoute, "GET", `/api/admin/cases/${c2!.id}/report?format=csv`, {
      cookie: officer.cookie,
      params: { id: String(c2!.id) },
    });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("evidence");
    expect(csv.text).toContain(u.userId);
    expect(await auditCount("FRAUD_CASE_EXPORT", c2!.id)).toBe(2);

    // One minute past the window: no case.
    await clockAt(new Date(setAt.getTime() + 24 * HOUR + MINUTE));
    expect(created(await ask(u, "WITHDRAW", "10.01")).underReview).toBe(false);
    await expectLedgerConsistent();
  });

  it("(b) more than 90 % of the balance within the window after a password change: held; at 90 % or after the window: not", async () => {
    const { officer } = await staff();
    // The 24-hour cool-down after a password change refuses every request of the default hour: a wider window
    // (25 h) catches the drain the moment the cool-down ends.
    expect(
      (await setRule(officer, "drain_after_password_change", { params: { windowMinutes: 1500, balanceShare: "0.9" } }))
        .status,
    ).toBe(200);
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const changed = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie: u.cookie,
      params: { userId: u.userId },
      body: { currentPassword: u.password, newPassword: "another long pass 2" },
    });
    expect(changed.status).toBe(200);
    const member: TestUser = { ...u, cookie: sessionCookieOf(changed.headers) ?? u.cookie };
    const changedAt = now();
    await clockAt(new Date(changedAt.getTime() + 24 * HOUR + 2 * MINUTE));
    // 89.8 + 0.2 fee = 90.00: exactly 90 %, not more.
    const at90 = created(await ask(member, "TRANSFER", "89.8"));
    expect(at90.underReview).toBe(false);
    expect((await cancel(member, at90.id)).status).toBe(200);
    const over = created(await ask(member, "TRANSFER", "89.81"));
    expect(over.underReview).toBe(true);
    const [c] = await casesWhere(sql`request_id = ${over.id}`);
    expect(c).toMatchObject({ rule_key: "drain_after_password_change", status: "OPEN" });
    expect(c!.evidence).toMatchObject({ total: "90.01", balance: "100", balanceShare: "0.9" });
    // The member may still cancel (the coins go back to staked); the case stays for its report decision.
    expect((await cancel(member, over.id)).status).toBe(200);
    expect((await casesWhere(sql`id = ${c!.id}`))[0]!.status).toBe("OPEN");
    expect((await decideCase(officer, c!.id, "CLEAR")).status).toBe(200);
    await clockAt(new Date(changedAt.getTime() + 1501 * MINUTE));
    expect(created(await ask(member, "TRANSFER", "89.81")).underReview).toBe(false);
    expect(await wld(member.id)).toMatchObject({ held: "90.01" });
    await expectLedgerConsistent();
  });

  it("(c) the Nth sign-up through one code from one address opens one case on the code's owner and holds the burst's ID approvals", async () => {
    const { officer, admin } = await staff();
    expect((await setRule(officer, "referral_burst", { params: { count: 3, windowMinutes: 10 } })).status).toBe(200);
    const owner = await createUser({ refCode: `BR${Math.random().toString(36).slice(2, 8).toUpperCase()}` });
    const refCode = await refCodeOf(owner.id);
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await signupThrough(refCode, ip)).status).toBe(201);
    // Another address adds nothing to this address's count.
    expect((await signupThrough(refCode, freshIp())).status).toBe(201);
    expect(await casesWhere(sql`rule_key = 'referral_burst' AND user_id = ${owner.id}`)).toEqual([]);
    expect((await signupThrough(refCode, ip)).status).toBe(201);
    const [c] = await casesWhere(sql`rule_key = 'referral_burst' AND user_id = ${owner.id}`);
    expect(c).toMatchObject({ status: "OPEN", request_id: null });
    expect(c!.evidence).toMatchObject({ code: refCode.toUpperCase(), ip, signups: 3, count: 3 });
    expect(await auditCount("FRAUD_CASE_OPEN", c!.id)).toBe(1);
    expect((await signupThrough(refCode, ip)).status).toBe(201);
    const again = await casesWhere(sql`rule_key = 'referral_burst' AND user_id = ${owner.id}`);
    expect(again).toHaveLength(1);
    expect(again[0]!.evidence).toMatchObject({ signups: 4 });
    const members = again[0]!.evidence.members as number[];
    expect(members).toHaveLength(4);
    const approve = (id: number) =>
      call(approveIdRoute, "PATCH", `/api/admin/users/${id}/approve-id`, {
        cookie: admin.cookie,
        params: { id: String(id) },
      });
    expect((await approve(members[0]!)).body).toMatchObject({ code: "CASE_OPEN" });
    expect((await decideCase(officer, c!.id, "CLEAR")).status).toBe(200);
    // Cleared: the approval is judged again on its own (this member has submitted no ID).
    expect((await approve(members[0]!)).body).toMatchObject({ code: "NOTHING_TO_APPROVE" });
    expect(await auditCount("FRAUD_CASE_CLEAR", c!.id)).toBe(1);
  });

  it("rules changes are checked and audited; a disabled rule opens nothing", async () => {
    const { officer } = await staff();
    const updates = await auditCount("FRAUD_RULE_UPDATE", "referral_burst");
    const bad = await setRule(officer, "drain_after_password_change", {
      params: { windowMinutes: 0, balanceShare: "0.9" },
    });
    expect(bad.status).toBe(400);
    expect((await setRule(officer, "nope", { enabled: false })).status).toBe(404);
    expect((await setRule(officer, "referral_burst", { enabled: false })).status).toBe(200);
    const owner = await createUser({ refCode: `BX${Math.random().toString(36).slice(2, 8).toUpperCase()}` });
    const ip = freshIp();
    const refCode = await refCodeOf(owner.id);
    for (let i = 0; i < 6; i++) expect((await signupThrough(refCode, ip)).status).toBe(201);
    expect(await casesWhere(sql`user_id = ${owner.id}`)).toEqual([]);
    expect(await auditCount("FRAUD_RULE_UPDATE", "referral_burst")).toBe(updates + 1);
    expect((await setRule(officer, "referral_burst", { enabled: true })).status).toBe(200);
  });
});

async function refCodeOf(id: number): Promise<string> {
  const rows = rowsOf<{ ref_code: string }>(
    await (await getDb()).execute(sql`SELECT ref_code FROM users WHERE id = ${id}`),
  );
  return rows[0]!.ref_code;
}
