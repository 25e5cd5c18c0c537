/**
 * SECURITY H37 and "logout on one device logs the member out everywhere": one sessions row per login,
 * an absolute 12-hour lifetime no endpoint extends, idle timeouts (30 minutes for administrators, 7 days for
 * members), logout of this session only, /api/login as the one way in, and only the __Secure- cookie under
 * HTTPS — through the real route handlers.
 */
import { eq, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as resetRoute from "@/app/api/admin/users/[id]/password-reset/route";
import * as roleRoute from "@/app/api/admin/users/[id]/toggle-role/route";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as loginRoute from "@/app/api/login/route";
import * as logoutRoute from "@/app/api/logout/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { sessionUser } from "@/lib/auth/session";
import { authSecret } from "@/lib/secret";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { freshIp, sessionCookieOf } from "./auth-helpers";

/** Who the session endpoint says is signed in (null: nobody); it must never set a cookie. */
async function whoAmI(cookie: string, url = "http://localhost:3000/api/auth/session", headers = {}) {
  const res = await call(nextAuthRoute, "GET", url, { cookie, headers, params: { nextauth: ["session"] } as never });
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie()).toEqual([]);
  return (res.body?.user?.name as string | undefined) ?? null;
}

const signedIn = async (cookie: string) =>
  (await sessionUser(new Request("http://localhost:3000/", { headers: { cookie } })))?.id ?? null;

async function sessionRows(userId: number) {
  const db = await getDb();
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt);
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    user_agent: r.userAgent,
    created_at: r.createdAt,
    last_seen_at: r.lastSeenAt,
    expires_at: r.expiresAt,
    revoked_at: r.revokedAt,
  }));
}

const tokenOf = async (cookie: string) =>
  decode({ token: decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)), secret: authSecret() });

async function ageSessions(userId: number, set: ReturnType<typeof sql>) {
  const db = await getDb();
  await db.execute(sql`update sessions set ${set} where user_id = ${userId}`);
}

async function loginCookie(u: TestUser, headers: Record<string, string> = {}) {
  const res = await call(loginRoute, "POST", "/api/login", {
    body: { userId: u.userId, password: u.password },
    headers: { "x-forwarded-for": freshIp(), ...headers },
  });
  expect(res.status).toBe(200);
  return sessionCookieOf(res.headers)!;
}

describe("H37 one session row per login", () => {
  it("login stores a row (random id of 256 bits, address, truncated user agent) that the cookie's token names", async () => {
    const u = await createUser();
    const ip = freshIp();
    const res = await call(loginRoute, "POST", "/api/login", {
      body: { userId: u.userId, password: DEFAULT_PASSWORD },
      headers: { "x-forwarded-for": ip, "user-agent": `Mozilla/5.0 ${"x".repeat(1000)}` },
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res.headers)!;
    const rows = (await sessionRows(u.id)).filter((r) => r.ip === ip);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Buffer.from(row.id, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(row.user_agent!.length).toBeLessThanOrEqual(256);
    expect(row.user_agent).toMatch(/^Mozilla\/5\.0 x+$/);
    expect(row.revoked_at).toBeNull();
    const token = await tokenOf(cookie);
    expect(token?.sid).toBe(row.id);
    expect(token?.uid).toBe(u.id);
    // 12 hours, counted from login: the row's end, the token's expiry and the cookie's Max-Age agree
    const lifetime = (row.expires_at.getTime() - row.created_at.getTime()) / 1000;
    expect(Math.abs(lifetime - 12 * 3600)).toBeLessThan(5);
    expect(Math.abs(Number(token?.exp) * 1000 - row.expires_at.getTime())).toBeLessThan(5000);
    const raw = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    expect(Number(/Max-Age=(\d+)/.exec(raw)?.[1])).toBeLessThanOrEqual(12 * 3600);
    expect(await signedIn(cookie)).toBe(u.id);
  });

  it("two logins are two sessions with two different ids", async () => {
    const u = await createUser();
    const a = await loginCookie(u);
    const b = await loginCookie(u);
    expect((await tokenOf(a))?.sid).not.toBe((await tokenOf(b))?.sid);
    expect((await sessionRows(u.id)).length).toBeGreaterThanOrEqual(3); // the factory's, a and b
  });
});

describe("H37 logout ends only the session it is called from", () => {
  it("logging out on one device leaves the member's other devices signed in", async () => {
    const u = await createUser();
    const phone = await loginCookie(u, { "user-agent": "phone" });
    const laptop = await loginCookie(u, { "user-agent": "laptop" });
    const out = await call(logoutRoute, "POST", "/api/logout", { cookie: phone });
    expect(out.status).toBe(200);
    expect(await signedIn(phone)).toBeNull();
    expect(await signedIn(laptop)).toBe(u.id);
    expect(await signedIn(u.cookie)).toBe(u.id);
    const rows = await sessionRows(u.id);
    expect(rows.filter((r) => r.revoked_at !== null).map((r) => r.user_agent)).toEqual(["phone"]);
  });

  it("next-auth's sign-out also ends this session only", async () => {
    const u = await createUser();
    const a = await loginCookie(u);
    const b = await loginCookie(u);
    const res = await call(nextAuthRoute, "POST", "/api/auth/signout", {
      params: { nextauth: ["signout"] } as never,
      cookie: a,
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^next-auth\.session-token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await signedIn(a)).toBeNull();
    expect(await signedIn(b)).toBe(u.id);
  });
});

describe("B15 which events end which sessions", () => {
  it("a password change ends the member's other sessions; the one that made the change continues", async () => {
    const u = await createUser({ password: "old password 123" });
    const other = await loginCookie(u);
    const res = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie: u.cookie,
      params: { userId: u.userId },
      body: { currentPassword: "old password 123", newPassword: "brand new pass 1" },
    });
    expect(res.status).toBe(200);
    expect(await signedIn(other)).toBeNull();
    expect(await signedIn(u.cookie)).toBe(u.id);
    // the re-issued cookie names the same session and does not outlive it
    const fresh = sessionCookieOf(res.headers)!;
    expect((await tokenOf(fresh))?.sid).toBe((await tokenOf(u.cookie))?.sid);
    expect(await signedIn(fresh)).toBe(u.id);
    expect((await sessionRows(u.id)).filter((r) => r.revoked_at === null)).toHaveLength(1);
  });

  it("a role change and an administrator's password reset end every session of the member", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    // A grant is a four-eyes proposal: the change (and the sessions' end) comes with the second SUPERADMIN's approval.
    const grant = async (u: { id: number }) => {
      const proposed = await call(roleRoute, "PATCH", `/api/admin/users/${u.id}/toggle-role`, {
        cookie: sa.cookie,
        params: { id: String(u.id) },
        body: { role: "ADMIN", reason: "운영 인력" },
      });
      expect(proposed.status).toBe(202);
      return call(approveRoute, "POST", `/api/admin/proposals/${proposed.body.proposal.id}/approve`, {
        cookie: sa2.cookie,
        params: { id: String(proposed.body.proposal.id) },
      });
    };
    for (const act of ["role", "reset"] as const) {
      const u = await createUser();
      const second = await loginCookie(u);
      const res =
        act === "role"
          ? await grant(u)
          : await call(resetRoute, "PATCH", `/api/admin/users/${u.id}/password-reset`, {
              cookie: sa.cookie,
              params: { id: String(u.id) },
            });
      expect(res.status).toBe(200);
      expect(await signedIn(u.cookie)).toBeNull();
      expect(await signedIn(second)).toBeNull();
      expect((await sessionRows(u.id)).every((r) => r.revoked_at !== null)).toBe(true);
    }
  });

  it("a deactivated member's sessions are refused", async () => {
    const u = await createUser();
    const db = await getDb();
    await db.execute(sql`update users set status = 'DEACTIVATED' where id = ${u.id}`);
    expect(await signedIn(u.cookie)).toBeNull();
  });
});

describe("H37 lifetimes: absolute 12 hours, idle 30 minutes (administrators) or 7 days (members)", () => {
  it("a session ends 12 hours after login however active it is", async () => {
    const u = await createUser();
    await ageSessions(
      u.id,
      sql`created_at = now() - interval '11 hours 59 minutes', expires_at = now() + interval '1 minute', last_seen_at = now()`,
    );
    expect(await signedIn(u.cookie)).toBe(u.id);
    const [before] = await sessionRows(u.id);
    for (let i = 0; i < 3; i++) expect(await whoAmI(u.cookie)).toBe(u.userId);
    const [after] = await sessionRows(u.id);
    expect(after!.expires_at.getTime()).toBe(before!.expires_at.getTime()); // activity never extends it
    await ageSessions(u.id, sql`expires_at = now() - interval '1 second'`);
    expect(await signedIn(u.cookie)).toBeNull();
    expect(await whoAmI(u.cookie)).toBeNull();
  });

  it("administrators time out after 30 idle minutes, members after 7 idle days", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    for (const u of [admin, member]) await ageSessions(u.id, sql`last_seen_at = now() - interval '31 minutes'`);
    expect(await signedIn(admin.cookie)).toBeNull();
    expect(await signedIn(member.cookie)).toBe(member.id);
    await ageSessions(member.id, sql`last_seen_at = now() - interval '7 days 1 second'`);
    expect(await signedIn(member.cookie)).toBeNull();
    const admin2 = await createUser({ role: "SUPERADMIN" });
    await ageSessions(admin2.id, sql`last_seen_at = now() - interval '29 minutes'`);
    expect(await signedIn(admin2.cookie)).toBe(admin2.id);
  });

  it("last_seen_at is written at most about once a minute", async () => {
    const u = await createUser();
    await ageSessions(u.id, sql`last_seen_at = now() - interval '30 seconds'`);
    const [a] = await sessionRows(u.id);
    await signedIn(u.cookie);
    const [b] = await sessionRows(u.id);
    expect(b!.last_seen_at.getTime()).toBe(a!.last_seen_at.getTime());
    await ageSessions(u.id, sql`last_seen_at = now() - interval '2 minutes'`);
    await signedIn(u.cookie);
    const [c] = await sessionRows(u.id);
    expect(Date.now() - c!.last_seen_at.getTime()).toBeLessThan(30_000);
  });
});

describe("B14 /api/login is the one way in; HTTPS takes only the __Secure- cookie", () => {
  it("next-auth's sign-in and credentials callback answer 404 {error, code} and set no cookie", async () => {
    const u = await createUser();
    const form = new URLSearchParams({ userId: u.userId, password: DEFAULT_PASSWORD, json: "true" }).toString();
    for (const [method, segments] of [
      ["POST", ["callback", "credentials"]],
      ["GET", ["callback", "credentials"]],
      ["POST", ["signin", "credentials"]],
      ["GET", ["signin"]],
    ] as const) {
      const res = await call(nextAuthRoute, method, `https://wallet.example/api/auth/${segments.join("/")}`, {
        params: { nextauth: [...segments] } as never,
        ...(method === "POST"
          ? { rawBody: form, headers: { "content-type": "application/x-www-form-urlencoded" } }
          : {}),
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
      expect(res.headers.getSetCookie().filter((c) => /session-token/.test(c))).toEqual([]);
    }
  });

  it("GET /api/auth/session says who is signed in and never re-issues the cookie", async () => {
    const u = await createUser({ role: "ADMIN" });
    expect(await whoAmI(u.cookie)).toBe(u.userId);
    expect(await whoAmI("")).toBeNull();
    const csrf = await call(nextAuthRoute, "GET", "/api/auth/csrf", { params: { nextauth: ["csrf"] } as never });
    expect(csrf.status).toBe(200);
    expect(csrf.body.csrfToken).toEqual(expect.any(String));
  });

  it("under HTTPS (an https URL or a proxy's X-Forwarded-Proto) only the __Secure- cookie counts", async () => {
    const u = await createUser();
    const plain = await loginCookie(u); // next-auth.session-token=…
    expect(plain).toMatch(/^next-auth\.session-token=/);
    const secure = await loginCookie(u, { "x-forwarded-proto": "https" });
    expect(secure).toMatch(/^__Secure-next-auth\.session-token=/);
    const https = { url: "https://wallet.example/api/auth/session", headers: {} };
    const proxied = { url: "http://localhost:3000/api/auth/session", headers: { "x-forwarded-proto": "https" } };
    for (const where of [https, proxied]) {
      expect(await whoAmI(plain, where.url, where.headers)).toBeNull();
      expect(await whoAmI(secure, where.url, where.headers)).toBe(u.userId);
    }
    // and over plain HTTP the __Secure- name is not looked at
    expect(await whoAmI(secure)).toBeNull();
    expect(await whoAmI(plain)).toBe(u.userId);
  });
});
