/**
 * The member's inbox. Each event that concerns a member writes a notification in the same
 * transaction as the change, through the real route that causes it; a change that rolls back leaves none;
 * the daily reward run writes one per member per day however many coins paid; the inbox is read, marked read
 * and rendered (Korean, English) only for its owner.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rewardRunRoute from "@/app/api/admin/staking/rewards/run/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as approveIdRoute from "@/app/api/admin/users/[id]/approve-id/route";
import * as passwordResetRoute from "@/app/api/admin/users/[id]/password-reset/route";
import * as rejectIdRoute from "@/app/api/admin/users/[id]/reject-id/route";
import * as login2faRoute from "@/app/api/login/2fa/route";
import * as loginRoute from "@/app/api/login/route";
import * as readOneRoute from "@/app/api/notifications/[id]/read/route";
import * as readAllRoute from "@/app/api/notifications/read-all/route";
import * as inboxRoute from "@/app/api/notifications/route";
import * as unreadRoute from "@/app/api/notifications/unread-count/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as confirm2faRoute from "@/app/api/two-factor/confirm/route";
import * as enrol2faRoute from "@/app/api/two-factor/enrol/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as uploadIdRoute from "@/app/api/upload-id/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import * as walletAddrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";
import { credit, move } from "@/lib/ledger";
import { notify } from "@/lib/notifications";
import { dayEnd, kstDay } from "@/lib/kst-day";
import { approvedMember, createDepositRequestRow, createUser, fund, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { freshIp } from "./auth-helpers";
import { form, pngImage } from "./kyc-images";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CHROME_MAC_NEXT = CHROME_MAC.replace("131.0.0.0", "132.0.0.0");
const FIREFOX_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

type Row = { id: number; kind: string; params: any; read_at: Date | null };

async function notificationsOf(userId: number, kindName?: string): Promise<Row[]> {
  const db = await getDb();
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT id::int AS id, kind, params, read_at FROM notifications
      WHERE user_id = ${userId} ${kindName ? sql`AND kind = ${kindName}` : sql``} ORDER BY id`),
  );
}

const decide = (admin: TestUser, id: number, body: unknown) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, { body, cookie: admin.cookie, params: { id: String(id) } });

async function pendingTransfer(amount = "10"): Promise<{ member: TestUser; id: number }> {
  const member = await approvedMember();
  await fund(member.id, { staked: "50" });
  const r = await call(transferRoute, "POST", "/api/transfer-requests", {
    body: { coinSymbol: "WLD", amount, type: "TRANSFER" },
    cookie: member.cookie,
  });
  expect(r.status).toBe(201);
  return { member, id: r.body.request.id };
}

async function submitId(member: TestUser) {
  const r = await call(uploadIdRoute, "POST", "/api/upload-id", {
    rawBody: form(await pngImage()),
    cookie: member.cookie,
  });
  expect(r.status).toBe(201);
}

const inbox = (u: TestUser, query = "", locale?: "en" | "ko") =>
  call(inboxRoute, "GET", `/api/notifications${query}`, {
    cookie: locale ? `${u.cookie}; NEXT_LOCALE=${locale}` : u.cookie,
  });

afterEach(() => {
  vi.useRealTimers();
  setTestClock(null);
});

describe("notify", () => {
  it("writes in the caller's transaction: committed with it, gone when it rolls back", async () => {
    const member = await createUser();
    const db = await getDb();
    await db.transaction(async (tx) => {
      await notify(tx, member.id, "wallet_reset", {});
    });
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, member.id, "password_changed", { by: "self" });
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow();
    const rows = await notificationsOf(member.id);
    expect(rows.map((r) => r.kind)).toEqual(["wallet_reset"]);
    expect(rows[0]?.read_at).toBeNull();
  });
});

describe(`a notification for every event of the member (${kind})`, () => {
  it("ID approved (with the 1000 WLD reward) and ID rejected with the reason", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    await submitId(member);
    const rejected = await call(rejectIdRoute, "PATCH", `/api/admin/users/${member.id}/reject-id`, {
      body: { reason: "사진이 흐립니다" },
      cookie: admin.cookie,
      params: { id: String(member.id) },
    });
    expect(rejected.status).toBe(200);
    expect((await notificationsOf(member.id, "id_rejected")).map((r) => r.params)).toEqual([
      { reason: "사진이 흐립니다" },
    ]);

    await submitId(member);
    const approved = await call(approveIdRoute, "PATCH", `/api/admin/users/${member.id}/approve-id`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
    });
    expect(approved.status).toBe(200);
    expect((await notificationsOf(member.id, "id_approved")).map((r) => r.params)).toEqual([{ reward: "1000" }]);
    // Nothing for the administrator who decided.
    expect(await notificationsOf(admin.id)).toEqual([]);
    await expectLedgerConsistent();
  });

  it("a transfer request approved; another rejected with the reason; a third cancelled by the member", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const a = await pendingTransfer("10");
    expect((await decide(admin, a.id, { action: "approve" })).status).toBe(200);
    expect((await notificationsOf(a.member.id, "request_approved")).map((r) => r.params)).toEqual([
      { requestId: a.id, type: "TRANSFER", coin: "WLD", amount: "10" },
    ]);

    const b = await pendingTransfer("12.5");
    expect((await decide(admin, b.id, { action: "reject", reason: "주소 확인 필요" })).status).toBe(200);
    // A second decision is refused and writes nothing more.
    expect((await decide(admin, b.id, { action: "reject", reason: "again" })).status).toBe(409);
    expect((await notificationsOf(b.member.id, "request_rejected")).map((r) => r.params)).toEqual([
      { requestId: b.id, type: "TRANSFER", coin: "WLD", amount: "12.5", reason: "주소 확인 필요" },
    ]);

    const c = await pendingTransfer("7");
    const cancelled = await call(cancelRoute, "DELETE", `/api/transfer-requests/${c.id}`, {
      cookie: c.member.cookie,
      params: { id: String(c.id) },
    });
    expect(cancelled.status).toBe(200);
    // Received when made, then cancelled.
    expect((await notificationsOf(c.member.id)).map((r) => [r.kind, r.params])).toEqual([
      ["request_received", { requestId: c.id, type: "TRANSFER", coin: "WLD", amount: "7" }],
      ["request_cancelled", { requestId: c.id, type: "TRANSFER", coin: "WLD", amount: "7" }],
    ]);
    await expectLedgerConsistent();
  });

  it("a buy (KRW deposit) request approved", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser({ idStatus: "APPROVED" });
    const id = await createDepositRequestRow(member.id);
    expect((await decide(admin, id, { action: "approve", krwReceived: "20000" })).status).toBe(200);
    expect((await notificationsOf(member.id)).map((r) => [r.kind, r.params])).toEqual([
      ["request_approved", { requestId: id, type: "DEPOSIT", coin: "WLD", amount: "10" }],
    ]);
    await expectLedgerConsistent();
  });

  it("a rolled-back decision leaves no notification (the change fails after notify, in the same transaction)", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { member, id } = await pendingTransfer("10");
    const before = await wld(member.id);
    const db = await getDb();
    // The request's timeline row is written after the notification: make that insert fail for this request.
    await db.execute(sql`CREATE FUNCTION notify_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure after notify'; END $$`);
    await db.execute(
      sql.raw(`CREATE TRIGGER notify_test_fail BEFORE INSERT ON request_events
      FOR EACH ROW WHEN (NEW.request_id = ${id} AND NEW.status = 'REJECTED') EXECUTE FUNCTION notify_test_fail()`),
    );
    try {
      const r = await decide(admin, id, { action: "reject", reason: "x" });
      expect(r.status).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER notify_test_fail ON request_events`);
      await db.execute(sql`DROP FUNCTION notify_test_fail()`);
    }
    // Only the request's own "received": the rolled-back decision left nothing.
    expect((await notificationsOf(member.id)).map((r) => r.kind)).toEqual(["request_received"]);
    expect(await wld(member.id)).toEqual(before);
    const [req] = rowsOf<{ status: string }>(await db.execute(sql`SELECT status FROM requests WHERE id = ${id}`));
    expect(req?.status).toBe("PENDING");
    // The same decision once nothing fails: the notification comes with it.
    expect((await decide(admin, id, { action: "reject", reason: "x" })).status).toBe(200);
    expect((await notificationsOf(member.id)).map((r) => r.kind)).toEqual(["request_received", "request_rejected"]);
    await expectLedgerConsistent();
  });

  it("a login from a new device (browser and OS never seen for this member); not for a known one or a first login", async () => {
    const member = await createUser();
    const login = (ua: string) =>
      call(loginRoute, "POST", "/api/login", {
        body: { userId: member.userId, password: member.password },
        headers: { "x-forwarded-for": freshIp(), "user-agent": ua },
      });
    // The factory's session has no user agent: Chrome on macOS is new.
    expect((await login(CHROME_MAC)).status).toBe(200);
    // The same browser after an update is the same device.
    expect((await login(CHROME_MAC_NEXT)).status).toBe(200);
    expect((await login(FIREFOX_WIN)).status).toBe(200);
    const rows = await notificationsOf(member.id, "new_device_login");
    expect(rows.map((r) => r.params.device)).toEqual(["Chrome · Mac OS", "Firefox · Windows"]);
    expect(rows[0]?.params.ip).toMatch(/^10\./);

    // A member's very first login is not "a new device".
    const fresh = await createUser();
    await (await getDb()).execute(sql`DELETE FROM sessions WHERE user_id = ${fresh.id}`);
    const first = await call(loginRoute, "POST", "/api/login", {
      body: { userId: fresh.userId, password: fresh.password },
      headers: { "x-forwarded-for": freshIp(), "user-agent": CHROME_MAC },
    });
    expect(first.status).toBe(200);
    expect(await notificationsOf(fresh.id)).toEqual([]);
    // A wrong password writes nothing.
    const wrong = await call(loginRoute, "POST", "/api/login", {
      body: { userId: member.userId, password: "Wrong-Horse-1" },
      headers: { "x-forwarded-for": freshIp(), "user-agent": "curl/8.0" },
    });
    expect(wrong.status).toBe(401);
    expect(await notificationsOf(member.id, "new_device_login")).toHaveLength(2);
  });

  it("two-factor turned on (written by the 2FA code through notify), and a 2FA login from a new device", async () => {
    const member = await createUser();
    const enrol = await call(enrol2faRoute, "POST", "/api/two-factor/enrol", {
      cookie: member.cookie,
      body: { currentPassword: member.password },
    });
    expect(enrol.status).toBe(200);
    const secret = Secret.fromBase32(String(enrol.body.manualKey).replace(/\s/g, ""));
    const code = () =>
      new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: now().getTime() });
    setTestClock(new Date());
    const confirmed = await call(confirm2faRoute, "POST", "/api/two-factor/confirm", {
      cookie: member.cookie,
      body: { code: code() },
    });
    expect(confirmed.status).toBe(200);
    expect((await notificationsOf(member.id)).map((r) => [r.kind, r.params.change])).toEqual([
      ["two_factor_changed", "ENABLED"],
    ]);

    const password = await call(loginRoute, "POST", "/api/login", {
      body: { userId: member.userId, password: member.password },
      headers: { "x-forwarded-for": freshIp(), "user-agent": FIREFOX_WIN },
    });
    expect(password.body).toEqual({ twoFactorRequired: true });
    // The password alone is no login: no notification yet.
    expect(await notificationsOf(member.id, "new_device_login")).toEqual([]);
    const pending = password.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("wld-2fa-pending="));
    advanceTestClock(30_000);
    const done = await call(login2faRoute, "POST", "/api/login/2fa", {
      body: { code: code() },
      cookie: pending,
      headers: { "x-forwarded-for": freshIp(), "user-agent": FIREFOX_WIN },
    });
    expect(done.status).toBe(200);
    expect((await notificationsOf(member.id, "new_device_login")).map((r) => r.params.device)).toEqual([
      "Firefox · Windows",
    ]);
  });

  it("password changed by the member, and reset by an administrator", async () => {
    const member = await createUser();
    const changed = await call(passwordRoute, "PATCH", `/api/users/by-id/${member.userId}/password`, {
      body: { currentPassword: member.password, newPassword: "Another-Horse-7" },
      cookie: member.cookie,
      params: { userId: member.userId },
    });
    expect(changed.status).toBe(200);
    const superadmin = await createUser({ role: "SUPERADMIN" });
    const reset = await call(passwordResetRoute, "PATCH", `/api/admin/users/${member.id}/password-reset`, {
      cookie: superadmin.cookie,
      params: { id: String(member.id) },
    });
    expect(reset.status).toBe(200);
    expect((await notificationsOf(member.id)).map((r) => [r.kind, r.params])).toEqual([
      ["password_changed", { by: "self" }],
      ["password_changed", { by: "admin" }],
    ]);
    // A wrong current password changes nothing and writes nothing.
    const other = await createUser();
    const refused = await call(passwordRoute, "PATCH", `/api/users/by-id/${other.userId}/password`, {
      body: { currentPassword: "Not-The-Password-1", newPassword: "Another-Horse-7" },
      cookie: other.cookie,
      params: { userId: other.userId },
    });
    expect(refused.body.code).toBe("WRONG_PASSWORD");
    expect(await notificationsOf(other.id)).toEqual([]);
  });

  it("wallet address reset by an administrator (and its pending transfer rejected with the reason)", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { member, id } = await pendingTransfer("10");
    const r = await call(walletAddrRoute, "DELETE", `/api/users/by-id/${member.userId}/walletAddr`, {
      cookie: admin.cookie,
      params: { userId: member.userId },
    });
    expect(r.status).toBe(200);
    expect((await notificationsOf(member.id)).map((n) => [n.kind, n.params.requestId ?? null])).toEqual([
      ["request_received", id],
      ["request_rejected", id],
      ["wallet_reset", null],
    ]);
    await expectLedgerConsistent();
  });
});

describe(`the daily reward run (${kind})`, () => {
  it("writes ONE notification per member per day with every coin's amount, set-based in the run; a repeat adds none", async () => {
    const db = await getDb();
    await db.insert(stakingProducts).values([
      { coinSymbol: "WLD", name: "wld", annualRate: "36.5", minAmount: "0" },
      { coinSymbol: "BTC", name: "btc", annualRate: "36.5", minAmount: "0" },
    ]);
    const both = await createUser();
    const onlyWld = await createUser();
    const none = await createUser();
    await fund(both.id, { staked: "100" });
    await credit(db, { userId: both.id, coin: "BTC", amount: "2" });
    await move(db, { userId: both.id, coin: "BTC", amount: "2", from: "holding", to: "staked" });
    await fund(onlyWld.id, { staked: "50" });
    const day = kstDay(new Date());
    vi.useFakeTimers({ now: new Date(dayEnd(day).getTime() + 5 * 60_000), toFake: ["Date"] });
    const admin = await createUser({ role: "ADMIN" });
    const run = () =>
      call(rewardRunRoute, "POST", "/api/admin/staking/rewards/run", { cookie: admin.cookie, body: { date: day } });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.days[0]).toMatchObject({ alreadyPaid: false });
    // Over everyone this run paid (other tests' members stake too): one notification per member, fewer than
    // the reward rows (one per member and coin).
    const [counts] = rowsOf<{ rewards: number; members: number; notes: number }>(
      await db.execute(sql`SELECT
        (SELECT count(*)::int FROM staking_rewards WHERE day = ${day}::date) AS rewards,
        (SELECT count(DISTINCT user_id)::int FROM staking_rewards WHERE day = ${day}::date) AS members,
        (SELECT count(*)::int FROM notifications WHERE kind = 'reward_paid' AND params->>'day' = ${day}) AS notes`),
    );
    expect(counts!.notes).toBe(counts!.members);
    expect(counts!.rewards).toBe(counts!.members + 1);
    // … but one notification each for the day, with every coin's amount (36.5 % a year: balance / 1000 a day).
    expect((await notificationsOf(both.id)).map((r) => [r.kind, r.params])).toEqual([
      ["reward_paid", { day, amounts: { WLD: "0.1", BTC: "0.002" } }],
    ]);
    expect((await notificationsOf(onlyWld.id)).map((r) => r.params)).toEqual([{ day, amounts: { WLD: "0.05" } }]);
    expect(await notificationsOf(none.id)).toEqual([]);

    expect((await run()).body.days[0]).toMatchObject({ membersPaid: 0, alreadyPaid: true });
    expect(await notificationsOf(both.id)).toHaveLength(1);
    expect(await notificationsOf(onlyWld.id)).toHaveLength(1);
    await expectLedgerConsistent();
  });
});

describe(`the inbox API (${kind})`, () => {
  async function memberWithThree() {
    const member = await createUser();
    const db = await getDb();
    await db.transaction(async (tx) => {
      await notify(tx, member.id, "wallet_reset", {});
      await notify(tx, member.id, "request_rejected", {
        requestId: 41,
        type: "WITHDRAW",
        coin: "WLD",
        amount: "1234.5",
        reason: "주소 오류",
      });
      await notify(tx, member.id, "reward_paid", { day: "2026-11-20", amounts: { BTC: "0.00000012", WLD: "0.5" } });
    });
    return member;
  }

  it("lists the caller's own, newest first, paginated, with the unread count; read one, then all", async () => {
    const member = await memberWithThree();
    const other = await createUser();
    const page = await inbox(member, "?limit=2");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, unread: 3, page: 1, limit: 2 });
    expect(page.body.items.map((i: any) => i.kind)).toEqual(["reward_paid", "request_rejected"]);
    expect((await inbox(member, "?page=2&limit=2")).body.items.map((i: any) => i.kind)).toEqual(["wallet_reset"]);
    expect((await inbox(member, "?limit=0")).status).toBe(400);
    expect((await inbox(member, "?limit=abc")).body.code).toBe("VALIDATION");

    const id = page.body.items[1].id as number;
    const readOne = (u: TestUser, nid: number | string) =>
      call(readOneRoute, "POST", `/api/notifications/${nid}/read`, { cookie: u.cookie, params: { id: String(nid) } });
    // Another member cannot read or mark it: 404, and it stays unread.
    expect((await readOne(other, id)).status).toBe(404);
    expect((await inbox(other)).body).toMatchObject({ items: [], total: 0, unread: 0 });
    expect((await readOne(member, "abc")).status).toBe(404);
    const marked = await readOne(member, id);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id, unread: 2 });
    const count = await call(unreadRoute, "GET", "/api/notifications/unread-count", { cookie: member.cookie });
    expect(count.body).toEqual({ unread: 2 });
    const items = (await inbox(member)).body.items as { id: number; readAt: string | null }[];
    expect(items.filter((i) => i.readAt !== null).map((i) => i.id)).toEqual([id]);

    // Read-all marks only the caller's own.
    const theirs = await memberWithThree();
    const all = await call(readAllRoute, "POST", "/api/notifications/read-all", { cookie: member.cookie });
    expect(all.body).toEqual({ marked: 2, unread: 0 });
    expect((await inbox(member)).body.unread).toBe(0);
    expect((await inbox(theirs)).body.unread).toBe(3);
    expect((await call(inboxRoute, "GET", "/api/notifications")).status).toBe(401);
  });

  it("renders each notification in the reader's language at read time", async () => {
    const member = await memberWithThree();
    const ko = (await inbox(member, "", "ko")).body.items;
    const en = (await inbox(member, "", "en")).body.items;
    expect(ko.map((i: any) => [i.title, i.body])).toEqual([
      ["스테이킹 보상 지급", "2026-11-20 스테이킹 보상이 지급되었습니다: 0.5 WLD, 0.00000012 BTC"],
      ["출금 신청 반려", "출금 신청 41번(1,234.5 WLD)이 반려되었습니다. 사유: 주소 오류"],
      [
        "지갑 주소 초기화",
        "관리자가 등록된 지갑 주소를 초기화했습니다. 설정에서 새 주소를 등록할 수 있으며, 24시간 동안 전송과 출금 신청이 제한됩니다.",
      ],
    ]);
    expect(en.map((i: any) => [i.title, i.body])).toEqual([
      ["Staking reward paid", "Your staking reward for 2026-11-20 has been paid: 0.5 WLD, 0.00000012 BTC"],
      ["Withdrawal request rejected", "Withdrawal request #41 (1,234.5 WLD) has been rejected. Reason: 주소 오류"],
      [
        "Wallet address reset",
        "An administrator reset your registered wallet address. You can register a new one in Settings; transfer and withdrawal requests are paused for 24 hours.",
      ],
    ]);
    expect(ko.map((i: any) => i.href)).toEqual(["/wallet-history", "/wallet-history", "/settings"]);
    // What is stored is the event, not a text in either language.
    const stored = await notificationsOf(member.id);
    expect(JSON.stringify(stored.map((r) => r.params))).not.toMatch(/거절|반려|rejected/);
  });
});

describe.runIf(onPostgres())("racing decisions (PostgreSQL)", () => {
  it("two administrators approving one request at once: one approval, one notification", async () => {
    const a1 = await createUser({ role: "ADMIN" });
    const a2 = await createUser({ role: "ADMIN" });
    const { member, id } = await pendingTransfer("10");
    const results = await Promise.all([
      decide(a1, id, { action: "approve" }),
      decide(a2, id, { action: "approve" }),
      decide(a1, id, { action: "reject", reason: "late" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // Besides the request's "received": one decision, one notification.
    const rows = (await notificationsOf(member.id)).filter((r) => r.kind !== "request_received");
    expect(rows).toHaveLength(1);
    expect(["request_approved", "request_rejected"]).toContain(rows[0]?.kind);
    await expectLedgerConsistent();
  });

  it("parallel logins from one new device: each login decides on its own snapshot, none is lost or duplicated beyond the logins", async () => {
    const member = await createUser();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        call(loginRoute, "POST", "/api/login", {
          body: { userId: member.userId, password: member.password },
          headers: { "x-forwarded-for": freshIp(), "user-agent": FIREFOX_WIN },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    // Logins of one account are serialized (login_check's advisory lock): the first sees a new device, the
    // others see its session.
    expect(await notificationsOf(member.id, "new_device_login")).toHaveLength(1);
  });
});
