/**
 * SECURITY H36: login throttling counts failures only, per address (30 / 15 min) and per account
 * (5 / 15 min), and cannot be turned into a lockout weapon: attempts refused for the address do not count
 * against the account, a success gives the address nothing back, correct logins in flight never count, and
 * parallel wrong guesses at one account cannot exceed its budget (checks are serialized per account).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as resetRoute from "@/app/api/admin/users/[id]/password-reset/route";
import { getDb, rowsOf } from "@/db/client";
import { LOGIN_ACCOUNT, LOGIN_IP, peek } from "@/lib/rate-limit";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";
import { freshIp, loginAs } from "./auth-helpers";

function statuses(rs: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of rs) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function failuresAudited(targetUserId: number): Promise<number> {
  const db = await getDb();
  const rows = rowsOf<{ n: string }>(
    await db.execute(
      sql`select count(*)::text as n from audit_log where action = 'LOGIN_FAILURE' and target_user_id = ${targetUserId}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Spends an address's whole budget with wrong guesses at accounts nobody has. */
async function exhaustAddress(ip: string) {
  for (let i = 0; i < 30; i++)
    expect((await loginAs(`nobody${i}x${Date.now().toString(36)}`, "wrong-password-1", ip)).status).toBe(401);
  expect((await loginAs(`nobody-more${Date.now().toString(36)}`, "wrong-password-1", ip)).status).toBe(429);
}

describe(`login throttling (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("H36 attempts refused for the address do not count against the account (a blocked address cannot lock `admin` out)", async () => {
    const victim = await createUser({ role: "SUPERADMIN" });
    const attacker = freshIp();
    await exhaustAddress(attacker);
    for (let i = 0; i < 20; i++) {
      const res = await loginAs(victim.userId, `guess-${i}-password`, attacker);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await peek(LOGIN_ACCOUNT, victim.userId)).count).toBe(0);
    expect(await failuresAudited(victim.id)).toBe(0); // not even hashed
    expect((await loginAs(victim.userId, DEFAULT_PASSWORD, freshIp())).status).toBe(200);
  });

  it("H36 a successful login gives the address nothing back: interleaving one's own logins never buys more guesses", async () => {
    const own = await createUser();
    const ip = freshIp();
    let guesses = 0;
    for (let i = 0; i < 40; i++) {
      expect((await loginAs(own.userId, DEFAULT_PASSWORD, ip)).status).toBe(i < 30 ? 200 : 429);
      const guess = await loginAs(`target${i}x${Date.now().toString(36)}`, "wrong-password-1", ip);
      if (guess.status === 401) guesses += 1;
      else expect(guess.status).toBe(429);
    }
    expect(guesses).toBe(30);
    expect((await peek(LOGIN_IP, ip)).count).toBe(30);
  });

  it("50 concurrent correct logins from one address all answer 200 — to 50 accounts and to one account", async () => {
    const ip = freshIp();
    const members = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    const t0 = performance.now();
    const many = await Promise.all(members.map((m) => loginAs(m.userId, DEFAULT_PASSWORD, ip)));
    const manyMs = performance.now() - t0;
    expect(statuses(many)).toEqual({ 200: 50 });
    const one = members[0]!;
    const t1 = performance.now();
    const same = await Promise.all(Array.from({ length: 50 }, () => loginAs(one.userId, DEFAULT_PASSWORD, ip)));
    const sameMs = performance.now() - t1;
    expect(statuses(same)).toEqual({ 200: 50 });
    expect((await peek(LOGIN_IP, ip)).count).toBe(0);
    console.log(
      JSON.stringify({
        concurrentCorrectLogins: 50,
        manyAccountsMs: Math.round(manyMs),
        oneAccountMs: Math.round(sameMs),
      }),
    );
  });

  it("B12 50 parallel wrong guesses at one account: exactly 5 are hashed, 45 answer 429, and the right password is then refused too", async () => {
    const u = await createUser({ role: "ADMIN" });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginAs(u.userId, `parallel-guess-${i}`, freshIp())),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 45 });
    expect(await failuresAudited(u.id)).toBe(5);
    expect((await peek(LOGIN_ACCOUNT, u.userId)).count).toBe(5);
    for (const r of results.filter((r) => r.status === 429))
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await loginAs(u.userId, DEFAULT_PASSWORD, freshIp())).status).toBe(429);
    // the way back in: a SUPERADMIN's password reset lifts the lock (an administrator's is a four-eyes proposal,
    // applied when a second SUPERADMIN approves it; the temporary password is answered to that approver)
    const sa = await createUser({ role: "SUPERADMIN" });
    const reset = await call(resetRoute, "PATCH", `/api/admin/users/${u.id}/password-reset`, {
      cookie: sa.cookie,
      params: { id: String(u.id) },
      body: { reason: "잠금 해제" },
    });
    expect(reset.status).toBe(202);
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const approved = await call(approveRoute, "POST", `/api/admin/proposals/${reset.body.proposal.id}/approve`, {
      cookie: sa2.cookie,
      params: { id: String(reset.body.proposal.id) },
    });
    expect(approved.status).toBe(200);
    expect((await loginAs(u.userId, approved.body.temporaryPassword, freshIp())).status).toBe(200);
  });

  it("B12 60 parallel wrong guesses from one address at 60 accounts: the address budget (30) holds within the pool's concurrency", async () => {
    const ip = freshIp();
    const tag = Date.now().toString(36);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => loginAs(`spray${i}x${tag}`, "wrong-password-1", ip)),
    );
    const counts = statuses(results);
    console.log(
      JSON.stringify({ parallelSprayFromOneAddress: 60, checked: counts[401] ?? 0, refused: counts[429] ?? 0 }),
    );
    // Checks of different accounts run side by side, so a few in flight can pass the address check together:
    // at most one per database connection (PGlite runs them one at a time).
    expect(counts[401]).toBeGreaterThanOrEqual(30);
    expect(counts[401]).toBeLessThanOrEqual(onPostgres() ? 30 + 10 : 30);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(60);
  });

  it("B13 an unknown account and a wrong password look the same and both cost a hash and a failure", async () => {
    const u = await createUser();
    const ghost = `ghost${Date.now().toString(36)}`;
    const [a, b] = [await loginAs(u.userId, "wrong-password-1"), await loginAs(ghost, "wrong-password-1")];
    expect(a.status).toBe(401);
    expect(b.body).toEqual(a.body);
    expect((await peek(LOGIN_ACCOUNT, ghost)).count).toBe(1);
    expect((await peek(LOGIN_ACCOUNT, u.userId)).count).toBe(1);
  });
});
