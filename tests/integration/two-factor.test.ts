/**
 * Two-factor authentication, through the real routes on a real database: enrolment, the
 * login's second step (replay, recovery codes, the 5-minute window, the shared lockout), codes on transfer and
 * withdraw requests, turning it off, an administrator's reset, and ADMIN_2FA=required. Codes are computed with
 * otpauth from the key the enrolment answer shows, at the application clock (lib/clock) the server reads.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import * as adminUsersRoute from "@/app/api/admin/users/paginated/route";
import * as resetRoute from "@/app/api/admin/users/[id]/two-factor-reset/route";
import * as login2faRoute from "@/app/api/login/2fa/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as statusRoute from "@/app/api/two-factor/route";
import * as confirmRoute from "@/app/api/two-factor/confirm/route";
import * as disableRoute from "@/app/api/two-factor/disable/route";
import * as enrolRoute from "@/app/api/two-factor/enrol/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";
import { approvedMember, fund, snapshot, wld } from "../factories/money";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { freshIp, loginAs, sessionCookieOf } from "./auth-helpers";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const STEP = 30_000;
/** vitest.config.ts sets ADMIN_2FA=optional for every other test; these set it per test. */
const ADMIN_2FA_OF_RUN = process.env.ADMIN_2FA;

afterEach(() => {
  setTestClock(null);
  if (ADMIN_2FA_OF_RUN === undefined) delete process.env.ADMIN_2FA;
  else process.env.ADMIN_2FA = ADMIN_2FA_OF_RUN;
});

/** The 6-digit code of `key` (the manual key as shown, spaces and all) at the application clock. */
const codeOf = (key: string, at = now()) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at.getTime(),
  });

/** Into the next 30-second step, so the next code is a new one (a code is accepted once). */
const nextStep = () => advanceTestClock(STEP);

const post = (route: object, path: string, u: { cookie: string } | null, body?: unknown, headers = {}) =>
  call(route, "POST", path, { cookie: u?.cookie, body, headers });

/** Enrols `u` through the routes (the current password first); answers the manual key and the recovery codes. */
async function enrol(u: TestUser) {
  const start = await post(enrolRoute, "/api/two-factor/enrol", u, { currentPassword: u.password });
  expect(start.status).toBe(200);
  const key = start.body.manualKey as string;
  const done = await post(confirmRoute, "/api/two-factor/confirm", u, { code: codeOf(key) });
  expect(done.status).toBe(200);
  return { key, recoveryCodes: done.body.recoveryCodes as string[], start: start.body };
}

/** The pending-login cookie ("name=value") of a password login's answer. */
function pendingCookieOf(headers: Headers): string | undefined {
  for (const c of headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair?.startsWith("wld-2fa-pending=") && pair.length > "wld-2fa-pending=".length) return pair;
  }
  return undefined;
}

/** Password step: 200 { twoFactorRequired: true }, no session, a pending cookie. */
async function passwordStep(u: TestUser, ip = freshIp()) {
  const res = await loginAs(u.userId, u.password, ip);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ twoFactorRequired: true });
  expect(sessionCookieOf(res.headers)).toBeUndefined();
  const pending = pendingCookieOf(res.headers);
  expect(pending).toBeDefined();
  return { pending: pending as string, ip };
}

const codeStep = (pending: string | undefined, code: string, ip = freshIp()) =>
  call(login2faRoute, "POST", "/api/login/2fa", {
    body: { code },
    cookie: pending,
    headers: { "x-forwarded-for": ip },
  });

async function sessionCount(userId: number) {
  const rows = rowsOf<{ n: string }>(
    await (await getDb()).execute(sql`select count(*)::text as n from sessions where user_id = ${userId}`),
  );
  return Number(rows[0]?.n);
}

describe(`two-factor enrolment (${where})`, () => {
  it("start → confirm turns it on; the QR and key are answered once, the secret is stored encrypted, codes hashed", async () => {
    const u = await createUser();
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie })).body).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const { key, recoveryCodes, start } = await enrol(u);
    expect(start.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(start.otpauthUri).toMatch(/^otpauth:\/\/totp\/WLD%20Wallet:.+\?issuer=WLD%20Wallet&secret=[A-Z2-7]+/);
    expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const status = await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie });
    expect(status.body).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect(status.text).not.toContain(key.replace(/\s/g, ""));

    // At rest: neither the secret nor any recovery code in clear.
    const db = await getDb();
    const [row] = rowsOf<{ two_factor_secret: string; two_factor_enabled_at: unknown }>(
      await db.execute(sql`select two_factor_secret, two_factor_enabled_at from users where id = ${u.id}`),
    );
    const plain = key.replace(/\s/g, "");
    expect(row?.two_factor_enabled_at).not.toBeNull();
    expect(row?.two_factor_secret).toBeTruthy();
    expect(row?.two_factor_secret).not.toContain(plain);
    expect(
      Buffer.from(String(row?.two_factor_secret).split(".")[1] ?? "", "base64url").toString("latin1"),
    ).not.toContain(plain);
    const hashes = rowsOf<{ code_hash: string }>(
      await db.execute(sql`select code_hash from two_factor_recovery_codes where user_id = ${u.id}`),
    );
    expect(hashes).toHaveLength(10);
    for (const h of hashes) {
      expect(h.code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const c of recoveryCodes) expect(h.code_hash).not.toContain(c.replace(/-/g, ""));
    }
    // The audit trail never carries the secret either.
    const audit = rowsOf<{ t: string }>(
      await db.execute(sql`select coalesce(after::text, '') as t from audit_log where target_user_id = ${u.id}`),
    );
    for (const a of audit) expect(a.t).not.toContain(plain);
  });

  it("a wrong code leaves it off; while on, a new enrolment is refused (409)", async () => {
    const u = await createUser();
    const start = await post(enrolRoute, "/api/two-factor/enrol", u, { currentPassword: u.password });
    const wrong = String((Number(codeOf(start.body.manualKey)) + 1) % 1_000_000).padStart(6, "0");
    const bad = await post(confirmRoute, "/api/two-factor/confirm", u, { code: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_OTP", error: "인증 코드가 올바르지 않거나 이미 사용되었습니다." });
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie })).body).toMatchObject({
      enabled: false,
      pending: true,
    });
    const en = await call(confirmRoute, "POST", "/api/two-factor/confirm", {
      cookie: u.cookie,
      body: { code: "abc!" },
      headers: { "accept-language": "en" },
    });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe("INVALID_OTP");
    // Confirming with the right code works; starting again while on is refused and changes nothing.
    expect(
      (await post(confirmRoute, "/api/two-factor/confirm", u, { code: codeOf(start.body.manualKey) })).status,
    ).toBe(200);
    const again = await post(enrolRoute, "/api/two-factor/enrol", u, { currentPassword: u.password });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("INVALID_STATE");
  });
});

describe(`login with two-factor (${where})`, () => {
  it("T2 the password alone starts no session; a right code does, once — the same code again is refused (replay)", async () => {
    setTestClock("2031-03-04T05:06:00Z");
    const u = await createUser();
    const { key } = await enrol(u);
    const before = await sessionCount(u.id);

    // The enrolment's own code cannot log in (its step is spent).
    const first = await passwordStep(u);
    const replayOfEnrol = await codeStep(first.pending, codeOf(key));
    expect(replayOfEnrol.status).toBe(400);
    expect(replayOfEnrol.body.code).toBe("INVALID_OTP");

    nextStep();
    const code = codeOf(key);
    // Without the pending cookie the code logs nobody in.
    const orphan = await codeStep(undefined, code);
    expect(orphan.status).toBe(401);
    expect(orphan.body.code).toBe("TWO_FACTOR_EXPIRED");
    expect(await sessionCount(u.id)).toBe(before);

    const ok = await codeStep(first.pending, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ userId: u.userId, role: "USER" });
    const session = sessionCookieOf(ok.headers);
    expect(session).toBeDefined();
    expect(await sessionCount(u.id)).toBe(before + 1);
    // The new session works like a password login's.
    expect((await call(sessionsRoute, "GET", "/api/sessions", { cookie: session })).status).toBe(200);

    // Replay: the same code, with a fresh password step, within its window → refused.
    const second = await passwordStep(u);
    const replay = await codeStep(second.pending, code);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("INVALID_OTP");
    // A code of an earlier step (still inside the drift window) is refused too.
    const older = await codeStep(second.pending, codeOf(key, new Date(now().getTime() - STEP)));
    expect(older.body.code).toBe("INVALID_OTP");
    expect(await sessionCount(u.id)).toBe(before + 1);
  });

  it("T2 a recovery code logs in once; the second use is refused", async () => {
    const u = await createUser();
    const { recoveryCodes } = await enrol(u);
    const [rc] = recoveryCodes;
    const a = await passwordStep(u);
    // Typed in lower case without dashes: still the code.
    const ok = await codeStep(a.pending, rc!.toLowerCase().replace(/-/g, ""));
    expect(ok.status).toBe(200);
    expect(sessionCookieOf(ok.headers)).toBeDefined();
    const b = await passwordStep(u);
    const again = await codeStep(b.pending, rc!);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_OTP");
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie })).body.recoveryCodesLeft).toBe(9);
  });

  it("the pending login expires after 5 minutes (application clock)", async () => {
    setTestClock("2031-03-04T06:00:00Z");
    const u = await createUser();
    const { key } = await enrol(u);
    nextStep();
    const { pending } = await passwordStep(u);
    advanceTestClock(5 * 60_000 + 1_000);
    const late = await codeStep(pending, codeOf(key));
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("TWO_FACTOR_EXPIRED");
    expect(sessionCookieOf(late.headers)).toBeUndefined();
    // Just inside the window it works.
    const fresh = await passwordStep(u);
    advanceTestClock(5 * 60_000 - 1_000);
    const inTime = await codeStep(fresh.pending, codeOf(key));
    expect(inTime.status).toBe(200);
  });

  it("T1 wrong codes count toward the password lockout: after 5 failures even the right code and password are refused", async () => {
    setTestClock("2031-03-04T07:00:00Z");
    const u = await createUser();
    const { key } = await enrol(u);
    nextStep();
    // A right password does not clear earlier failures while 2FA is on.
    expect((await loginAs(u.userId, "wrong-password-1")).status).toBe(401);
    const { pending } = await passwordStep(u);
    const right = codeOf(key);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i++) {
      const r = await codeStep(pending, wrong);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("INVALID_OTP");
    }
    const locked = await codeStep(pending, right);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await loginAs(u.userId, u.password)).status).toBe(429);
    const audited = rowsOf<{ n: string }>(
      await (await getDb()).execute(
        sql`select count(*)::text as n from audit_log where action = 'LOGIN_2FA_FAILURE' and target_user_id = ${u.id}`,
      ),
    );
    expect(Number(audited[0]?.n)).toBe(4);
  });

  it(`T1 parallel guesses at one pending login are judged one after another (${where})`, async () => {
    const u = await createUser();
    await enrol(u);
    const { pending } = await passwordStep(u);
    const rs = await Promise.all(Array.from({ length: 12 }, () => codeStep(pending, "000000")));
    const counts: Record<number, number> = {};
    for (const r of rs) counts[r.status] = (counts[r.status] ?? 0) + 1;
    // Budget 5 per account: at most 5 judged (400), the rest refused unjudged (429). ("000000" could be right
    // with odds of 1 in 333,333 — then one 200 and still at most 5 judged.)
    expect((counts[400] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(7);
  });
});

describe(`transfer and withdraw requests with two-factor on (${where})`, () => {
  it("without a code 403 TWO_FACTOR_REQUIRED, with a wrong one 400 INVALID_OTP — nothing changes; a right one is accepted once", async () => {
    setTestClock("2031-03-04T08:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "50" });
    const { key } = await enrol(u);
    nextStep();
    const before = await snapshot(u.id);
    const body = { coinSymbol: "WLD", amount: "10", type: "TRANSFER" };

    const missing = await post(transferRoute, "/api/transfer-requests", u, body);
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: "TWO_FACTOR_REQUIRED", error: "2단계 인증 코드를 입력해주세요." });
    const right = codeOf(key);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const bad = await post(transferRoute, "/api/transfer-requests", u, { ...body, otp: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_OTP");
    const withdrawBad = await post(transferRoute, "/api/transfer-requests", u, { ...body, type: "WITHDRAW" });
    expect(withdrawBad.body.code).toBe("TWO_FACTOR_REQUIRED");
    expect(await snapshot(u.id)).toEqual(before);

    // A request refused for another reason leaves the code unspent.
    const tooMuch = await post(transferRoute, "/api/transfer-requests", u, { ...body, amount: "1000", otp: right });
    expect(tooMuch.status).toBe(400);
    expect(await snapshot(u.id)).toEqual(before);

    const ok = await post(transferRoute, "/api/transfer-requests", u, { ...body, otp: right });
    expect(ok.status).toBe(201);
    expect(await wld(u.id)).toMatchObject({ staked: "39.8", held: "10.2" });
    // The same code again (a second request): refused, nothing more held.
    const replay = await post(transferRoute, "/api/transfer-requests", u, { ...body, type: "WITHDRAW", otp: right });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("INVALID_OTP");
    expect(await wld(u.id)).toMatchObject({ staked: "39.8", held: "10.2" });

    // A withdraw with the next code works.
    nextStep();
    const withdraw = await post(transferRoute, "/api/transfer-requests", u, {
      ...body,
      type: "WITHDRAW",
      amount: "5",
      otp: codeOf(key),
    });
    expect(withdraw.status).toBe(201);
    await expectLedgerConsistent();
  });

  it("a retry with the same Idempotency-Key replays the first answer even though its code is spent", async () => {
    setTestClock("2031-03-04T09:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "30" });
    const { key } = await enrol(u);
    nextStep();
    const body = { amount: "10", otp: codeOf(key) };
    const headers = { "idempotency-key": `2fa-retry-${u.id}` };
    const first = await post(transferRoute, "/api/transfer-requests", u, body, headers);
    expect(first.status).toBe(201);
    const retry = await post(transferRoute, "/api/transfer-requests", u, body, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await wld(u.id)).toMatchObject({ staked: "19.8", held: "10.2" });
    await expectLedgerConsistent();
  });

  it.runIf(onPostgres())("T2 parallel requests with one code: exactly one is accepted (PostgreSQL)", async () => {
    setTestClock("2031-03-04T10:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const { key } = await enrol(u);
    nextStep();
    const otp = codeOf(key);
    const rs = await Promise.all(
      Array.from({ length: 6 }, () => post(transferRoute, "/api/transfer-requests", u, { amount: "5", otp })),
    );
    const statuses = rs.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of rs.filter((x) => x.status !== 201))
      expect(["INVALID_OTP", "DUPLICATE_PENDING"]).toContain(r.body.code);
    expect(await wld(u.id)).toMatchObject({ staked: "94.8", held: "5.2" });
    await expectLedgerConsistent();
  });

  it("a member without two-factor needs no code (unchanged)", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "20" });
    expect((await post(transferRoute, "/api/transfer-requests", u, { amount: "5" })).status).toBe(201);
  });
});

describe(`turning two-factor off (${where})`, () => {
  it("B16 needs the current password AND a code; then it is off, the codes are gone and money requests cool down", async () => {
    setTestClock("2031-03-04T11:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "20" });
    const { key } = await enrol(u);
    nextStep();
    const noPassword = await post(disableRoute, "/api/two-factor/disable", u, {
      currentPassword: "wrong-password-1",
      code: codeOf(key),
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.code).toBe("WRONG_PASSWORD");
    const noCode = await post(disableRoute, "/api/two-factor/disable", u, {
      currentPassword: DEFAULT_PASSWORD,
      code: "123",
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe("INVALID_OTP");
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie })).body.enabled).toBe(true);

    const off = await post(disableRoute, "/api/two-factor/disable", u, {
      currentPassword: DEFAULT_PASSWORD,
      code: codeOf(key),
    });
    expect(off.status).toBe(200);
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie })).body).toMatchObject({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const db = await getDb();
    const [row] = rowsOf<{ s: string | null; until: unknown }>(
      await db.execute(sql`select two_factor_secret as s, money_cooldown_until as until from users where id = ${u.id}`),
    );
    expect(row?.s).toBeNull();
    expect(row?.until).not.toBeNull();
    const codes = rowsOf<{ n: string }>(
      await db.execute(sql`select count(*)::text as n from two_factor_recovery_codes where user_id = ${u.id}`),
    );
    expect(codes[0]?.n).toBe("0");
    // The password alone logs in again.
    expect(sessionCookieOf((await loginAs(u.userId, u.password)).headers)).toBeDefined();
    // No code is asked any more, and transfers wait out the 24-hour cool-down; the member was told both times.
    const t = await post(transferRoute, "/api/transfer-requests", u, { amount: "5" });
    expect(t.status).toBe(403);
    expect(t.body.code).toBe("COOLDOWN");
    const told = rowsOf<{ change: string }>(
      await db.execute(
        sql`select params->>'change' as change from notifications where user_id = ${u.id} and kind = 'two_factor_changed' order by id`,
      ),
    );
    expect(told.map((n) => n.change)).toEqual(["ENABLED", "DISABLED"]);
  });

  it("a SUPERADMIN resets a member's two-factor; an ADMIN cannot", async () => {
    process.env.ADMIN_2FA = "optional";
    const u = await createUser();
    await enrol(u);
    const admin = await createUser({ role: "ADMIN" });
    const superadmin = await createUser({ role: "SUPERADMIN" });
    const patch = (who: TestUser) =>
      call(resetRoute, "PATCH", `/api/admin/users/${u.id}/two-factor-reset`, {
        cookie: who.cookie,
        params: { id: String(u.id) },
      });
    expect((await patch(admin)).status).toBe(403);
    const r = await patch(superadmin);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ userId: u.userId, reset: true });
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: u.cookie })).body.enabled).toBe(false);
  });
});

describe(`ADMIN_2FA (${where})`, () => {
  it("required: an administrator without two-factor gets 403 TWO_FACTOR_SETUP_REQUIRED from admin calls until enrolled", async () => {
    process.env.ADMIN_2FA = "required";
    const admin = await createUser({ role: "ADMIN" });
    const list = () => call(adminUsersRoute, "GET", "/api/admin/users/paginated", { cookie: admin.cookie });
    const refused = await list();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "TWO_FACTOR_SETUP_REQUIRED",
      error: "관리자는 2단계 인증을 먼저 설정해야 합니다.",
    });
    // Enrolment itself stays reachable.
    await enrol(admin);
    expect((await list()).status).toBe(200);
  });

  it("unset, it is required with a server database and optional embedded; optional lets the password alone act", async () => {
    const admin = await createUser({ role: "SUPERADMIN" });
    const list = () => call(adminUsersRoute, "GET", "/api/admin/users/paginated", { cookie: admin.cookie });
    delete process.env.ADMIN_2FA;
    expect((await list()).status).toBe(onPostgres() ? 403 : 200);
    process.env.ADMIN_2FA = "optional";
    expect((await list()).status).toBe(200);
    // A member's own calls never need it.
    const member = await createUser();
    process.env.ADMIN_2FA = "required";
    expect((await call(statusRoute, "GET", "/api/two-factor", { cookie: member.cookie })).status).toBe(200);
  });
});
