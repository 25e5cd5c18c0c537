/**
 * Login, sessions and their revocation, brute-force limits, roles, passwords, admin member edits,
 * identity headers and the audit trail — through the real route handlers.
 */
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as resetRoute from "@/app/api/admin/users/[id]/password-reset/route";
import * as phoneRoute from "@/app/api/admin/users/[id]/phone/route";
import * as refCodeRoute from "@/app/api/admin/users/[id]/ref-code/route";
import * as roleRoute from "@/app/api/admin/users/[id]/toggle-role/route";
import * as listRoute from "@/app/api/admin/users/paginated/route";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as logoutRoute from "@/app/api/logout/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { NextRequest } from "next/server";
import * as loginRoute from "@/app/api/login/route";
import { clientIp, installForwardedForGuard } from "@/lib/http/ip";
import { requireSelfOrTarget } from "@/lib/auth/guards";
import { LOGIN_ACCOUNT, limitKey } from "@/lib/rate-limit";
import { ARGON2_PARAMS, hashPassword } from "@/lib/auth/password-hash";
import { sessionUser } from "@/lib/auth/session";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { auditRows, freshIp, loginAs, sessionCookieOf } from "./auth-helpers";

const list = (u: { cookie: string }, headers: Record<string, string> = {}) =>
  call(listRoute, "GET", "/api/admin/users/paginated", { cookie: u.cookie, headers });
const setRole = (actor: TestUser, target: { id: number }, role: string) =>
  call(roleRoute, "PATCH", `/api/admin/users/${target.id}/toggle-role`, {
    cookie: actor.cookie,
    params: { id: String(target.id) },
    body: { role },
  });
const approve = (approver: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: approver.cookie,
    params: { id: String(id) },
  });
/** Granting ADMIN or SUPERADMIN is a four-eyes proposal: `actor` proposes it, `approver` applies it. */
async function grantRole(actor: TestUser, approver: TestUser, target: { id: number }, role: "ADMIN" | "SUPERADMIN") {
  const proposed = await call(roleRoute, "PATCH", `/api/admin/users/${target.id}/toggle-role`, {
    cookie: actor.cookie,
    params: { id: String(target.id) },
    body: { role, reason: "역할 부여" },
  });
  expect(proposed.status).toBe(202);
  return approve(approver, proposed.body.proposal.id);
}
const changePassword = (u: TestUser, body: unknown, cookie = u.cookie) =>
  call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, { cookie, params: { userId: u.userId }, body });

describe("B9 argon2id", () => {
  it("uses OWASP's parameters (m = 19 MiB, t = 2, p = 1) and one hash takes a measurable, bounded time", async () => {
    expect(ARGON2_PARAMS).toMatchObject({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // The stored hash names the parameters it was made with (PHC string): proof they are applied, whatever the
    // machine's speed (a lower bound on the time failed on a fast, idle two-core machine at 4.7 ms a hash).
    const stored = await hashPassword("warm-up password");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const runs = 5;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await hashPassword(`measure-${i}-password`);
    const ms = (performance.now() - t0) / runs;
    console.log(JSON.stringify({ argon2idHashMs: Number(ms.toFixed(1)) }));
    // Measurable (a hash is real work, not a stub that returns at once) and bounded (a login never waits seconds).
    expect(ms).toBeGreaterThan(1);
    expect(ms).toBeLessThan(2000);
  });
});

describe("POST /api/login", () => {
  it("B14 answers {userId, role} and sets an HttpOnly, SameSite=Lax session cookie that works; a new cookie each login", async () => {
    const u = await createUser({ role: "ADMIN", userId: `Mixed${Date.now().toString(36)}` });
    const res = await loginAs(u.userId.toLowerCase(), DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: u.userId, role: "ADMIN" });
    const raw = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).not.toMatch(/Secure/);
    const cookie = sessionCookieOf(res.headers)!;
    expect((await list({ cookie })).status).toBe(200);
    const again = sessionCookieOf((await loginAs(u.userId, DEFAULT_PASSWORD)).headers);
    expect(again).not.toBe(cookie);
  });

  it("B14 marks the cookie Secure with a __Secure- name under HTTPS", async () => {
    const u = await createUser();
    const { call: c } = await import("../support/http");
    const login = await import("@/app/api/login/route");
    const res = await c(login, "POST", "https://wallet.example/api/login", {
      body: { userId: u.userId, password: DEFAULT_PASSWORD },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(200);
    const raw = res.headers.getSetCookie().find((s) => s.startsWith("__Secure-next-auth.session-token="));
    expect(raw).toMatch(/; Secure/);
  });

  it("B13 gives an unknown user and a wrong password the same status and body, after the same hash work", async () => {
    const u = await createUser();
    const wrong = await loginAs(u.userId, "not the password");
    const unknown = await loginAs(`ghost${Date.now()}`, "not the password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: "아이디 또는 비밀번호가 올바르지 않습니다.", code: "INVALID_CREDENTIALS" });
    const time = async (userId: string) => {
      const t0 = performance.now();
      for (let i = 0; i < 3; i++) await loginAs(userId, "not the password");
      return performance.now() - t0;
    };
    const [a, b] = [await time(u.userId), await time(`ghost2${Date.now()}`)];
    // Both paths run one argon2id verification; neither is several times faster than the other.
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(3);
  });

  it("D23 refuses a login or logout posted from a foreign or null Origin (login CSRF)", async () => {
    const u = await createUser();
    for (const origin of ["https://evil.example", "null"]) {
      const res = await call(loginRoute, "POST", "/api/login", {
        body: { userId: u.userId, password: DEFAULT_PASSWORD },
        headers: { origin, "x-forwarded-for": freshIp() },
      });
      expect(res.status).toBe(403);
      expect(sessionCookieOf(res.headers)).toBeUndefined();
      const out = await call(logoutRoute, "POST", "/api/logout", { cookie: u.cookie, headers: { origin } });
      expect(out.status).toBe(403);
    }
    expect((await list(u)).status).toBe(403); // still signed in: the foreign logout did nothing
    const same = await call(loginRoute, "POST", "/api/login", {
      body: { userId: u.userId, password: DEFAULT_PASSWORD },
      headers: { origin: "http://localhost:3000", "x-forwarded-for": freshIp() },
    });
    expect(same.status).toBe(200);
  });

  it("refuses missing fields with the spec's message", async () => {
    const res = await loginAs("", "");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("LOGIN_REQUIRED");
  });

  it("B12 refuses the sixth attempt within 15 minutes with 429 + Retry-After, even with the right password and a forged X-Forwarded-For", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) {
      // a different (forged) address every time: the account counter does not care
      const res = await loginAs(u.userId, `wrong-${i}-password`, freshIp());
      expect(res.status).toBe(401);
    }
    const sixth = await loginAs(u.userId, DEFAULT_PASSWORD, freshIp());
    expect(sixth.status).toBe(429);
    // The lockout has its own code and says when it opens (tests/integration/forms-rules.test.ts).
    expect(sixth.body.code).toBe("LOGIN_LOCKED");
    expect(sixth.body.opensAtKst).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d KST$/);
    const retry = Number(sixth.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookieOf(sixth.headers)).toBeUndefined();
    expect((await auditRows("LOGIN_THROTTLED")).length).toBeGreaterThan(0);
  });

  it("B12 parallel wrong guesses cannot slip past the limit: at most 5 of 20 are checked", async () => {
    const u = await createUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginAs(u.userId, `guess-${i}-xx`, freshIp())),
    );
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it("B12 a successful login clears the account's failures; the owner's way back in is a SUPERADMIN reset", async () => {
    const u = await createUser();
    for (let i = 0; i < 4; i++) await loginAs(u.userId, `wrong-${i}-password`);
    expect((await loginAs(u.userId, DEFAULT_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await loginAs(u.userId, `again-${i}-wrong`)).status).toBe(401);
    expect((await loginAs(u.userId, DEFAULT_PASSWORD)).status).toBe(429);
    const sa = await createUser({ role: "SUPERADMIN" });
    const reset = await call(resetRoute, "PATCH", `/api/admin/users/${u.id}/password-reset`, {
      cookie: sa.cookie,
      params: { id: String(u.id) },
    });
    expect(reset.status).toBe(200);
    const temp = reset.body.temporaryPassword as string;
    expect(temp).toHaveLength(14);
    expect((await loginAs(u.userId, temp)).status).toBe(200);
  });

  it("B12 the window ends after 15 minutes: the counter starts over", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) await loginAs(u.userId, `wrong-${i}-password`);
    expect((await loginAs(u.userId, DEFAULT_PASSWORD)).status).toBe(429);
    const db = await getDb();
    await db.execute(
      sql`update rate_limits set window_start = now() - interval '15 minutes 1 second' where key = ${limitKey(LOGIN_ACCOUNT, u.userId)}`,
    );
    expect((await loginAs(u.userId, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("B12 throttles one address trying many accounts", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await loginAs(`spray${i}x${Date.now()}`, "Password-1234", ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // another address still gets in
    const u = await createUser();
    expect((await loginAs(u.userId, DEFAULT_PASSWORD, freshIp())).status).toBe(200);
  });

  it("G32 audits success and failure with time, actor, target and IP — never the password", async () => {
    const u = await createUser();
    const ip = freshIp();
    await loginAs(u.userId, "wrong password here", ip);
    await loginAs(u.userId, DEFAULT_PASSWORD, ip);
    const fail = (await auditRows("LOGIN_FAILURE")).filter((r) => r.target_user_id === u.id);
    const ok = (await auditRows("LOGIN_SUCCESS")).filter((r) => r.actor_id === u.id);
    expect(fail.at(-1)).toMatchObject({ ip, target_user_id: u.id });
    expect(ok.at(-1)).toMatchObject({ ip, actor_id: u.id, target_user_id: u.id });
    expect(ok.at(-1)!.at).toBeTruthy();
    expect(JSON.stringify([...fail, ...ok])).not.toMatch(/wrong password here|Correct-Horse/);
  });
});

describe("B15 sessions end on the very next request", () => {
  it("B15 a password change ends the member's other sessions; the changing session continues", async () => {
    const u = await createUser({ password: "old password 123" });
    const other = sessionCookieOf((await loginAs(u.userId, "old password 123")).headers)!;
    expect(await sessionUser(new Request("http://x/", { headers: { cookie: other } }))).not.toBeNull();
    const wrong = await changePassword(u, { currentPassword: "nope nope nope", newPassword: "brand new pass 1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    const res = await changePassword(u, { currentPassword: "old password 123", newPassword: "brand new pass 1" });
    expect(res.status).toBe(200);
    const fresh = sessionCookieOf(res.headers)!;
    expect(await sessionUser(new Request("http://x/", { headers: { cookie: other } }))).toBeNull();
    expect((await sessionUser(new Request("http://x/", { headers: { cookie: u.cookie } })))?.id).toBe(u.id);
    expect((await sessionUser(new Request("http://x/", { headers: { cookie: fresh } })))?.id).toBe(u.id);
    expect((await changePassword(u, { currentPassword: "x", newPassword: "y" }, other)).status).toBe(401);
    expect((await loginAs(u.userId, "old password 123")).status).toBe(401);
    expect((await loginAs(u.userId, "brand new pass 1")).status).toBe(200);
    expect((await auditRows("PASSWORD_CHANGE")).some((r) => r.target_user_id === u.id && r.actor_id === u.id)).toBe(
      true,
    );
  });

  it("B11 a weak new password is refused and nothing changes", async () => {
    const u = await createUser();
    const res = await changePassword(u, { currentPassword: DEFAULT_PASSWORD, newPassword: "short" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("WEAK_PASSWORD");
    expect((await list({ cookie: u.cookie })).status).toBe(403); // still signed in (not 401)
  });

  it("a demoted admin loses admin access on the next request", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    expect((await list(admin)).status).toBe(200);
    const res = await setRole(sa, admin, "USER");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: admin.id, role: "USER" });
    expect([401, 403]).toContain((await list(admin)).status);
    const relogin = sessionCookieOf((await loginAs(admin.userId, DEFAULT_PASSWORD)).headers)!;
    expect((await list({ cookie: relogin })).status).toBe(403);
    const [event] = (await auditRows("ROLE_CHANGE")).filter((r) => r.target_user_id === admin.id);
    expect(event).toMatchObject({ actor_id: sa.id, before: { role: "ADMIN" }, after: { role: "USER" } });
  });

  it("logout ends the session: the old cookie is refused afterwards and the cookie is cleared", async () => {
    const u = await createUser({ role: "ADMIN" });
    const res = await call(logoutRoute, "POST", "/api/logout", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^next-auth\.session-token=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await list(u)).status).toBe(401);
    expect((await auditRows("LOGOUT")).some((r) => r.actor_id === u.id)).toBe(true);
  });

  it("a deactivated member's session ends", async () => {
    const u = await createUser({ role: "ADMIN" });
    const db = await getDb();
    await db.update(users).set({ status: "DEACTIVATED" }).where(eq(users.id, u.id));
    expect((await list(u)).status).toBe(401);
    expect((await loginAs(u.userId, DEFAULT_PASSWORD)).status).toBe(401);
  });
});

describe("roles (spec §4, §6)", () => {
  it("a SUPERADMIN toggles USER → ADMIN → USER and can set SUPERADMIN; the member's next request sees it", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    expect((await list(u)).status).toBe(403);
    expect((await grantRole(sa, sa2, u, "ADMIN")).status).toBe(200);
    const asAdmin = sessionCookieOf((await loginAs(u.userId, DEFAULT_PASSWORD)).headers)!;
    expect((await list({ cookie: asAdmin })).status).toBe(200);
    expect((await setRole(sa, u, "USER")).status).toBe(200);
    expect((await grantRole(sa, sa2, u, "SUPERADMIN")).status).toBe(200);
    // SUPERADMIN rows cannot be toggled
    const back = await setRole(sa, u, "USER");
    expect(back.status).toBe(403);
  });

  it("C18 nobody changes their own role; ADMINs cannot toggle at all; the last SUPERADMIN cannot be demoted", async () => {
    const db = await getDb();
    const sa = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();
    expect((await setRole(sa, sa, "USER")).status).toBe(403);
    expect((await setRole(admin, u, "ADMIN")).status).toBe(403);
    expect((await setRole(admin, admin, "SUPERADMIN")).status).toBe(403);
    // make `sa` the only active SUPERADMIN, then a second one (created after) tries to demote it
    await db.update(users).set({ status: "DEACTIVATED" }).where(eq(users.role, "SUPERADMIN"));
    await db.update(users).set({ status: "ACTIVE" }).where(eq(users.id, sa.id));
    const res = await setRole(sa, { id: sa.id }, "ADMIN");
    expect(res.status).toBe(403); // own role
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, sa.id));
    expect(row!.role).toBe("SUPERADMIN");
  });

  it("bad role values are 400 and change nothing", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    expect((await setRole(sa, u, "ROOT")).status).toBe(400);
    expect((await list(u)).status).toBe(403);
  });
});

describe("C19 identity headers are never trusted", () => {
  it("x-user-id naming someone else is 403; with no cookie it is 401", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const victim = await createUser();
    expect((await list(admin, { "x-user-id": victim.userId })).status).toBe(403);
    expect((await list(admin, { "x-user-id": admin.userId })).status).toBe(200);
    const guest = await call(listRoute, "GET", "/api/admin/users/paginated", {
      headers: { "x-user-id": admin.userId, "x-role": "SUPERADMIN", "x-middleware-subrequest": "middleware" },
    });
    expect(guest.status).toBe(401);
  });

  it("a member cannot change another member's password, with or without a forged x-user-id", async () => {
    const a = await createUser();
    const b = await createUser();
    for (const headers of [{}, { "x-user-id": b.userId }] as Record<string, string>[]) {
      const res = await call(passwordRoute, "PATCH", `/api/users/by-id/${b.userId}/password`, {
        cookie: a.cookie,
        params: { userId: b.userId },
        headers,
        body: { currentPassword: DEFAULT_PASSWORD, newPassword: "hijacked pass 99" },
      });
      expect(res.status).toBe(403);
    }
    expect((await loginAs(b.userId, DEFAULT_PASSWORD)).status).toBe(200);
  });
});

describe("guards", () => {
  it("H34 ADMINs cannot act on SUPERADMIN accounts through member routes; SUPERADMINs can", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const sa = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    const req = (cookie: string) => new Request("http://localhost/api/x", { headers: { cookie } });
    const check = (cookie: string, userId: string) => requireSelfOrTarget(req(cookie), "t", "member.read", { userId });
    await expect(check(admin.cookie, sa.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(check(admin.cookie, u.userId)).resolves.toMatchObject({ target: { id: u.id } });
    const other = await createUser({ role: "SUPERADMIN" });
    await expect(check(other.cookie, sa.userId)).resolves.toMatchObject({ target: { id: sa.id } });
    await expect(check(u.cookie, admin.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("G32 every refusal leaves exactly one AUTHZ_DENIED audit row with actor, reason and IP", async () => {
    const u = await createUser();
    const ip = freshIp();
    const before = (await auditRows("AUTHZ_DENIED")).filter((r) => r.actor_id === u.id).length;
    expect((await list(u, { "x-forwarded-for": ip })).status).toBe(403);
    const rows = (await auditRows("AUTHZ_DENIED")).filter((r) => r.actor_id === u.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      ip,
      after: { reason: "permission:members.list", method: "GET", path: "/api/admin/users/paginated" },
    });
  });
});

describe("admin member edits", () => {
  it("B10 lists members with search, phone filter and paging — never a password or hash", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const tag = `Srch${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i++) await createUser({ userId: `${tag}${i}` });
    const page1 = await call(listRoute, "GET", `/api/admin/users/paginated?search=${tag}&page=1&limit=10`, {
      cookie: admin.cookie,
    });
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(12);
    expect(page1.body.users).toHaveLength(10);
    const page2 = await call(listRoute, "GET", `/api/admin/users/paginated?search=${tag}&page=2&limit=10`, {
      cookie: admin.cookie,
    });
    expect(page2.body.users).toHaveLength(2);
    expect(Object.keys(page1.body.users[0]).sort()).toEqual(
      [
        "CertID",
        "createdAt",
        "id",
        "idStatus",
        "name",
        "phone",
        "refCode",
        "refId",
        "role",
        "userId",
        "walletAddr",
        "holdingWld",
        "stakedWld",
      ].sort(),
    );
    expect(page1.text).not.toMatch(/argon2|password/i);
    // % and _ are literal in the search
    const none = await call(listRoute, "GET", "/api/admin/users/paginated?search=%25%25", { cookie: admin.cookie });
    expect(none.body.total).toBe(0);
  });

  it("phone: admins edit members (non-empty), not SUPERADMIN accounts", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const sa = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    const edit = (actor: TestUser, id: number, phone: string) =>
      call(phoneRoute, "PATCH", `/api/admin/users/${id}/phone`, {
        cookie: actor.cookie,
        params: { id: String(id) },
        body: { phone },
      });
    expect((await edit(admin, u.id, "010-9999-0000")).status).toBe(200);
    expect((await edit(admin, u.id, "  ")).status).toBe(400);
    expect((await edit(admin, sa.id, "010-1")).status).toBe(403);
    expect((await edit(sa, sa.id, "010-2")).status).toBe(403); // own account: SELF_ACTION
    expect((await edit(admin, 99999999, "010-3")).status).toBe(404);
    const db = await getDb();
    const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, u.id));
    expect(row!.phone).toBe("010-9999-0000");
    expect((await auditRows("PHONE_CHANGE")).some((r) => r.target_user_id === u.id && r.actor_id === admin.id)).toBe(
      true,
    );
  });

  it("referral code: SUPERADMIN only, unique (409 REFCODE_IN_USE), stored upper-case", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const a = await createUser();
    const b = await createUser();
    const edit = (actor: TestUser, id: number, refCode: string) =>
      call(refCodeRoute, "PATCH", `/api/admin/users/${id}/ref-code`, {
        cookie: actor.cookie,
        params: { id: String(id) },
        body: { refCode },
      });
    expect((await edit(admin, a.id, "NEWCODE1")).status).toBe(403);
    const ok = await edit(sa, a.id, "newcode1");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ refCode: "NEWCODE1" });
    const taken = await edit(sa, b.id, "NewCode1");
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "REFCODE_IN_USE", error: "이미 사용 중인 코드입니다." });
    expect((await edit(sa, b.id, "")).status).toBe(400);
    expect((await edit(sa, a.id, "NEWCODE1")).status).toBe(200); // its own code again is fine
  });

  it("password reset: SUPERADMIN only, one-time temporary password, old sessions end", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser({ role: "ADMIN" });
    const reset = (actor: TestUser, id: number) =>
      call(resetRoute, "PATCH", `/api/admin/users/${id}/password-reset`, {
        cookie: actor.cookie,
        params: { id: String(id) },
        body: { reason: "분실" },
      });
    // An administrator's reset is a four-eyes proposal; the temporary password goes to the approving SUPERADMIN.
    const resetApproved = async (id: number) => {
      const proposed = await reset(sa, id);
      expect(proposed.status).toBe(202);
      const approved = await approve(sa2, proposed.body.proposal.id);
      return { status: approved.status, body: { userId: approved.body.proposal.target.userId, ...approved.body } };
    };
    expect((await reset(admin, u.id)).status).toBe(403);
    expect((await reset(sa, sa.id)).status).toBe(403);
    const res = await resetApproved(u.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: u.userId, proposal: expect.any(Object), temporaryPassword: expect.any(String) });
    expect((await list(u)).status).toBe(401);
    expect((await loginAs(u.userId, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await loginAs(u.userId, res.body.temporaryPassword)).status).toBe(200);
    const again = await resetApproved(u.id);
    expect(again.body.temporaryPassword).not.toBe(res.body.temporaryPassword);
    expect((await auditRows("PASSWORD_RESET")).filter((r) => r.target_user_id === u.id)).toHaveLength(2);
  });
});

describe("next-auth routes (/api/login is the one way in; audit-sessions.test.ts has the rest)", () => {
  it("the credentials callback is off: 404 and no session cookie, right password or not", async () => {
    const u = await createUser();
    for (const password of [DEFAULT_PASSWORD, "wrong one!!"]) {
      const form = new URLSearchParams({ userId: u.userId, password, json: "true" });
      const res = await call(nextAuthRoute, "POST", "/api/auth/callback/credentials", {
        params: { nextauth: ["callback", "credentials"] } as never,
        rawBody: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp() },
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
      expect(sessionCookieOf(res.headers)).toBeUndefined();
    }
  });

  it("B10 the session endpoint shows display hints only, never a hash", async () => {
    const u = await createUser({ role: "ADMIN" });
    const session = await call(nextAuthRoute, "GET", "/api/auth/session", {
      params: { nextauth: ["session"] } as never,
      cookie: u.cookie,
    });
    expect(session.body).toEqual({ user: { name: u.userId, role: "ADMIN" } });
    expect(session.text).not.toMatch(/argon2|password/i);
  });

  it("next-auth's own sign-out also ends the session", async () => {
    const u = await createUser({ role: "ADMIN" });
    const res = await call(nextAuthRoute, "POST", "/api/auth/signout", {
      params: { nextauth: ["signout"] } as never,
      cookie: u.cookie,
    });
    expect(res.status).toBe(200);
    expect((await list(u)).status).toBe(401);
  });
});

describe("B12 X-Forwarded-For is only trusted from TRUSTED_PROXIES", () => {
  it("replaces a client-sent X-Forwarded-For with the socket peer at the HTTP server", async () => {
    installForwardedForGuard();
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers["x-forwarded-for"] as string | undefined);
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "1.2.3.4" } }).then((r) => r.text());
      await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
      expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
      // with 127.0.0.1 as a trusted proxy, the proxy's chain is kept and the peer appended
      process.env.TRUSTED_PROXIES = "127.0.0.1";
      await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "9.9.9.9, 8.8.8.8" } }).then((r) =>
        r.text(),
      );
      expect(seen[2]).toBe("9.9.9.9, 8.8.8.8, 127.0.0.1");
      const ip = clientIp(new Request("http://x/", { headers: { "x-forwarded-for": seen[2]! } }));
      expect(ip).toBe("8.8.8.8");
    } finally {
      delete process.env.TRUSTED_PROXIES;
      server.close();
    }
  });

  it("through a real HTTP server, forged X-Forwarded-For values share one per-address login budget", async () => {
    installForwardedForGuard();
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const answer = await loginRoute.POST(
        new NextRequest(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }),
        { params: Promise.resolve({}) } as never,
      );
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
          body: JSON.stringify({ userId: `sprayer${i}x${Date.now()}`, password: "Password-1234" }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect((await auditRows("LOGIN_FAILURE")).at(-1)!.ip).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});
