/**
 * Fraud cases under concurrency (PostgreSQL; the embedded database runs one statement at a time): a member firing
 * parallel requests that each match a rule gets exactly one case per created request — a request is unique per
 * member, coin and type while PENDING, and a case per (rule, request) — and parallel sign-ups through one code from
 * one address open exactly one case (the advisory lock on code and address, the partial unique index) whose evidence
 * names every sign-up.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { now, setTestClock } from "@/lib/clock";
import { approvedMember, createUser, fund, OP_WALLET, setFreshWldPrice } from "../factories/money";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { freshIp } from "./auth-helpers";
import {
  ask,
  auditCount,
  casesWhere,
  loginFromNewDevice,
  setPayoutAddress,
  setRule,
  signupThrough,
} from "./fraud-helpers";

afterEach(() => {
  setTestClock(null);
  delete process.env.FIRST_ADDRESS_COOLDOWN_HOURS;
});

describe.skipIf(!onPostgres())("fraud cases under concurrency (PostgreSQL)", () => {
  it("(a) 12 parallel transfers and withdrawals over the threshold: one request per type, one case each", async () => {
    const officer = await createUser({ role: "COMPLIANCE" });
    await setRule(officer, "new_device_new_address", {
      params: { windowHours: 24, minAmountKrw: "28000", minAmountWld: null },
    });
    process.env.FIRST_ADDRESS_COOLDOWN_HOURS = "0";
    const u = await approvedMember(null);
    await fund(u.id, { staked: "500" });
    expect((await loginFromNewDevice(u, freshIp())).status).toBe(200);
    expect((await setPayoutAddress(u, OP_WALLET)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ask(u, i % 2 ? "TRANSFER" : "WITHDRAW", "20")),
    );
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(2);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(made.every((a) => a.body.request.underReview === true)).toBe(true);
    const cases = await casesWhere(sql`user_id = ${u.id}`);
    expect(cases.map((c) => c.request_id).sort()).toEqual(made.map((a) => a.body.request.id).sort());
    expect(cases.every((c) => c.rule_key === "new_device_new_address")).toBe(true);
    for (const c of cases) expect(await auditCount("FRAUD_CASE_OPEN", c.id)).toBe(1);
    await expectLedgerConsistent();
  });

  it("(b) 10 parallel drains after a password change: one request, one case", async () => {
    const officer = await createUser({ role: "COMPLIANCE" });
    await setRule(officer, "drain_after_password_change", { params: { windowMinutes: 60, balanceShare: "0.9" } });
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    // The change an hour's minute ago with no cool-down (as if lifted): only the rule stands between.
    await (await getDb()).execute(
      sql`UPDATE users SET password_changed_at = ${new Date(now().getTime() - 60_000).toISOString()}::timestamptz
        WHERE id = ${u.id}`,
    );
    await setFreshWldPrice();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(u, "WITHDRAW", "95")));
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(1);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const cases = await casesWhere(sql`user_id = ${u.id}`);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ rule_key: "drain_after_password_change", request_id: made[0]!.body.request.id });
    await expectLedgerConsistent();
  });

  it("(c) 8 parallel sign-ups through one code from one address: exactly one case naming all 8", async () => {
    const officer = await createUser({ role: "COMPLIANCE" });
    await setRule(officer, "referral_burst", { params: { count: 3, windowMinutes: 10 } });
    const code = `RC${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const owner = await createUser({ refCode: code });
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => signupThrough(code, ip)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const cases = await casesWhere(sql`rule_key = 'referral_burst' AND user_id = ${owner.id}`);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.evidence).toMatchObject({ signups: 8 });
    expect(cases[0]!.evidence.members as number[]).toHaveLength(8);
    expect(await auditCount("FRAUD_CASE_OPEN", cases[0]!.id)).toBe(1);
  });
});
