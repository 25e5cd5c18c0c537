/**
 * Maintenance per feature (lib/maintenance), through the real route handlers: an administrator pauses one feature
 * and only that member action answers 503 MAINTENANCE { feature, until, reason } in the member's language; every other
 * action, an administrator acting for the member and the console keep working; pausing and resuming are audited and
 * publish notices; resuming lifts it at once; an expected end that passes lifts nothing; the input is validated.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as resumeRoute from "@/app/api/admin/maintenance/[id]/resume/route";
import * as adminRoute from "@/app/api/admin/maintenance/route";
import * as membersRoute from "@/app/api/admin/users/paginated/route";
import * as loginRoute from "@/app/api/login/route";
import * as publicRoute from "@/app/api/maintenance/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as signupRoute from "@/app/api/signup/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { getDb, rowsOf } from "@/db/client";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { FEATURES, type Feature } from "@/lib/maintenance/features";
import { askTransfer } from "../factories/transfer-requests";
import { approvedMember, ERC20_WALLET, fund, OP_WALLET, setFreshWldPrice } from "../factories/money";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

afterEach(() => setTestClock(null));

const pause = (admin: TestUser, body: Record<string, unknown>) =>
  call(adminRoute, "POST", "/api/admin/maintenance", { cookie: admin.cookie, body });
const pauseOk = async (admin: TestUser, feature: Feature, until = inHours(2)) => {
  const r = await pause(admin, {
    feature,
    reasonKo: `${feature} 서버 교체`,
    reasonEn: `${feature} server swap`,
    until,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.pause as { id: number; noticeId: number };
};
const resume = (admin: TestUser, id: number | string) =>
  call(resumeRoute, "POST", `/api/admin/maintenance/${id}/resume`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

const withLocale = (cookie: string, locale: string) => `${cookie}; NEXT_LOCALE=${locale}`;
const swap = (u: TestUser, locale = "ko", cookie = u.cookie) =>
  call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
    cookie: withLocale(cookie, locale),
    params: { userId: u.userId },
    body: { amount: "1" },
  });
const buy = (u: TestUser) =>
  call(depositRoute, "POST", "/api/requests/deposit", { cookie: u.cookie, body: { coinSymbol: "WLD", amount: 10000 } });
let ipSeq = 0;
const signup = (refId: string, locale = "ko") =>
  call(signupRoute, "POST", "/api/signup", {
    headers: { "x-forwarded-for": `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`, cookie: `NEXT_LOCALE=${locale}` },
    body: {
      name: "홍길동",
      userId: `m${Math.random().toString(36).slice(2, 10)}`,
      password: "long enough pass 1",
      phone: "",
      refId,
    },
  });
const login = (u: { userId: string }, password = DEFAULT_PASSWORD, locale = "ko") =>
  call(loginRoute, "POST", "/api/login", {
    headers: { "x-forwarded-for": `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`, cookie: `NEXT_LOCALE=${locale}` },
    body: { userId: u.userId, password },
  });

async function sender(wallet = OP_WALLET) {
  const u = await approvedMember(wallet);
  await fund(u.id, { holding: "10", staked: "50" });
  return u;
}

/** Every guarded member action, each on a fresh member: its status. */
async function tryAll(refCode: string): Promise<Record<string, number>> {
  const swapper = await createUser();
  await fund(swapper.id, { holding: "10" });
  const buyer = await createUser();
  const op = await sender();
  const op2 = await sender();
  const erc = await sender(ERC20_WALLET);
  const erc2 = await sender(ERC20_WALLET);
  return {
    signup: (await signup(refCode)).status,
    login: (await login(await createUser())).status,
    swap: (await swap(swapper)).status,
    buy: (await buy(buyer)).status,
    "transfer:OP": (await askTransfer(op, { coinSymbol: "WLD", amount: "10", type: "TRANSFER" })).status,
    "withdraw:OP": (await askTransfer(op2, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" })).status,
    "transfer:ERC20": (await askTransfer(erc, { coinSymbol: "WLD", amount: "10", type: "TRANSFER" })).status,
    "withdraw:ERC20": (await askTransfer(erc2, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" })).status,
  };
}
const OK: Record<string, number> = {
  signup: 201,
  login: 200,
  swap: 200,
  buy: 201,
  "transfer:OP": 201,
  "withdraw:OP": 201,
  "transfer:ERC20": 201,
  "withdraw:ERC20": 201,
};

async function auditRows(action: string, targetId: number) {
  return rowsOf<{ actor_id: number; before: any; after: any }>(
    await (await getDb()).execute(
      sql`SELECT actor_id, before, after FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)}`,
    ),
  );
}
async function noticeRow(id: number) {
  const [row] = rowsOf<{
    category: string;
    title_ko: string;
    title_en: string;
    body_ko: string;
    pinned: boolean;
    ended: boolean;
  }>(
    await (await getDb()).execute(sql`SELECT category, title_ko, title_en, body_ko, pinned,
      (published_until IS NOT NULL AND published_until <= now()) AS ended FROM notices WHERE id = ${id}`),
  );
  return row!;
}

describe(`maintenance per feature (${kind})`, () => {
  it("each feature refuses only its own member action with 503; the others keep working; resuming lifts it", async () => {
    const admin = await createUser({ role: "ADMIN" });
    await createUser({ refCode: "MAINT1" });
    await setFreshWldPrice();
    expect(await tryAll("MAINT1")).toEqual(OK);
    for (const feature of [
      "signup",
      "login",
      "swap",
      "buy",
      "transfer:OP",
      "withdraw:OP",
      "transfer:ERC20",
      "withdraw:ERC20",
    ] as const) {
      const p = await pauseOk(admin, feature);
      const got = await tryAll("MAINT1");
      expect(got, feature).toEqual({ ...OK, [feature]: 503 });
      expect((await resume(admin, p.id)).status).toBe(200);
    }
    expect(await tryAll("MAINT1")).toEqual(OK);
  });

  it("answers { error, code, feature, until, reason } in the member's language and stores nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const until = inHours(3);
    const p = await pauseOk(admin, "transfer:OP", until);
    const u = await sender();
    const before = rowsOf<{ n: number }>(
      await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM requests WHERE user_id = ${u.id}`),
    )[0]!.n;
    const ko = await askTransfer(u, { coinSymbol: "WLD", amount: "10", type: "TRANSFER" }, "ko");
    expect(ko.status).toBe(503);
    expect(ko.body).toMatchObject({
      code: "MAINTENANCE",
      feature: "transfer:OP",
      until: new Date(until).toISOString(),
      reason: "transfer:OP 서버 교체",
      featureName: "OP 네트워크 전송",
    });
    expect(ko.body.error).toContain("transfer:OP 서버 교체");
    expect(ko.body.error).toContain("점검 중");
    expect(ko.body.untilText).toMatch(/^종료 예정 \d{4}-\d{2}-\d{2} \d{2}:\d{2} KST$/);
    expect(Number(ko.headers.get("retry-after"))).toBeGreaterThan(3 * 3600 - 120);
    const en = await askTransfer(u, { coinSymbol: "WLD", amount: "10", type: "TRANSFER" }, "en");
    expect(en.status).toBe(503);
    expect(en.body).toMatchObject({ code: "MAINTENANCE", feature: "transfer:OP", reason: "transfer:OP server swap" });
    expect(en.body.error).toContain("Transfers on OP is paused for maintenance");
    const after = rowsOf<{ n: number }>(
      await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM requests WHERE user_id = ${u.id}`),
    )[0]!.n;
    expect(after).toBe(before);
    // A withdrawal on the same network, and a transfer on another, are other features.
    expect((await askTransfer(u, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" })).status).toBe(201);
    await resume(admin, p.id);
  });

  it("swap, login and sign-up answer in English too; administrators and staff still log in", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const ref = await createUser({ refCode: "MAINT2" });
    const swapP = await pauseOk(admin, "swap");
    const loginP = await pauseOk(admin, "login");
    const signupP = await pauseOk(admin, "signup");
    const u = await createUser();
    await fund(u.id, { holding: "5" });
    const s = await swap(u, "en");
    expect(s.body).toMatchObject({
      code: "MAINTENANCE",
      feature: "swap",
      reason: "swap server swap",
      featureName: "Swap",
    });
    const l = await login(u, DEFAULT_PASSWORD, "en");
    expect(l.status).toBe(503);
    expect(l.body).toMatchObject({ code: "MAINTENANCE", feature: "login", reason: "login server swap" });
    expect(l.headers.get("set-cookie") ?? "").not.toMatch(/session/i);
    // A wrong password is still just wrong (nothing said about the account).
    expect((await login(u, "wrong password 1")).status).toBe(401);
    expect((await login(admin)).status).toBe(200);
    expect((await login(await createUser({ role: "SUPERADMIN" }))).status).toBe(200);
    const sg = await signup(ref.userId === "" ? "" : "MAINT2", "en");
    expect(sg.status).toBe(503);
    expect(sg.body).toMatchObject({ code: "MAINTENANCE", feature: "signup", reason: "signup server swap" });
    // An administrator swapping for the member is not a member's action: it goes on.
    expect((await swap(u, "ko", admin.cookie)).status).toBe(200);
    // The console keeps working.
    expect((await call(adminRoute, "GET", "/api/admin/maintenance", { cookie: admin.cookie })).status).toBe(200);
    const members = await call(membersRoute, "GET", "/api/admin/users/paginated?page=1&limit=5", {
      cookie: admin.cookie,
    });
    expect(members.status).toBe(200);
    for (const p of [swapP, loginP, signupP]) expect((await resume(admin, p.id)).status).toBe(200);
    expect((await swap(u)).status).toBe(200);
    expect((await login(u)).status).toBe(200);
  });

  it("is audited, publishes a pinned notice, and resuming retires it and publishes a resumed notice", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const p = await pauseOk(admin, "buy");
    const [paused] = await auditRows("MAINTENANCE_PAUSE", p.id);
    expect(paused).toMatchObject({
      actor_id: admin.id,
      after: { feature: "buy", reasonKo: "buy 서버 교체", noticeId: p.noticeId },
    });
    const n = await noticeRow(p.noticeId);
    expect(n).toMatchObject({ category: "maintenance", pinned: true, ended: false });
    expect(n.title_ko).toContain("구매");
    expect(n.title_en).toContain("Buying");
    expect(n.body_ko).toContain("buy 서버 교체");
    const pub = await call(publicRoute, "GET", "/api/maintenance");
    expect(pub.status).toBe(200);
    expect(pub.headers.get("cache-control")).toBe("no-store");
    expect(pub.body.pauses).toEqual([
      expect.objectContaining({
        feature: "buy",
        reasonKo: "buy 서버 교체",
        reasonEn: "buy server swap",
        overdue: false,
      }),
    ]);
    const r = await resume(admin, p.id);
    expect(r.status).toBe(200);
    const [resumed] = await auditRows("MAINTENANCE_RESUME", p.id);
    expect(resumed).toMatchObject({ actor_id: admin.id, before: { feature: "buy" } });
    expect((await noticeRow(p.noticeId)).ended).toBe(true);
    const back = await noticeRow(r.body.resumed.noticeId);
    expect(back).toMatchObject({ category: "maintenance", pinned: false, ended: false });
    expect(back.title_ko).toContain("구매");
    expect((await call(publicRoute, "GET", "/api/maintenance")).body.pauses).toEqual([]);
    const console = await call(adminRoute, "GET", "/api/admin/maintenance", { cookie: admin.cookie });
    expect(console.body.features).toHaveLength(FEATURES.length);
    expect(console.body.history[0]).toMatchObject({
      id: p.id,
      feature: "buy",
      pausedBy: { id: admin.id, userId: admin.userId },
      resumedBy: { id: admin.id, userId: admin.userId },
    });
    // Resuming again, or an unknown pause.
    expect((await resume(admin, p.id)).body.code).toBe("INVALID_STATE");
    expect((await resume(admin, 999999)).status).toBe(404);
    expect((await resume(admin, "abc")).status).toBe(404);
  });

  it("an expected end that has passed lifts nothing: still refused, said so, until an administrator resumes", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const p = await pauseOk(admin, "swap", inHours(1));
    advanceTestClock(2 * 3_600_000);
    const u = await createUser();
    await fund(u.id, { holding: "5" });
    const ko = await swap(u);
    expect(ko.status).toBe(503);
    expect(ko.body.untilText).toContain("지남");
    expect(ko.headers.get("retry-after")).toBeNull();
    expect((await swap(u, "en")).body.untilText).toContain("past the expected end");
    expect((await call(publicRoute, "GET", "/api/maintenance")).body.pauses[0]).toMatchObject({ overdue: true });
    const console = await call(adminRoute, "GET", "/api/admin/maintenance", { cookie: admin.cookie });
    expect(console.body.features.find((f: { feature: string }) => f.feature === "swap").pause).toMatchObject({
      overdue: true,
    });
    await resume(admin, p.id);
    expect((await swap(u)).status).toBe(200);
  });

  it("one open pause per feature, also when two administrators pause at once", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const body = { feature: "withdraw:WORLDCHAIN", reasonKo: "점검", reasonEn: "Maintenance", until: inHours(1) };
    const both = await Promise.all([pause(a, body), pause(b, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toBe("ALREADY_PAUSED");
    const [open] = rowsOf<{ n: number; notices: number }>(
      await (await getDb()).execute(sql`SELECT count(*)::int AS n,
        (SELECT count(*)::int FROM notices WHERE title_ko LIKE '%World Chain 네트워크 출금%') AS notices
        FROM feature_pauses WHERE feature = 'withdraw:WORLDCHAIN' AND resumed_at IS NULL`),
    );
    expect(open).toEqual({ n: 1, notices: 1 });
    const id = both.find((r) => r.status === 201)!.body.pause.id;
    await resume(a, id);
    // Paused again after the resume: a new row; the history keeps both, and rows are never deleted.
    expect((await pause(b, body)).status).toBe(201);
    await expect((await getDb()).execute(sql`DELETE FROM feature_pauses WHERE id = ${id}`)).rejects.toThrow();
  });

  it.each([
    [{ feature: "teleport" }, "VALIDATION"],
    [{ feature: "transfer:SOLANA" }, "VALIDATION"],
    [{ reasonKo: "" }, "REASON_REQUIRED"],
    [{ reasonEn: "   " }, "REASON_REQUIRED"],
    [{ reasonKo: "x".repeat(301) }, "VALIDATION"],
    [{ reasonEn: "line\nbreak" }, "INVALID_CHARACTERS"],
    [{ until: "tomorrow" }, "INVALID_UNTIL"],
    [{ until: "2026-12-01T14:00" }, "INVALID_UNTIL"],
    [{ until: new Date(Date.now() - 60_000).toISOString() }, "INVALID_UNTIL"],
    [{ until: inHours(31 * 24) }, "INVALID_UNTIL"],
    [{ until: null }, "INVALID_UNTIL"],
  ])("refuses %j with 400 %s and pauses nothing", async (over, code) => {
    const admin = await createUser({ role: "ADMIN" });
    const r = await pause(admin, {
      feature: "swap",
      reasonKo: "점검",
      reasonEn: "Maintenance",
      until: inHours(1),
      ...over,
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    const open = (await call(publicRoute, "GET", "/api/maintenance")).body.pauses as { feature: string }[];
    expect(open.filter((p) => p.feature === "swap")).toEqual([]);
  });

  it("only maintenance.manage pauses and resumes; the public list needs no session", async () => {
    const member = await createUser();
    expect((await pause(member, { feature: "swap", reasonKo: "a", reasonEn: "a", until: inHours(1) })).status).toBe(
      403,
    );
    expect((await call(adminRoute, "GET", "/api/admin/maintenance")).status).toBe(401);
    expect((await call(publicRoute, "GET", "/api/maintenance")).status).toBe(200);
  });
});
