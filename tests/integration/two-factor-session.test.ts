/**
 * Two-factor per session, not per account (SECURITY.md I40), through the real route handlers: with ADMIN_2FA=required
 * an administrator's session acts only once IT passed two-factor (a login with a code, or the enrolment made from it)
 * — a password-only session refused with TWO_FACTOR_SETUP_REQUIRED does not start answering 200 because the
 * account enrolled from another device; enrolling needs the current password; turning two-factor on ends every
 * other session of the account.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import * as adminUsersRoute from "@/app/api/admin/users/paginated/route";
import * as login2faRoute from "@/app/api/login/2fa/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as confirmRoute from "@/app/api/two-factor/confirm/route";
import * as enrolRoute from "@/app/api/two-factor/enrol/route";
import * as twoFactorStatusRoute from "@/app/api/two-factor/route";
import { getDb, rowsOf } from "@/db/client";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";
import { cookieFor, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";
import { loginAs, sessionCookieOf } from "./auth-helpers";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const ADMIN_2FA_OF_RUN = process.env.ADMIN_2FA;

afterEach(() => {
  setTestClock(null);
  if (ADMIN_2FA_OF_RUN === undefined) delete process.env.ADMIN_2FA;
  else process.env.ADMIN_2FA = ADMIN_2FA_OF_RUN;
});

type Caller = { cookie: string };

const codeOf = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: now().getTime(),
  });

const adminList = (who: Caller) => call(adminUsersRoute, "GET", "/api/admin/users/paginated", { cookie: who.cookie });

const startEnrolment = (who: Caller, body?: unknown) =>
  call(enrolRoute, "POST", "/api/two-factor/enrol", { cookie: who.cookie, body });

/** A new password-only session (two-factor off) through POST /api/login: another device. */
async function passwordSession(userId: string): Promise<Caller> {
  const res = await loginAs(userId, DEFAULT_PASSWORD);
  expect(res.status).toBe(200);
  return { cookie: sessionCookieOf(res.headers) as string };
}

async function liveSessions(userId: number): Promise<{ two_factor: boolean }[]> {
  return rowsOf<{ two_factor: boolean }>(
    await (await getDb()).execute(
      sql`SELECT two_factor_at IS NOT NULL AS two_factor FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL`,
    ),
  );
}

describe(`two-factor is proven per session (${where})`, () => {
  it("I40 a password-only session stays refused when the account enrols from another session; that one ends", async () => {
    process.env.ADMIN_2FA = "required";
    setTestClock("2031-07-01T00:00:00Z");
    const admin = await createUser({ role: "ADMIN" });
    const laptop = { cookie: admin.cookie };
    const refused = await adminList(laptop);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");

    // Another device signs in with the password and enrols there — the password is asked first.
    const phone = await passwordSession(admin.userId);
    const noPassword = await startEnrolment(phone);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.code).toBe("PASSWORD_REQUIRED");
    const wrong = await startEnrolment(phone, { currentPassword: "not-the-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    expect((await call(twoFactorStatusRoute, "GET", "/api/two-factor", { cookie: phone.cookie })).body.pending).toBe(
      false,
    );
    const start = await startEnrolment(phone, { currentPassword: DEFAULT_PASSWORD });
    expect(start.status).toBe(200);
    const done = await call(confirmRoute, "POST", "/api/two-factor/confirm", {
      cookie: phone.cookie,
      body: { code: codeOf(start.body.manualKey) },
    });
    expect(done.status).toBe(200);

    // The enrolling session acts; the password-only one does not start answering 200: it has ended.
    expect((await adminList(phone)).status).toBe(200);
    const old = await adminList(laptop);
    expect(old.status).not.toBe(200);
    expect(old.status).toBe(401);
    expect(await liveSessions(admin.id)).toEqual([{ two_factor: true }]);

    // A password-only session of the account, however it came to be, is refused although 2FA is on.
    const passwordOnly = { cookie: await cookieFor({ ...admin, sessionVersion: 1 }) };
    const stillRefused = await adminList(passwordOnly);
    expect(stillRefused.status).toBe(403);
    expect(stillRefused.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");

    // A login with the code makes a session that acts.
    advanceTestClock(30_000);
    const password = await loginAs(admin.userId, DEFAULT_PASSWORD);
    expect(password.body).toEqual({ twoFactorRequired: true });
    const pending = password.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c?.startsWith("wld-2fa-pending="));
    const withCode = await call(login2faRoute, "POST", "/api/login/2fa", {
      cookie: pending,
      body: { code: codeOf(start.body.manualKey) },
    });
    expect(withCode.status).toBe(200);
    expect((await adminList({ cookie: sessionCookieOf(withCode.headers) as string })).status).toBe(200);
  });

  it("optional: the password alone still acts; turning two-factor on still ends the other sessions", async () => {
    process.env.ADMIN_2FA = "optional";
    const admin = await createUser({ role: "SUPERADMIN" });
    const other = await passwordSession(admin.userId);
    expect((await adminList(admin)).status).toBe(200);
    const start = await startEnrolment(admin, { currentPassword: DEFAULT_PASSWORD });
    await call(confirmRoute, "POST", "/api/two-factor/confirm", {
      cookie: admin.cookie,
      body: { code: codeOf(start.body.manualKey) },
    });
    expect((await call(sessionsRoute, "GET", "/api/sessions", { cookie: other.cookie })).status).toBe(401);
    expect((await adminList(admin)).status).toBe(200);
    const [enabled] = rowsOf<{ after: { otherSessionsEnded: number } }>(
      await (await getDb()).execute(
        sql`SELECT after FROM audit_log WHERE action = 'two_factor.enable' AND actor_id = ${admin.id}`,
      ),
    );
    expect(enabled?.after).toEqual({ otherSessionsEnded: 1 });
  });

  it("a member's own calls never need a two-factor session", async () => {
    process.env.ADMIN_2FA = "required";
    const member = await createUser();
    expect((await call(sessionsRoute, "GET", "/api/sessions", { cookie: member.cookie })).status).toBe(200);
  });
});
