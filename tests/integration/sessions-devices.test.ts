/**
 * Login devices. The member lists their own live sessions (device from the user agent, IP,
 * created, last seen, the current one marked), ends one or all others; sessions are named by a handle, never
 * their id, and a handle only reaches the caller's own sessions. A password change ends the other sessions
 * and keeps this one; deactivation and demotion end all of them — through the real route handlers.
 */
import { eq, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import * as deactivateRoute from "@/app/api/admin/users/[id]/route";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as roleRoute from "@/app/api/admin/users/[id]/toggle-role/route";
import * as loginRoute from "@/app/api/login/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import * as endOneRoute from "@/app/api/sessions/[handle]/route";
import * as endOthersRoute from "@/app/api/sessions/end-others/route";
import * as listRoute from "@/app/api/sessions/route";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { sessionHandle } from "@/lib/auth/devices";
import { sessionUser } from "@/lib/auth/session";
import { authSecret } from "@/lib/secret";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { auditRows, freshIp, sessionCookieOf } from "./auth-helpers";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Device = {
  handle: string;
  device: string | null;
  browser: string | null;
  os: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

async function login(u: TestUser, userAgent: string, ip = freshIp()) {
  const res = await call(loginRoute, "POST", "/api/login", {
    body: { userId: u.userId, password: u.password },
    headers: { "x-forwarded-for": ip, "user-agent": userAgent },
  });
  expect(res.status).toBe(200);
  return sessionCookieOf(res.headers)!;
}

const signedIn = async (cookie: string) =>
  (await sessionUser(new Request("http://localhost:3000/", { headers: { cookie } })))?.id ?? null;

const sidOf = async (cookie: string) =>
  String(
    (await decode({ token: decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)), secret: authSecret() }))?.sid,
  );

async function list(cookie: string): Promise<Device[]> {
  const res = await call<{ items: Device[] }>(listRoute, "GET", "/api/sessions", { cookie });
  expect(res.status).toBe(200);
  return res.body.items;
}

const endOne = (cookie: string, handle: string) =>
  call(endOneRoute, "DELETE", `/api/sessions/${encodeURIComponent(handle)}`, { cookie, params: { handle } });

async function liveCount(userId: number) {
  const db = await getDb();
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.filter((r) => r.revokedAt === null).length;
}

describe("H37 GET /api/sessions: the member's own live devices", () => {
  it("lists only the caller's live sessions, names the device, marks the current one and never shows an id", async () => {
    const u = await createUser();
    const other = await createUser();
    await login(other, ANDROID_CHROME); // another member's session never shows up
    const phoneIp = freshIp();
    const phone = await login(u, ANDROID_CHROME, phoneIp);
    const ipad = await login(u, IPHONE_SAFARI);
    const gone = await login(u, "curl/8.0");
    expect((await endOne(gone, sessionHandle(await sidOf(gone)))).status).toBe(200);
    // an expired and an idle session are not live either
    const expired = await login(u, ANDROID_CHROME);
    const idle = await login(u, ANDROID_CHROME);
    const db = await getDb();
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${await sidOf(expired)}`,
    );
    await db.execute(sql`update sessions set last_seen_at = now() - interval '8 days' where id = ${await sidOf(idle)}`);

    const items = await list(phone);
    // the factory's session (no user agent), the phone and the iPhone
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, device: "Chrome · Android", ip: phoneIp });
    expect(items.filter((d) => d.current)).toHaveLength(1);
    expect(items.map((d) => d.device).sort()).toEqual(["Chrome · Android", "Mobile Safari · iOS", null]);
    const sids = await Promise.all([phone, ipad, u.cookie].map(sidOf));
    const text = JSON.stringify(items);
    for (const sid of sids) expect(text).not.toContain(sid);
    expect(items.map((d) => d.handle).sort()).toEqual(sids.map(sessionHandle).sort());
    for (const d of items) {
      expect(d.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Number.isNaN(Date.parse(d.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(d.lastSeenAt))).toBe(false);
    }
    // seen from the iPhone, the iPhone is the current one
    const fromIpad = await list(ipad);
    expect(fromIpad.find((d) => d.current)?.device).toBe("Mobile Safari · iOS");
  });

  it("answers 401 {error, code} without a session, and after the session ended", async () => {
    for (const cookie of ["", "next-auth.session-token=garbage"]) {
      const res = await call(listRoute, "GET", "/api/sessions", { cookie });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String), code: "UNAUTHENTICATED" });
    }
    const u = await createUser();
    const a = await login(u, ANDROID_CHROME);
    await endOne(a, sessionHandle(await sidOf(a)));
    expect((await call(listRoute, "GET", "/api/sessions", { cookie: a })).status).toBe(401);
    const res = await call(endOthersRoute, "POST", "/api/sessions/end-others", {});
    expect(res.status).toBe(401);
    expect((await endOne("", "A".repeat(22))).status).toBe(401);
  });
});

describe("H37 ending sessions", () => {
  it("DELETE /api/sessions/{handle} ends that device only and is audited", async () => {
    const u = await createUser();
    const phone = await login(u, ANDROID_CHROME);
    const ipad = await login(u, IPHONE_SAFARI);
    const target = (await list(phone)).find((d) => d.device === "Mobile Safari · iOS")!;
    const res = await endOne(phone, target.handle);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, current: false });
    expect(res.headers.getSetCookie()).toEqual([]); // this device stays signed in
    expect(await signedIn(ipad)).toBeNull();
    expect(await signedIn(phone)).toBe(u.id);
    expect(await signedIn(u.cookie)).toBe(u.id);
    expect((await list(phone)).map((d) => d.handle)).not.toContain(target.handle);
    const rows = (await auditRows("session.end")).filter((r) => r.actor_id === u.id);
    expect(rows).toHaveLength(1);
    // ending it again: it is no longer live
    expect((await endOne(phone, target.handle)).status).toBe(404);
  });

  it("ending the current session through the list is a logout: the cookie is cleared", async () => {
    const u = await createUser();
    const phone = await login(u, ANDROID_CHROME);
    const me = (await list(phone)).find((d) => d.current)!;
    const res = await endOne(phone, me.handle);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, current: true });
    expect(res.headers.getSetCookie().some((c) => /^next-auth\.session-token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await signedIn(phone)).toBeNull();
    expect(await signedIn(u.cookie)).toBe(u.id);
  });

  it("POST /api/sessions/end-others ends every other session and keeps this one", async () => {
    const u = await createUser();
    const phone = await login(u, ANDROID_CHROME);
    const ipad = await login(u, IPHONE_SAFARI);
    const res = await call(endOthersRoute, "POST", "/api/sessions/end-others", { cookie: phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 }); // the iPhone and the factory's session
    expect(await signedIn(phone)).toBe(u.id);
    expect(await signedIn(ipad)).toBeNull();
    expect(await signedIn(u.cookie)).toBeNull();
    const items = await list(phone);
    expect(items).toHaveLength(1);
    expect(items[0]!.current).toBe(true);
    expect(await liveCount(u.id)).toBe(1);
    const audit = (await auditRows("session.end_others")).filter((r) => r.actor_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ ended: 2 });
    // nothing else to end
    const again = await call(endOthersRoute, "POST", "/api/sessions/end-others", { cookie: phone });
    expect(again.body).toEqual({ ended: 0 });
  });

  it("another member's handle is 404 and ends nothing (nor does a handle of the member's own ended session)", async () => {
    const victim = await createUser();
    const attacker = await createUser();
    const victimPhone = await login(victim, ANDROID_CHROME);
    const handle = sessionHandle(await sidOf(victimPhone));
    const res = await endOne(attacker.cookie, handle);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
    expect(await signedIn(victimPhone)).toBe(victim.id);
    expect(await liveCount(victim.id)).toBe(2);
    expect(await signedIn(attacker.cookie)).toBe(attacker.id);
    // the raw session id is not a handle either
    const raw = await sidOf(victimPhone);
    const byId = await endOne(victim.cookie, raw);
    expect(byId.status).toBe(400);
    expect(await signedIn(victimPhone)).toBe(victim.id);
  });

  it("bad handles (control characters, huge, wrong alphabet, empty-looking) are a clean 4xx {error, code}", async () => {
    const u = await createUser();
    for (const handle of [
      "abc\u0000def",
      "\u001b[31m",
      "x".repeat(100_000),
      "A".repeat(21),
      "A".repeat(23),
      "../../etc",
      "가".repeat(22),
      "%00",
    ]) {
      const res = await endOne(u.cookie, handle);
      expect(res.status, handle.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.status, handle.slice(0, 20)).toBeLessThan(500);
      expect(res.body).toMatchObject({
        error: expect.any(String),
        code: expect.stringMatching(/^(VALIDATION|INVALID_CHARACTERS)$/),
      });
    }
    expect(await signedIn(u.cookie)).toBe(u.id);
  });

  it("D23 a foreign browser origin cannot end sessions (403)", async () => {
    const u = await createUser();
    const phone = await login(u, ANDROID_CHROME);
    const res = await call(endOthersRoute, "POST", "/api/sessions/end-others", {
      cookie: phone,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await signedIn(u.cookie)).toBe(u.id);
  });
});

describe("B15 which events end which sessions", () => {
  it("a password change keeps this session and ends the others", async () => {
    const u = await createUser({ password: "old password 123" });
    const phone = await login(u, ANDROID_CHROME);
    const ipad = await login(u, IPHONE_SAFARI);
    const res = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie: phone,
      params: { userId: u.userId },
      body: { currentPassword: "old password 123", newPassword: "brand new pass 1" },
    });
    expect(res.status).toBe(200);
    const fresh = sessionCookieOf(res.headers) ?? phone;
    expect(await signedIn(fresh)).toBe(u.id);
    expect(await signedIn(ipad)).toBeNull();
    expect(await signedIn(u.cookie)).toBeNull();
    const items = await list(fresh);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ current: true, device: "Chrome · Android" });
  });

  it("deactivation by an administrator ends every session of the member", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();
    const phone = await login(u, ANDROID_CHROME);
    const ipad = await login(u, IPHONE_SAFARI);
    const res = await call(deactivateRoute, "DELETE", `/api/admin/users/${u.id}`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    expect(res.status).toBe(200);
    for (const c of [phone, ipad, u.cookie]) expect(await signedIn(c)).toBeNull();
    expect(await liveCount(u.id)).toBe(0);
  });

  it("demotion (ADMIN → USER) and promotion end every session of the member", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    for (const [from, to] of [
      ["ADMIN", "USER"],
      ["USER", "ADMIN"],
    ] as const) {
      const u = await createUser({ role: from });
      const phone = await login(u, ANDROID_CHROME);
      let res = await call(roleRoute, "PATCH", `/api/admin/users/${u.id}/toggle-role`, {
        cookie: sa.cookie,
        params: { id: String(u.id) },
        body: { role: to, reason: "역할 변경" },
      });
      if (to === "ADMIN") {
        // A promotion is a four-eyes proposal: the change, and the sessions' end, come with the approval.
        expect(res.status).toBe(202);
        for (const c of [phone, u.cookie]) expect(await signedIn(c)).toBe(u.id);
        res = await call(approveRoute, "POST", `/api/admin/proposals/${res.body.proposal.id}/approve`, {
          cookie: sa2.cookie,
          params: { id: String(res.body.proposal.id) },
        });
      }
      expect(res.status).toBe(200);
      for (const c of [phone, u.cookie]) expect(await signedIn(c)).toBeNull();
      expect(await liveCount(u.id)).toBe(0);
    }
  });

  it("administrators' devices idle out after 30 minutes in the list too", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const laptop = await login(admin, IPHONE_SAFARI);
    const db = await getDb();
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = ${admin.id} and id <> ${await sidOf(laptop)}`,
    );
    const items = await list(laptop);
    expect(items).toHaveLength(1);
    expect(items[0]!.current).toBe(true);
  });
});
