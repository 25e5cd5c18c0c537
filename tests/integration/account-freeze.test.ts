/**
 * The panic button (lib/account/freeze.ts) through the real routes, on PGlite and PostgreSQL: a freeze ends every
 * session and lets nothing leave (transfers and withdrawals 403 ACCOUNT_FROZEN, pending ones rejected; a swap into the
 * lock still allowed); unfreezing takes the password (and a code with two-factor on) and starts the 24-hour
 * cool-down; an administrator unfreezes only through a proposal a second administrator approves. On PostgreSQL, a
 * freeze racing a withdrawal: the withdrawal is either created before the freeze (and rejected by it) or refused.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import * as freezeRoute from "@/app/api/account/freeze/route";
import * as unfreezeRoute from "@/app/api/account/unfreeze/route";
import * as adminFreezeRoute from "@/app/api/admin/users/[id]/freeze/route";
import * as adminUnfreezeRoute from "@/app/api/admin/users/[id]/unfreeze/route";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import * as confirmRoute from "@/app/api/two-factor/confirm/route";
import * as enrolRoute from "@/app/api/two-factor/enrol/route";
import * as inboxRoute from "@/app/api/notifications/route";
import { getDb, rowsOf } from "@/db/client";
import { freezeAccount } from "@/lib/account/freeze";
import { now, setTestClock } from "@/lib/clock";
import { isAppError } from "@/lib/errors";
import { D } from "@/lib/money";
import { createTransferRequest } from "@/lib/wallet/requests";
import { approvedMember, fund, snapshot, wld } from "../factories/money";
import { askTransfer } from "../factories/transfer-requests";
import { cookieFor, createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { auditRows } from "./auth-helpers";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const DAY = 24 * 3_600_000;

afterEach(() => setTestClock(null));

const freeze = (u: { cookie: string }, body: unknown = {}) =>
  call(freezeRoute, "POST", "/api/account/freeze", { cookie: u.cookie, body });
const state = (u: { cookie: string }) => call(freezeRoute, "GET", "/api/account/freeze", { cookie: u.cookie });
const unfreeze = (u: { cookie: string }, body: unknown) =>
  call(unfreezeRoute, "POST", "/api/account/unfreeze", { cookie: u.cookie, body });
const proposeUnfreeze = (admin: TestUser, target: TestUser, body: unknown = { reason: "identity checked by phone" }) =>
  call(adminUnfreezeRoute, "POST", `/api/admin/users/${target.id}/unfreeze`, {
    cookie: admin.cookie,
    body,
    params: { id: String(target.id) },
  });
const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    body: {},
    params: { id: String(id) },
  });

/** A second sign-in of the member (its own sessions row), as another browser has. */
const anotherSession = async (u: TestUser): Promise<TestUser> => ({
  ...u,
  cookie: await cookieFor({ ...u, sessionVersion: 1 }),
});

async function rowsOfSql<T>(q: ReturnType<typeof sql>) {
  return rowsOf<T>(await (await getDb()).execute(q));
}

const cooldownOf = async (id: number) =>
  (
    await rowsOfSql<{ until: string | Date | null }>(
      sql`SELECT money_cooldown_until AS until FROM users WHERE id = ${id}`,
    )
  )[0]?.until ?? null;

const notificationKinds = async (id: number) =>
  (
    await rowsOfSql<{ kind: string; params: unknown }>(
      sql`SELECT kind, params FROM notifications WHERE user_id = ${id} ORDER BY id`,
    )
  ).map((r) => ({ kind: r.kind, params: typeof r.params === "string" ? JSON.parse(r.params) : r.params }));

const historyOf = (id: number) =>
  rowsOfSql<{ how: string; unfreeze_how: string | null; unfrozen_by: number | null; proposal_id: string | null }>(
    sql`SELECT how, unfreeze_how, unfrozen_by, proposal_id::text AS proposal_id FROM account_freezes WHERE user_id = ${id} ORDER BY id`,
  );

describe(`account freeze — freezing (${where})`, () => {
  it("ends every session of the member, the freezing one too, and clears its cookie", async () => {
    const u = await createUser();
    const other = await anotherSession(u);
    const res = await freeze(u);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ frozen: true, alreadyFrozen: false, next: "/account-locked" });
    expect(res.headers.getSetCookie().some((c) => /session-token=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    expect((await state(u)).status).toBe(401);
    expect((await state(other)).status).toBe(401);
    const open = await rowsOfSql<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM sessions WHERE user_id = ${u.id} AND revoked_at IS NULL`,
    );
    expect(open[0]!.n).toBe("0");
    // Signing in again works (the member must, to unfreeze) and the state says frozen.
    const again = await anotherSession(u);
    const s = await state(again);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ frozen: true, how: "SETTINGS", twoFactor: false });
    // History, audit, notification.
    expect(await historyOf(u.id)).toEqual([
      { how: "SETTINGS", unfreeze_how: null, unfrozen_by: null, proposal_id: null },
    ]);
    const audit = (await auditRows("ACCOUNT_FREEZE")).filter((r) => r.target_user_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ how: "SETTINGS", sessionsEnded: 2 });
    expect(await notificationKinds(u.id)).toContainEqual({ kind: "account_frozen", params: { how: "SETTINGS" } });
    // Pressed again while frozen: every session ends again, nothing else changes.
    const twice = await freeze(again);
    expect(twice.status).toBe(200);
    expect(twice.body.alreadyFrozen).toBe(true);
    expect((await state(again)).status).toBe(401);
    expect(await historyOf(u.id)).toHaveLength(1);
  });

  it("records the new-device notification's link as its origin; a bad origin is 400", async () => {
    const u = await createUser();
    expect((await freeze(u, { from: "elsewhere" })).status).toBe(400);
    expect((await freeze(u, { from: "notification" })).status).toBe(200);
    expect((await historyOf(u.id))[0]!.how).toBe("NOTIFICATION");
  });

  it("offers the lock in the new-device notification, in Korean and English", async () => {
    const u = await createUser();
    await (await getDb()).execute(
      sql`INSERT INTO notifications (user_id, kind, params) VALUES (${u.id}, 'new_device_login', '{"device":"Chrome · macOS","ip":"10.0.0.9"}'::jsonb)`,
    );
    const ko = await call(inboxRoute, "GET", "/api/notifications?page=1&limit=20", { cookie: u.cookie });
    const item = ko.body.items.find((n: { kind: string }) => n.kind === "new_device_login");
    expect(item.action).toEqual({ label: "본인이 아닌가요? 계정 잠그기", href: "/settings/lock?from=notification" });
    const en = await call(inboxRoute, "GET", "/api/notifications?page=1&limit=20", {
      cookie: `${u.cookie}; NEXT_LOCALE=en`,
    });
    expect(en.body.items.find((n: { kind: string }) => n.kind === "new_device_login").action.label).toBe(
      "Not you? Lock your account",
    );
  });
});

describe(`account freeze — nothing leaves (${where})`, () => {
  it("refuses transfers and withdrawals with 403 ACCOUNT_FROZEN and writes nothing; a swap into the lock goes on", async () => {
    const u = await approvedMember();
    await fund(u.id, { holding: "20", staked: "100" });
    await freeze(u);
    const s = await anotherSession(u);
    const before = await snapshot(u.id);
    for (const type of ["WITHDRAW", "TRANSFER"] as const) {
      const res = await askTransfer(s, { coinSymbol: "WLD", amount: "10", type });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ACCOUNT_FROZEN");
      expect(res.body.error).toContain("계정이 잠겨");
    }
    const en = await askTransfer(s, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" }, "en");
    expect(en.body.error).toContain("Your account is locked");
    expect(await snapshot(u.id)).toEqual(before);
    const swap = await call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
      cookie: s.cookie,
      body: { amount: "5" },
      params: { userId: u.userId },
    });
    expect(swap.status).toBe(200);
    expect((await wld(u.id)).staked).toBe("105");
    await expectLedgerConsistent();
  });

  it("rejects the pending withdrawal it finds, its hold back in the lock", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const asked = await askTransfer(u, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" });
    expect(asked.status).toBe(201);
    expect((await wld(u.id)).held).not.toBe("0");
    await freeze(u);
    const [r] = await rowsOfSql<{ status: string; reason: string | null }>(
      sql`SELECT status, reason FROM requests WHERE id = ${asked.body.request.id}`,
    );
    expect(r).toMatchObject({ status: "REJECTED", reason: "account locked" });
    expect(await wld(u.id)).toMatchObject({ staked: "100", held: "0" });
    await expectLedgerConsistent();
  });
});

describe(`account freeze — the member unfreezes (${where})`, () => {
  it("needs the password, then starts the 24-hour cool-down; transfers wait for it", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    await freeze(u);
    const s = await anotherSession(u);
    expect((await unfreeze(s, {})).status).toBe(400);
    const wrong = await unfreeze(s, { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    expect((await state(s)).body.frozen).toBe(true);
    const t0 = now().getTime();
    const ok = await unfreeze(s, { password: u.password });
    expect(ok.status).toBe(200);
    const until = new Date(ok.body.cooldownUntil).getTime();
    expect(until).toBeGreaterThanOrEqual(t0 + DAY);
    expect(until).toBeLessThanOrEqual(t0 + DAY + 120_000);
    expect(new Date((await cooldownOf(u.id))!).getTime()).toBe(until);
    expect((await state(s)).body).toMatchObject({ frozen: false, cooldownUntil: ok.body.cooldownUntil });
    const res = await askTransfer(s, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("COOLDOWN");
    // A day later the money moves again.
    setTestClock(new Date(until + 60_000));
    expect((await askTransfer(s, { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" })).status).toBe(201);
    setTestClock(null);
    expect(await historyOf(u.id)).toEqual([
      { how: "SETTINGS", unfreeze_how: "SELF", unfrozen_by: u.id, proposal_id: null },
    ]);
    const audit = (await auditRows("ACCOUNT_UNFREEZE")).filter((r) => r.target_user_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ how: "SELF", cooldownUntil: ok.body.cooldownUntil });
    expect(await notificationKinds(u.id)).toContainEqual({
      kind: "account_unfrozen",
      params: { by: "self", cooldownUntil: ok.body.cooldownUntil },
    });
    // Not frozen any more: 409.
    expect((await unfreeze(s, { password: u.password })).body.code).toBe("NOT_FROZEN");
  });

  it("with two-factor on, needs a code as well", async () => {
    const u = await createUser();
    const start = await call(enrolRoute, "POST", "/api/two-factor/enrol", {
      cookie: u.cookie,
      body: { currentPassword: u.password },
    });
    const key = String(start.body.manualKey).replace(/\s/g, "");
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" }).generate({
        timestamp: now().getTime(),
      });
    expect(
      (await call(confirmRoute, "POST", "/api/two-factor/confirm", { cookie: u.cookie, body: { code: code() } }))
        .status,
    ).toBe(200);
    await freeze(u);
    const s = await anotherSession(u);
    expect((await state(s)).body.twoFactor).toBe(true);
    const noCode = await unfreeze(s, { password: u.password });
    expect(noCode.status).toBe(403);
    expect(noCode.body.code).toBe("TWO_FACTOR_REQUIRED");
    const badCode = await unfreeze(s, { password: u.password, otp: "000000" });
    expect(badCode.status).toBe(400);
    expect(badCode.body.code).toBe("INVALID_OTP");
    setTestClock(new Date(now().getTime() + 30_000)); // the next step: a code is accepted once
    const ok = await unfreeze(s, { password: u.password, otp: code() });
    expect(ok.status).toBe(200);
    expect((await state(s)).body.frozen).toBe(false);
  });
});

describe(`account freeze — an administrator unfreezes only through four-eyes (${where})`, () => {
  it("proposes (202, nothing changes), refuses self-approval, applies on a second administrator's approval", async () => {
    const u = await approvedMember();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const notFrozen = await proposeUnfreeze(a, u);
    expect(notFrozen.status).toBe(409);
    expect(notFrozen.body.code).toBe("NOT_FROZEN");
    await freeze(u);
    expect((await proposeUnfreeze(a, u, {})).body.code).toBe("PROPOSAL_REASON_REQUIRED");
    const proposed = await proposeUnfreeze(a, u);
    expect(proposed.status).toBe(202);
    const id = proposed.body.proposal.id as number;
    expect(proposed.body.proposal).toMatchObject({ kind: "account_unfreeze", status: "PENDING" });
    expect((await proposeUnfreeze(b, u)).body.code).toBe("CONFLICT");
    const view = await call(adminFreezeRoute, "GET", `/api/admin/users/${u.id}/freeze`, {
      cookie: b.cookie,
      params: { id: String(u.id) },
    });
    expect(view.body).toMatchObject({ frozen: true, pendingProposalId: id });
    // Still frozen; the proposer cannot approve their own.
    const self = await approve(a, id);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe("SELF_APPROVAL");
    const s = await anotherSession(u);
    expect((await state(s)).body.frozen).toBe(true);
    // A second administrator approves: unfrozen, cool-down started, the member told, audited.
    const t0 = now().getTime();
    const ok = await approve(b, id);
    expect(ok.status).toBe(200);
    expect(ok.body.proposal.status).toBe("APPROVED");
    const st = (await state(s)).body;
    expect(st.frozen).toBe(false);
    expect(new Date(st.cooldownUntil).getTime()).toBeGreaterThanOrEqual(t0 + DAY);
    expect(await historyOf(u.id)).toEqual([
      { how: "SETTINGS", unfreeze_how: "PROPOSAL", unfrozen_by: b.id, proposal_id: String(id) },
    ]);
    const audit = (await auditRows("ACCOUNT_UNFREEZE")).filter((r) => r.target_user_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(b.id);
    expect(audit[0]!.after).toMatchObject({ how: "PROPOSAL", proposal: id, proposedBy: a.id });
    expect((await notificationKinds(u.id)).map((n) => n.kind)).toContain("account_unfrozen");
    expect((await approve(b, id)).status).toBe(409);
  });

  it("a member who unfreezes themselves cancels the administrators' pending proposal", async () => {
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    await freeze(u);
    const id = (await proposeUnfreeze(a, u)).body.proposal.id as number;
    const s = await anotherSession(u);
    expect((await unfreeze(s, { password: u.password })).status).toBe(200);
    const [p] = await rowsOfSql<{ status: string; decision_note: string }>(
      sql`SELECT status, decision_note FROM proposals WHERE id = ${id}`,
    );
    expect(p).toMatchObject({ status: "CANCELLED", decision_note: "member unfroze the account" });
  });

  it("members and staff without member.unfreeze cannot propose; an administrator not on their own account", async () => {
    const u = await createUser();
    const a = await createUser({ role: "ADMIN" });
    await freeze(u);
    const other = await createUser();
    expect((await proposeUnfreeze(other, u)).status).toBe(403);
    expect((await proposeUnfreeze(a, a)).status).toBe(403);
  });
});

describe.runIf(onPostgres())(`account freeze — racing a withdrawal (${where})`, () => {
  it("a withdrawal is created before the freeze (then rejected by it) or refused — never after", async () => {
    const db = await getDb();
    const outcomes = { before: 0, refused: 0 };
    for (let i = 0; i < 30; i++) {
      const u = await approvedMember();
      await fund(u.id, { staked: "100" });
      const [w, f] = await Promise.allSettled([
        createTransferRequest(db, {
          userId: u.id,
          type: "WITHDRAW",
          coin: "WLD",
          amount: new D("10"),
          priceKrw: "2800",
          walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
        }),
        freezeAccount({ id: u.id }, "SETTINGS", { ip: "10.9.9.9", requestId: `race-${i}` }),
      ]);
      expect(f.status).toBe("fulfilled");
      const rows = await rowsOfSql<{ status: string; created_at: Date; frozen_at: Date }>(
        sql`SELECT r.status, r.created_at, f.frozen_at FROM requests r JOIN account_freezes f ON f.user_id = r.user_id
          WHERE r.user_id = ${u.id}`,
      );
      if (w.status === "fulfilled") {
        outcomes.before += 1;
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe("REJECTED");
        expect(f.status === "fulfilled" && f.value.requestsRejected).toBe(1);
      } else {
        outcomes.refused += 1;
        expect(isAppError(w.reason) && w.reason.code).toBe("ACCOUNT_FROZEN");
        expect(rows).toHaveLength(0);
      }
      expect(await wld(u.id)).toMatchObject({ staked: "100", held: "0" });
    }
    expect(outcomes.before + outcomes.refused).toBe(30);
    await expectLedgerConsistent();
  });

  it("a withdrawal meeting a freeze in progress waits for it, then is refused", async () => {
    const db = await getDb();
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const freezing = db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET frozen_at = now() WHERE id = ${u.id}`);
      locked();
      await gate;
    });
    await isLocked;
    const asking = createTransferRequest(db, {
      userId: u.id,
      type: "WITHDRAW",
      coin: "WLD",
      amount: new D("10"),
      priceKrw: "2800",
      walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
    }).then(
      () => "created",
      (e: unknown) => (isAppError(e) ? e.code : String(e)),
    );
    const early = await Promise.race([asking, new Promise((r) => setTimeout(() => r("waiting"), 400))]);
    expect(early).toBe("waiting");
    release();
    await freezing;
    expect(await asking).toBe("ACCOUNT_FROZEN");
    expect(await snapshot(u.id)).toMatchObject({ requests: 0 });
  });
});
