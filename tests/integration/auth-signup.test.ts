/**
 * Sign-up (the spec's validation rules; DESIGN.md's API conventions and calls table): every rule answers its status,
 * code and exact Korean message, and a refused sign-up changes nothing. Referral links, own codes, sign-up codes, the
 * per-IP limit.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as signupCodesRoute from "@/app/api/admin/signup-codes/route";
import * as signupCodeRoute from "@/app/api/admin/signup-codes/[id]/route";
import * as signupRoute from "@/app/api/signup/route";
import * as refcodeRoute from "@/app/api/users/by-refcode/[code]/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { signupIpLimit } from "@/lib/rate-limit";
import { REFCODE_ALPHABET } from "@/lib/referral";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { auditRows, countUsers, freshIp, loginAs } from "./auth-helpers";

const signup = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  call(signupRoute, "POST", "/api/signup", { body, headers: { "x-forwarded-for": ip, ...headers } });

async function referrer() {
  return createUser({ refCode: `REF${Math.random().toString(36).slice(2, 8).toUpperCase()}` });
}

const valid = (refId: string, over: Record<string, unknown> = {}) => ({
  name: "홍길동",
  userId: `new${Math.random().toString(36).slice(2, 9)}`,
  password: "long enough pass 1",
  bankNumber: "",
  walletAddr: "",
  phone: "",
  refId,
  Cert: "",
  ...over,
});

describe("POST /api/signup", () => {
  it("creates a member with their own unambiguous referral code, the entered code and the referrer link", async () => {
    const ref = await createUser({ refCode: "WELCOME1" });
    const body = valid("welcome1", { phone: "010-1111-2222" });
    const res = await signup(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userId: body.userId });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.userId, body.userId));
    expect(row!.refId).toBe("WELCOME1");
    expect(row!.referrerId).toBe(ref.id);
    expect(row!.role).toBe("USER");
    expect(row!.phone).toBe("010-1111-2222");
    expect(row!.refCode).toMatch(new RegExp(`^[${REFCODE_ALPHABET}]{8}$`));
    expect(row!.refCode).not.toMatch(/[01OIL]/);
    // argon2id at OWASP's pairing: m = 19 MiB, t = 2, p = 1.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(res.text).not.toMatch(/argon2|password/i);
    const events = await auditRows("SIGNUP");
    expect(events.at(-1)).toMatchObject({ actor_id: row!.id, target_user_id: row!.id });
    // and the new member can log in
    expect((await loginAs(body.userId, body.password)).status).toBe(200);
  });

  const rules: [string, (ref: string) => unknown, number, string, string][] = [
    [
      "missing name",
      (r) => valid(r, { name: "" }),
      400,
      "REQUIRED_FIELDS",
      "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    ],
    [
      "blank name",
      (r) => valid(r, { name: "   " }),
      400,
      "REQUIRED_FIELDS",
      "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    ],
    [
      "missing userId",
      (r) => valid(r, { userId: undefined }),
      400,
      "REQUIRED_FIELDS",
      "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    ],
    [
      "missing password",
      (r) => valid(r, { password: "" }),
      400,
      "REQUIRED_FIELDS",
      "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    ],
    [
      "missing referral code",
      () => valid("", {}),
      400,
      "REQUIRED_FIELDS",
      "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    ],
    [
      "userId with a hyphen",
      (r) => valid(r, { userId: "bad-id" }),
      400,
      "INVALID_USERID",
      "아이디는 영문 대소문자와 숫자만 사용할 수 있습니다.",
    ],
    [
      "userId with Hangul",
      (r) => valid(r, { userId: "홍길동" }),
      400,
      "INVALID_USERID",
      "아이디는 영문 대소문자와 숫자만 사용할 수 있습니다.",
    ],
    [
      "userId with a space",
      (r) => valid(r, { userId: "ab cd" }),
      400,
      "INVALID_USERID",
      "아이디는 영문 대소문자와 숫자만 사용할 수 있습니다.",
    ],
    [
      "confirmation differs",
      (r) => valid(r, { passwordConfirm: "something else 1" }),
      400,
      "PASSWORD_MISMATCH",
      "비밀번호가 일치하지 않습니다.",
    ],
    [
      "password of 7 characters",
      (r) => valid(r, { password: "abcdefg" }),
      400,
      "WEAK_PASSWORD",
      "비밀번호는 8자 이상이어야 하며 흔한 비밀번호는 사용할 수 없습니다.",
    ],
    [
      "a most common password",
      (r) => valid(r, { password: "password123" }),
      400,
      "WEAK_PASSWORD",
      "비밀번호는 8자 이상이어야 하며 흔한 비밀번호는 사용할 수 없습니다.",
    ],
    ["unknown referral code", () => valid("NOPE1234"), 404, "INVALID_REFCODE", "유효하지 않은 추천인 코드입니다."],
  ];
  for (const [name, body, status, code, message] of rules) {
    it(`B11 refuses ${name}: ${status} ${code}, nothing stored`, async () => {
      const ref = await referrer();
      const before = await countUsers();
      const res = await signup(body(ref.id ? await codeOf(ref.id) : ""));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code, error: message });
      expect(await countUsers()).toBe(before);
    });
  }

  it("answers the English message under NEXT_LOCALE=en", async () => {
    const res = await call(signupRoute, "POST", "/api/signup", {
      body: valid("", {}),
      cookie: "NEXT_LOCALE=en",
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.body).toMatchObject({
      code: "REQUIRED_FIELDS",
      error: "Fill in every required field. The referral code is required.",
    });
  });

  it("refuses a taken userId case-insensitively with 409, nothing stored", async () => {
    const ref = await referrer();
    const taken = await createUser({ userId: `Taken${Date.now().toString(36)}` });
    const before = await countUsers();
    const res = await signup(valid(await codeOf(ref.id), { userId: taken.userId.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "USERID_TAKEN", error: "이미 사용 중인 아이디입니다." });
    expect(await countUsers()).toBe(before);
  });

  it("B11 accepts long passwords (64, 128 characters) without truncating them", async () => {
    const ref = await referrer();
    for (const len of [64, 128]) {
      const password = `${"x".repeat(len - 1)}Z`;
      const body = valid(await codeOf(ref.id), { password });
      expect((await signup(body)).status).toBe(201);
      expect((await loginAs(body.userId, password.slice(0, -1))).status).toBe(401);
      expect((await loginAs(body.userId, password)).status).toBe(200);
    }
  });

  it("C22 ignores role, CertID, walletAddr and balances in the body (mass assignment)", async () => {
    const ref = await referrer();
    const body = valid(await codeOf(ref.id), {
      role: "SUPERADMIN",
      CertID: true,
      idStatus: "APPROVED",
      walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
      sessionVersion: 99,
      refCode: "MINE1234",
      coins: [{ symbol: "WLD", amount: "1000000" }],
    });
    expect((await signup(body)).status).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.userId, body.userId));
    expect(row).toMatchObject({ role: "USER", idStatus: "NONE", walletAddr: null, sessionVersion: 1 });
    expect(row!.refCode).not.toBe("MINE1234");
  });

  it("limits sign-ups per address: the 21st in an hour is 429 with Retry-After", async () => {
    const ref = await referrer();
    const code = await codeOf(ref.id);
    const ip = freshIp();
    for (let i = 0; i < signupIpLimit().max; i++) expect((await signup(valid(code), ip)).status).toBe(201);
    const before = await countUsers();
    const res = await signup(valid(code), ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countUsers()).toBe(before);
    // another address is not affected
    expect((await signup(valid(code), freshIp())).status).toBe(201);
  });

  it("two parallel sign-ups of the same userId: exactly one wins", async () => {
    const ref = await referrer();
    const code = await codeOf(ref.id);
    const userId = `race${Math.random().toString(36).slice(2, 8)}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => signup(valid(code, { userId }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });
});

describe("GET /api/users/by-refcode/{code}", () => {
  it("answers {ok:true} for a member's code (any case) and 404 INVALID_REFCODE otherwise", async () => {
    const ref = await referrer();
    const code = await codeOf(ref.id);
    const ok = await call(refcodeRoute, "GET", `/api/users/by-refcode/${code}`, {
      params: { code: code.toLowerCase() },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    const bad = await call(refcodeRoute, "GET", "/api/users/by-refcode/NOPE", { params: { code: "NOPE" } });
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ code: "INVALID_REFCODE", error: "유효하지 않은 추천인 코드입니다." });
  });
});

describe("sign-up codes", () => {
  it("an admin issues a code with a use limit; it works until used up or deactivated", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const created = await call(signupCodesRoute, "POST", "/api/admin/signup-codes", {
      cookie: admin.cookie,
      body: { code: "spring25", maxUses: 1, note: "event" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: "SPRING25", maxUses: 1, uses: 0, active: true });
    const check = () => call(refcodeRoute, "GET", "/api/users/by-refcode/SPRING25", { params: { code: "SPRING25" } });
    expect((await check()).status).toBe(200);
    const body = valid("SPRING25");
    expect((await signup(body)).status).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.userId, body.userId));
    expect(row).toMatchObject({ refId: "SPRING25", referrerId: admin.id });
    // used up
    expect((await check()).status).toBe(404);
    expect((await signup(valid("SPRING25"))).status).toBe(404);
    // a code in use cannot be issued twice
    const dup = await call(signupCodesRoute, "POST", "/api/admin/signup-codes", {
      cookie: admin.cookie,
      body: { code: "SPRING25" },
    });
    expect(dup.status).toBe(409);
    // deactivate another one
    const c2 = await call(signupCodesRoute, "POST", "/api/admin/signup-codes", { cookie: admin.cookie, body: {} });
    expect(c2.status).toBe(201);
    const code2 = (c2.body as { code: string; id: number }).code;
    expect((await signup(valid(code2))).status).toBe(201);
    const del = await call(signupCodeRoute, "DELETE", `/api/admin/signup-codes/${c2.body.id}`, {
      cookie: admin.cookie,
      params: { id: String(c2.body.id) },
    });
    expect(del.status).toBe(200);
    expect((await signup(valid(code2))).status).toBe(404);
    const list = await call(signupCodesRoute, "GET", "/api/admin/signup-codes", { cookie: admin.cookie });
    expect(list.body.items.map((i: { code: string }) => i.code)).toEqual(expect.arrayContaining(["SPRING25", code2]));
  });

  it("a code with max_uses 3 under 8 parallel sign-ups admits exactly 3", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const created = await call(signupCodesRoute, "POST", "/api/admin/signup-codes", {
      cookie: admin.cookie,
      body: { code: "THREEONLY", maxUses: 3 },
    });
    expect(created.status).toBe(201);
    const results = await Promise.all(Array.from({ length: 8 }, () => signup(valid("THREEONLY"))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const db = await getDb();
    const [n] = await db
      .execute(sql`select uses from signup_codes where code = 'THREEONLY'`)
      .then((r: any) => (Array.isArray(r) ? r : r.rows));
    expect(Number(n.uses)).toBe(3);
  });
});

async function codeOf(id: number): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ refCode: users.refCode }).from(users).where(eq(users.id, id));
  return row!.refCode;
}
