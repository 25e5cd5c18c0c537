/**
 * The server's rules behind the forms, through the real route handlers:
 * - a new password equal to the current one: 400 SAME_PASSWORD on the field, nothing changes, no cool-down;
 * - a phone is a Korean number, stored as `010-2345-6789` whatever the spelling (sign-up and the console's edit);
 *   migration 0022 gives existing rows that form; the admin search finds a member by either spelling;
 * - a locked login answers 429 LOGIN_LOCKED with when it opens (ISO and KST), in both languages.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as loginRoute from "@/app/api/login/route";
import * as phoneRoute from "@/app/api/admin/users/[id]/phone/route";
import * as listRoute from "@/app/api/admin/users/paginated/route";
import * as signupRoute from "@/app/api/signup/route";
import * as statusRoute from "@/app/api/users/[userId]/withdraw-status/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { getDb, rowsOf } from "@/db/client";
import { users } from "@/db/schema";
import { phoneSearchDigits } from "@/db/queries/members";
import { normaliseKoreanPhone } from "@/lib/phone";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";
import { auditRows, freshIp, loginAs } from "./auth-helpers";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const exec = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await (await getDb()).execute(q));
const tag = () => Math.random().toString(36).slice(2, 8);

const changePassword = (u: TestUser, body: unknown, cookie = u.cookie) =>
  call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, { cookie, params: { userId: u.userId }, body });

const signup = (over: Record<string, unknown>) =>
  call(signupRoute, "POST", "/api/signup", {
    body: {
      name: "홍길동",
      userId: `ph${tag()}${tag()}`,
      password: "long enough pass 1",
      phone: "",
      refId: "WELCOME1",
      ...over,
    },
    headers: { "x-forwarded-for": freshIp() },
  });

async function phoneOf(userId: string) {
  const [row] = await (await getDb()).select({ phone: users.phone }).from(users).where(eq(users.userId, userId));
  return row?.phone;
}

describe(`a new password equal to the current one (${kind})`, () => {
  it("is refused with SAME_PASSWORD on the field before anything changes: no cool-down, no audit, sessions kept", async () => {
    const u = await createUser();
    const [before] = await (await getDb())
      .select({ hash: users.passwordHash, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, u.id));
    const audits = (await auditRows("PASSWORD_CHANGE")).length;

    const res = await changePassword(u, { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "SAME_PASSWORD",
      field: "newPassword",
      error: "새 비밀번호가 현재 비밀번호와 같습니다. 다른 비밀번호를 입력해주세요.",
    });
    const en = await changePassword(
      u,
      { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD },
      `${u.cookie}; NEXT_LOCALE=en`,
    );
    expect(en.body.error).toBe("The new password is your current password. Choose a different one.");

    const [after] = await (await getDb())
      .select({ hash: users.passwordHash, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, u.id));
    expect(after).toEqual(before);
    expect((await auditRows("PASSWORD_CHANGE")).length).toBe(audits);
    // no 24-hour cool-down started: sending stays open, and the session still answers
    const status = await call(statusRoute, "GET", `/api/users/${u.userId}/withdraw-status`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ cooldownUntil: null });
  });

  it("a wrong current password is still WRONG_PASSWORD; a different new password still changes it", async () => {
    const u = await createUser();
    const wrong = await changePassword(u, { currentPassword: "not-the-password-1", newPassword: "not-the-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    const ok = await changePassword(u, { currentPassword: DEFAULT_PASSWORD, newPassword: "A-different-one-42" });
    expect(ok.status).toBe(200);
  });
});

describe("Korean phone numbers (lib/phone.ts)", () => {
  it.each([
    ["01023456789", "010-2345-6789"],
    ["010-2345-6789", "010-2345-6789"],
    ["010 2345 6789", "010-2345-6789"],
    ["010.2345.6789", "010-2345-6789"],
    ["+82 10-2345-6789", "010-2345-6789"],
    ["+82 (0)10 2345 6789", "010-2345-6789"],
    ["821023456789", "010-2345-6789"],
    ["011-234-5678", "011-234-5678"],
    ["0191234567", "019-123-4567"],
    ["02-123-4567", "02-123-4567"],
    ["0212345678", "02-1234-5678"],
    ["031-123-4567", "031-123-4567"],
    ["064 1234 5678", "064-1234-5678"],
    ["070-1234-5678", "070-1234-5678"],
  ])("%s → %s", (typed, stored) => expect(normaliseKoreanPhone(typed)).toBe(stored));

  it.each([
    "010-234-5678", // 010 takes 8 digits
    "0102345678901",
    "012-3456-7890",
    "015-123-4567",
    "030-123-4567",
    "1588-1234",
    "+1 415 555 0100",
    "010-2345-678a",
    "phone",
    "",
  ])("%s is refused", (typed) => expect(normaliseKoreanPhone(typed)).toBeNull());

  it("a search term of digits and separators becomes its digits; anything else stays as typed", () => {
    expect(phoneSearchDigits("010-2345-6789")).toBe("01023456789");
    expect(phoneSearchDigits(" 2345 6789 ")).toBe("23456789");
    expect(phoneSearchDigits("+82 10-2345")).toBe("0102345");
    expect(phoneSearchDigits("김")).toBeNull();
    expect(phoneSearchDigits("--")).toBeNull();
  });
});

describe(`phone at sign-up and in the console (${kind})`, () => {
  it("sign-up stores one form, leaves an empty phone NULL and refuses a non-Korean number on the field", async () => {
    await createUser({ refCode: "WELCOME1" });
    const a = await signup({ userId: `pa${tag()}`, phone: "01098765432" });
    expect(a.status).toBe(201);
    expect(await phoneOf(a.body.userId)).toBe("010-9876-5432");
    const b = await signup({ userId: `pb${tag()}`, phone: " +82 10 9876 5433 " });
    expect(b.status).toBe(201);
    expect(await phoneOf(b.body.userId)).toBe("010-9876-5433");
    const c = await signup({ userId: `pc${tag()}`, phone: "" });
    expect(c.status).toBe(201);
    expect(await phoneOf(c.body.userId)).toBeNull();

    const userId = `pd${tag()}`;
    const bad = await signup({ userId, phone: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: "INVALID_PHONE",
      field: "phone",
      error: "전화번호 형식이 올바르지 않습니다. 010-1234-5678처럼 입력해주세요.",
    });
    expect(await phoneOf(userId)).toBeUndefined();
  });

  it("an administrator's edit stores the same form; a bad number is INVALID_PHONE and changes nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const edit = (phone: string) =>
      call(phoneRoute, "PATCH", `/api/admin/users/${m.id}/phone`, {
        cookie: admin.cookie,
        params: { id: String(m.id) },
        body: { phone },
      });
    expect((await edit("010 1111 2222")).status).toBe(200);
    expect(await phoneOf(m.userId)).toBe("010-1111-2222");
    const bad = await edit("010-1111");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_PHONE");
    expect((await edit("")).body.code).toBe("PHONE_REQUIRED");
    expect(await phoneOf(m.userId)).toBe("010-1111-2222");
  });

  it("the admin search finds a member by 01023456789, 010-2345-6789 and a fragment of either", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const mid = String(1000 + Math.floor(Math.random() * 9000));
    const last = String(1000 + Math.floor(Math.random() * 9000));
    const m = await createUser();
    await exec(sql`UPDATE users SET phone = ${`010-${mid}-${last}`} WHERE id = ${m.id}`);
    const find = async (term: string) => {
      const r = await call(listRoute, "GET", `/api/admin/users/paginated?phone=${encodeURIComponent(term)}&limit=100`, {
        cookie: admin.cookie,
      });
      expect(r.status).toBe(200);
      return (r.body.users as { userId: string }[]).map((u) => u.userId);
    };
    for (const term of [`010${mid}${last}`, `010-${mid}-${last}`, `${mid}${last}`, `${mid}-${last}`, `+82 10 ${mid}`])
      expect(await find(term), term).toContain(m.userId);
    expect(await find(`010-${mid}-${last}9`)).not.toContain(m.userId);
  });

  it("migration 0022 gives existing rows the stored form and leaves what is not a Korean number as it was", async () => {
    const rows: [string, string | null][] = [
      ["01023456789", "010-2345-6789"],
      ["010 2345 6789", "010-2345-6789"],
      ["+82 10-2345-6789", "010-2345-6789"],
      ["02.123.4567", "02-123-4567"],
      ["0311234567", "031-123-4567"],
      ["010-2345-6789", "010-2345-6789"],
      ["  ", null],
      ["ask at desk", "ask at desk"],
      ["12345", "12345"],
    ];
    const t = tag();
    const ids: number[] = [];
    for (const [i, [phone]] of rows.entries()) {
      const [r] = await exec(sql`INSERT INTO users (user_id, name, password_hash, ref_code, phone)
        VALUES (${`mig${t}${i}`}, 'x', 'x', ${`MIG${t}${i}`.toUpperCase()}, ${phone}) RETURNING id`);
      ids.push(Number(r!.id));
    }
    const file = path.join(process.cwd(), "db/migrations/0022_phone_normalised.sql");
    const db = await getDb();
    for (const statement of fs.readFileSync(file, "utf8").split("--> statement-breakpoint"))
      if (statement.trim()) await db.execute(sql.raw(statement));
    for (const [i, [, want]] of rows.entries()) {
      const [r] = await exec(sql`SELECT phone FROM users WHERE id = ${ids[i]!}`);
      expect(r!.phone, rows[i]![0]).toBe(want);
    }
    // the search's expression index exists
    const idx = await exec(sql`SELECT indexname FROM pg_indexes WHERE indexname = 'users_phone_digits_trgm_idx'`);
    expect(idx).toHaveLength(1);
  });
});

describe(`a locked login says when it opens (${kind})`, () => {
  it("the sixth attempt answers 429 LOGIN_LOCKED with opensAt and the KST time in the message, ko and en", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) expect((await loginAs(u.userId, `wrong-${i}-password`)).status).toBe(401);
    const started = Date.now();
    const locked = await loginAs(u.userId, DEFAULT_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("LOGIN_LOCKED");
    const retry = Number(locked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    const opensAt = new Date(locked.body.opensAt as string).getTime();
    expect(Math.abs(opensAt - (started + retry * 1000))).toBeLessThan(5_000);
    expect(opensAt - started).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    // shown to the minute, rounded up, in Korea time
    const shown = new Date(Math.ceil(opensAt / 60_000) * 60_000 + 9 * 3_600_000).toISOString();
    const kst = `${shown.slice(0, 10)} ${shown.slice(11, 16)} KST`;
    expect(locked.body.opensAtKst).toBe(kst);
    expect(locked.body.error).toBe(`로그인 실패가 너무 많습니다. ${kst}부터 다시 로그인할 수 있습니다.`);

    const en = await call(loginRoute, "POST", "/api/login", {
      body: { userId: u.userId, password: DEFAULT_PASSWORD },
      cookie: "NEXT_LOCALE=en",
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(en.status).toBe(429);
    expect(en.body.error).toMatch(
      /^Too many failed logins\. You can log in again from \d{4}-\d\d-\d\d \d\d:\d\d KST\.$/,
    );
  });
});
