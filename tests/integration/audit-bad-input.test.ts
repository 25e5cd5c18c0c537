/**
 * Audit finding 11 (bad input reaches the logs or answers 500) and "every form gets its own message":
 * control characters in bodies, queries and paths answer 4xx; error logs carry codes and the request id,
 * never SQL text or parameters; malformed cookies and double-decoded paths are not server errors; the
 * client's x-request-id is kept only when it is a short safe token.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as productsRoute from "@/app/api/admin/staking-products/route";
import * as recordsRoute from "@/app/api/admin/staking/records/route";
import * as phoneRoute from "@/app/api/admin/users/[id]/phone/route";
import * as adminRefCodeRoute from "@/app/api/admin/users/[id]/ref-code/route";
import * as rejectIdRoute from "@/app/api/admin/users/[id]/reject-id/route";
import * as paginatedRoute from "@/app/api/admin/users/paginated/route";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import * as loginRoute from "@/app/api/login/route";
import * as signupRoute from "@/app/api/signup/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import * as refcodeRoute from "@/app/api/users/by-id/[userId]/refcode/route";
import * as referrerRoute from "@/app/api/users/by-id/[userId]/referrer/route";
import * as profileRoute from "@/app/api/users/by-id/[userId]/route";
import * as walletAddrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import * as byRefcodeRoute from "@/app/api/users/by-refcode/[code]/route";
import { getDb, rowsOf } from "@/db/client";
import { toAppError } from "@/lib/api/handler";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { streamLines } from "../support/log-lines";
import { countUsers, freshIp } from "./auth-helpers";

const NUL = "\u0000";
const ADDR = "0x52908400098527886E0F7030069857D2E4169EE7";

/** Everything the log writes to stderr (warn and error) while `fn` runs. */
async function logsOf(fn: () => Promise<unknown>): Promise<string> {
  return (await streamLines(fn, ["stderr"])).join("\n");
}

afterEach(() => vi.restoreAllMocks());

const signup = (over: Record<string, unknown>, refId: string) =>
  call(signupRoute, "POST", "/api/signup", {
    body: {
      name: "홍길동",
      userId: `n${Math.random().toString(36).slice(2, 9)}`,
      password: "long enough pass 1",
      refId,
      ...over,
    },
    headers: { "x-forwarded-for": freshIp() },
  });

describe("D25 control characters answer 4xx, and nothing about them reaches the log", () => {
  it.each(["name", "userId", "password", "phone", "refId"])(
    "a NUL byte in sign-up's %s → 400 INVALID_CHARACTERS, no member created, no log line",
    async (field) => {
      const ref = await createUser();
      const users = await countUsers();
      let res: Awaited<ReturnType<typeof signup>> | undefined;
      const logs = await logsOf(async () => {
        res = await signup({ [field]: `ab${NUL}cd12345678` }, field === "refId" ? `x${NUL}` : await refOf(ref.id));
      });
      expect(res!.status).toBe(400);
      expect(res!.body).toMatchObject({
        code: "INVALID_CHARACTERS",
        error: "입력값에 사용할 수 없는 문자가 있습니다.",
      });
      expect(await countUsers()).toBe(users);
      expect(logs).toBe("");
    },
  );

  it("escape sequences and C1 controls are refused too; a multi-line rejection reason keeps its line breaks", async () => {
    const ref = await createUser();
    const code = await refOf(ref.id);
    for (const bad of ["\u001b[31mred", "a\u0085b", "a\u007fb", "line\nbreak"]) {
      const r = await signup({ name: bad }, code);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.code).toBe("INVALID_CHARACTERS");
    }
    const admin = await createUser({ role: "ADMIN" });
    const m = await createUser({ idStatus: "PENDING" });
    const r = await call(rejectIdRoute, "PATCH", `/api/admin/users/${m.id}/reject-id`, {
      body: { reason: "사진이 흐립니다.\n다시 올려주세요.\t감사합니다." },
      cookie: admin.cookie,
      params: { id: String(m.id) },
    });
    expect(r.status).not.toBe(400);
    expect(r.status).toBeLessThan(500);
  });

  it("a NUL byte in a new password → 400, and the argon2 hash never reaches a log", async () => {
    const u = await createUser();
    let res: Awaited<ReturnType<typeof call<{ code: string }>>> | undefined;
    const logs = await logsOf(async () => {
      res = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
        body: {
          currentPassword: DEFAULT_PASSWORD,
          newPassword: `new pass ${NUL} 123`,
          newPasswordConfirm: `new pass ${NUL} 123`,
        },
        cookie: u.cookie,
        params: { userId: u.userId },
      });
    });
    expect(res!.status).toBe(400);
    expect(res!.body.code).toBe("INVALID_CHARACTERS");
    expect(logs).not.toMatch(/argon2|params|select|insert|update/i);
  });

  it("a NUL byte in a query parameter → 400 (admin member search, staking records, history paging)", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();
    const logs = await logsOf(async () => {
      for (const [route, url, params] of [
        [paginatedRoute, "/api/admin/users/paginated?search=a%00b", {}],
        [paginatedRoute, "/api/admin/users/paginated?phone=%00", {}],
        [recordsRoute, "/api/admin/staking/records?member=a%00b", {}],
        [txRoute, `/api/transactions/by-id/${u.userId}?page=1&x=%00`, { userId: u.userId }],
      ] as const) {
        const r = await call(route, "GET", url, { cookie: admin.cookie, params: params as Record<string, string> });
        expect(r.status, url).toBe(400);
        expect(r.body.code, url).toBe("INVALID_CHARACTERS");
      }
    });
    expect(logs).toBe("");
  });

  it("a NUL byte in a path segment → 4xx, never 500 (member handle, referral code)", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const logs = await logsOf(async () => {
      const p = await call(profileRoute, "GET", "/api/users/by-id/a%00b", {
        cookie: admin.cookie,
        params: { userId: `a${NUL}b` },
      });
      expect(p.status).toBeGreaterThanOrEqual(400);
      expect(p.status).toBeLessThan(500);
      const c = await call(byRefcodeRoute, "GET", "/api/users/by-refcode/a%00b", {
        params: { code: `a${NUL}b` },
        headers: { "x-forwarded-for": freshIp() },
      });
      expect(c.status).toBeGreaterThanOrEqual(400);
      expect(c.status).toBeLessThan(500);
    });
    expect(logs).not.toMatch(/select|params/i);
  });
});

describe("D25 paths and cookies that used to answer 500", () => {
  it("/api/users/by-refcode/%25 (Next hands the route '%') → 404 INVALID_REFCODE, not a second decode's 500", async () => {
    for (const code of ["%", "%E0%A4%A", "100%"]) {
      const r = await call(byRefcodeRoute, "GET", `/api/users/by-refcode/${encodeURIComponent(code)}`, {
        params: { code },
        headers: { "x-forwarded-for": freshIp() },
      });
      expect(r.status, code).toBe(404);
      expect(r.body.code).toBe("INVALID_REFCODE");
    }
  });

  it("a malformed cookie on /api/auth/* is no cookie: csrf, providers and session answer 200", async () => {
    for (const path of ["csrf", "providers", "session"]) {
      const r = await call(authRoute, "GET", `/api/auth/${path}`, {
        cookie: "next-auth.csrf-token=%E0%A4%A; next-auth.callback-url=%; next-auth.session-token=%zz",
        params: { nextauth: [path] } as never,
      });
      expect(r.status, path).toBe(200);
    }
  });
});

describe("G32 x-request-id and error logs", () => {
  async function loginRequestId(header: string | undefined) {
    const u = await createUser();
    const r = await call(loginRoute, "POST", "/api/login", {
      body: { userId: u.userId, password: DEFAULT_PASSWORD },
      headers: { "x-forwarded-for": freshIp(), ...(header === undefined ? {} : { "x-request-id": header }) },
    });
    expect(r.status).toBe(200);
    const db = await getDb();
    const rows = rowsOf<{ request_id: string | null }>(
      await db.execute(
        sql`select request_id from audit_log where action = 'LOGIN_SUCCESS' and target_user_id = ${u.id} order by id desc limit 1`,
      ),
    );
    return rows[0]?.request_id;
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("a short token of safe characters is kept; anything else is replaced by a fresh UUID", async () => {
    expect(await loginRequestId("req-42_a.b")).toBe("req-42_a.b");
    expect(await loginRequestId(undefined)).toMatch(UUID);
    for (const bad of ["a b", "<script>", 'a"},{"level":"info', "x".repeat(65), "\u00e9t\u00e9", "a;b"])
      expect(await loginRequestId(bad), bad).toMatch(UUID);
  });

  it("an internal error is logged with its name, SQLSTATE and request id, never its message (SQL text, parameters)", async () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_user_id_key"'), {
      code: "23505",
      constraint_name: "users_user_id_key",
    });
    const drizzleLike = Object.assign(
      new Error(
        'Failed query: insert into "users" ("user_id", "password_hash") values ($1, $2)\nparams: bob,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      ),
      { name: "DrizzleQueryError", cause },
    );
    let answer: { code: string } | undefined;
    const logs = await logsOf(async () => {
      answer = toAppError(drizzleLike, "req-7");
    });
    expect(answer!.code).toBe("INTERNAL");
    const line = JSON.parse(logs);
    expect(line).toMatchObject({ level: "error", requestId: "req-7" });
    expect(line.error).toEqual([
      { name: "DrizzleQueryError" },
      { name: "Error", code: "23505", constraint: "users_user_id_key" },
    ]);
    expect(logs).not.toMatch(/argon2|bob|insert|params|duplicate/);
    expect(line.frames.length).toBeGreaterThan(0);
  });

  it("a value the database cannot store (SQLSTATE 22021) is the client's input: 400 INVALID_CHARACTERS, no log", async () => {
    const db = await getDb();
    let answer: { code: string; status: number } | undefined;
    const logs = await logsOf(async () => {
      try {
        await db.execute(sql`select ${`a${NUL}b`}::text as t`);
        answer = { code: "none", status: 0 };
      } catch (e) {
        answer = toAppError(e, "req-8");
      }
    });
    expect(answer).toMatchObject({ code: "INVALID_CHARACTERS", status: 400 });
    expect(logs).toBe("");
  });
});

describe("every form answers its own message", () => {
  it.each([
    ["login without a password", "LOGIN_REQUIRED", "아이디와 비밀번호를 모두 입력해주세요."],
    [
      "wallet address without the current password",
      "WALLET_FIELDS_REQUIRED",
      "네트워크, 거래소, 지갑 주소, 현재 비밀번호를 모두 입력해주세요.",
    ],
    [
      "wallet address with an empty part",
      "WALLET_FIELDS_REQUIRED",
      "네트워크, 거래소, 지갑 주소, 현재 비밀번호를 모두 입력해주세요.",
    ],
    ["password change without the new password", "PASSWORD_REQUIRED", "비밀번호를 올바르게 입력해주세요."],
    ["referrer without a code", "REFCODE_REQUIRED", "추천인 코드를 입력해주세요."],
    ["own referral code empty", "REFCODE_REQUIRED", "추천인 코드를 입력해주세요."],
    ["admin phone empty", "PHONE_REQUIRED", "전화번호를 입력해주세요."],
    ["admin referral code empty", "REFCODE_REQUIRED", "추천인 코드를 입력해주세요."],
    ["ID rejection without a reason", "REASON_REQUIRED", "반려 사유를 입력해주세요."],
    ["staking product without a name", "PRODUCT_NAME_REQUIRED", "상품 이름을 입력해주세요."],
    [
      "sign-up without a referral code",
      "REQUIRED_FIELDS",
      "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    ],
  ])("%s → 400 %s", async (form, code, message) => {
    const u = await createUser();
    const admin = await createUser({ role: "SUPERADMIN" });
    const member = { cookie: u.cookie, params: { userId: u.userId } };
    const adminOn = (id: number) => ({ cookie: admin.cookie, params: { id: String(id) } });
    const send: Record<string, () => ReturnType<typeof call>> = {
      "login without a password": () =>
        call(loginRoute, "POST", "/api/login", {
          body: { userId: u.userId },
          headers: { "x-forwarded-for": freshIp() },
        }),
      "wallet address without the current password": () =>
        call(walletAddrRoute, "POST", "/x", { ...member, body: { walletAddr: `OP|Upbit|${ADDR}` } }),
      "wallet address with an empty part": () =>
        call(walletAddrRoute, "POST", "/x", {
          ...member,
          body: { walletAddr: `OP||${ADDR}`, currentPassword: DEFAULT_PASSWORD },
        }),
      "password change without the new password": () =>
        call(passwordRoute, "PATCH", "/x", { ...member, body: { currentPassword: DEFAULT_PASSWORD } }),
      "referrer without a code": () => call(referrerRoute, "POST", "/x", { ...member, body: { refCode: " " } }),
      "own referral code empty": () => call(refcodeRoute, "PATCH", "/x", { ...member, body: {} }),
      "admin phone empty": () => call(phoneRoute, "PATCH", "/x", { ...adminOn(u.id), body: { phone: "" } }),
      "admin referral code empty": () =>
        call(adminRefCodeRoute, "PATCH", "/x", { ...adminOn(u.id), body: { refCode: "" } }),
      "ID rejection without a reason": () => call(rejectIdRoute, "PATCH", "/x", { ...adminOn(u.id), body: {} }),
      "staking product without a name": () =>
        call(productsRoute, "POST", "/x", { cookie: admin.cookie, body: { coinSymbol: "WLD", annualRate: "5" } }),
      "sign-up without a referral code": () => signup({ refId: "" }, ""),
    };
    const r = await send[form]!();
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code, error: message });
  });

  it("the English texts are complete", async () => {
    const u = await createUser();
    const r = await call(walletAddrRoute, "POST", "/x", {
      cookie: `${u.cookie}; NEXT_LOCALE=en`,
      params: { userId: u.userId },
      body: { walletAddr: `OP|Upbit|${ADDR}` },
    });
    expect(r.body).toMatchObject({
      code: "WALLET_FIELDS_REQUIRED",
      error: "Enter the network, exchange, wallet address and your current password.",
    });
  });
});

async function refOf(id: number): Promise<string> {
  const db = await getDb();
  const rows = rowsOf<{ ref_code: string }>(await db.execute(sql`select ref_code from users where id = ${id}`));
  return rows[0]!.ref_code;
}
