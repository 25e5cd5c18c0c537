/**
 * No account grants itself a second pair of eyes (SECURITY.md I39), through the real route handlers: granting ADMIN
 * or SUPERADMIN and resetting another administrator's password or two-factor are proposals another SUPERADMIN
 * approves; a reset's temporary password is made at the approval, shown to that approver once, and must be changed
 * before anything else answers; an account promoted or reset approves nothing for 72 hours (403 APPROVER_TOO_NEW,
 * with the time it opens); a proposer demoted or deactivated takes their pending proposals with them (CANCELLED).
 * The two attack paths of the issue are played out whole: (a) a SUPERADMIN promotes a second account of their own
 * and approves with it; (b) with ADMIN_2FA=required a SUPERADMIN resets an ADMIN's password and two-factor, signs in
 * as that ADMIN and approves their own 50,000 WLD proposal.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as listRoute from "@/app/api/admin/proposals/route";
import * as memberRoute from "@/app/api/admin/users/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as passwordResetRoute from "@/app/api/admin/users/[id]/password-reset/route";
import * as roleRoute from "@/app/api/admin/users/[id]/toggle-role/route";
import * as twoFactorResetRoute from "@/app/api/admin/users/[id]/two-factor-reset/route";
import * as adminUsersRoute from "@/app/api/admin/users/paginated/route";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as logoutRoute from "@/app/api/logout/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as twoFactorStatusRoute from "@/app/api/two-factor/route";
import * as confirmRoute from "@/app/api/two-factor/confirm/route";
import * as enrolRoute from "@/app/api/two-factor/enrol/route";
import * as profileRoute from "@/app/api/users/by-id/[userId]/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { getDb, rowsOf } from "@/db/client";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";
import { wld } from "../factories/money";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { loginAs, sessionCookieOf } from "./auth-helpers";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const HOUR = 3_600_000;
const ADMIN_2FA_OF_RUN = process.env.ADMIN_2FA;

afterEach(() => {
  setTestClock(null);
  if (ADMIN_2FA_OF_RUN === undefined) delete process.env.ADMIN_2FA;
  else process.env.ADMIN_2FA = ADMIN_2FA_OF_RUN;
});

type Caller = { cookie: string };

const adminPatch = (route: object, path: string, who: Caller, target: { id: number }, body?: unknown) =>
  call(route, "PATCH", `/api/admin/users/${target.id}/${path}`, {
    cookie: who.cookie,
    params: { id: String(target.id) },
    body,
  });

const approve = (who: Caller, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, { cookie: who.cookie, params: { id: String(id) } });

const credit50k = (who: Caller, member: { id: number }) =>
  adminPatch(coinRoute, "coin", who, member, {
    symbol: "WLD",
    amount: "50000",
    action: "DEPOSIT",
    reason: "이벤트 보상",
  });

/** A fresh session of `u` through POST /api/login (password only: two-factor off). */
async function signIn(u: { userId: string }, password: string): Promise<Caller> {
  const res = await loginAs(u.userId, password);
  expect(res.status).toBe(200);
  const cookie = sessionCookieOf(res.headers);
  expect(cookie).toBeDefined();
  return { cookie: cookie as string };
}

async function row(id: number) {
  const [r] = rowsOf<{ role: string; password_change_required: boolean; approver_from: Date | string | null }>(
    await (await getDb()).execute(
      sql`SELECT role, password_change_required, approver_from FROM users WHERE id = ${id}`,
    ),
  );
  return r!;
}

async function proposalRow(id: number) {
  const [r] = rowsOf<{ status: string; decision_note: string | null; decided_by: number | null }>(
    await (await getDb()).execute(sql`SELECT status, decision_note, decided_by FROM proposals WHERE id = ${id}`),
  );
  return r!;
}

const codeOf = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: now().getTime(),
  });

/** Enrols the caller's account from this session (it then counts as a two-factor session). */
async function enrol(who: Caller, password: string) {
  const start = await call(enrolRoute, "POST", "/api/two-factor/enrol", {
    cookie: who.cookie,
    body: { currentPassword: password },
  });
  expect(start.status).toBe(200);
  const done = await call(confirmRoute, "POST", "/api/two-factor/confirm", {
    cookie: who.cookie,
    body: { code: codeOf(start.body.manualKey) },
  });
  expect(done.status).toBe(200);
}

describe(`granting an administrator role is a proposal (${where})`, () => {
  it("I39 (a) a SUPERADMIN promoting a second account of their own cannot approve with it: a proposal, then 72 hours", async () => {
    setTestClock("2031-05-01T00:00:00Z");
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const own = await createUser(); // sa1's second account: sa1 knows its password
    const member = await createUser();

    // The grant needs a reason, and then only proposes: the account is still a USER.
    const noReason = await adminPatch(roleRoute, "toggle-role", sa1, own, { role: "SUPERADMIN" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("PROPOSAL_REASON_REQUIRED");
    const grant = await adminPatch(roleRoute, "toggle-role", sa1, own, {
      role: "SUPERADMIN",
      reason: "운영 인력 추가",
    });
    expect(grant.status).toBe(202);
    expect(grant.body.proposal).toMatchObject({
      kind: "role",
      status: "PENDING",
      target: { id: own.id, userId: own.userId },
      payload: { role: "SUPERADMIN", before: "USER" },
      proposedBy: { id: sa1.id },
    });
    expect((await row(own.id)).role).toBe("USER");
    const grantId = grant.body.proposal.id as number;

    // Neither the proposer nor the account itself supplies the second pair of eyes.
    expect((await approve(sa1, grantId)).body.code).toBe("SELF_APPROVAL");
    expect((await approve(own, grantId)).status).toBe(403);
    expect((await row(own.id)).role).toBe("USER");

    // Another SUPERADMIN approves: the account is a SUPERADMIN now, signed out, and waits 72 hours.
    const granted = await approve(sa2, grantId);
    expect(granted.status).toBe(200);
    expect(granted.body.proposal).toMatchObject({ status: "APPROVED", decidedBy: { id: sa2.id } });
    expect(granted.body.temporaryPassword).toBeUndefined();
    const promotedAt = now().getTime();
    expect((await row(own.id)).role).toBe("SUPERADMIN");
    expect((await call(sessionsRoute, "GET", "/api/sessions", { cookie: own.cookie })).status).toBe(401);

    // sa1 proposes 50,000 WLD an hour later and approves it with the new account: refused until the wait is over.
    advanceTestClock(HOUR);
    const proposal = await credit50k(sa1, member);
    expect(proposal.status).toBe(202);
    const pid = proposal.body.proposal.id as number;
    const asOwn = await signIn(own, DEFAULT_PASSWORD);
    const early = await approve(asOwn, pid);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe("APPROVER_TOO_NEW");
    const opensAt = new Date(promotedAt + 72 * HOUR);
    expect(early.body.opensAt).toBe(opensAt.toISOString());
    expect(early.body.error).toContain("2031-05-04 09:00 KST");
    expect((await proposalRow(pid)).status).toBe("PENDING");
    expect((await wld(member.id)).holding).toBe("0");

    // One minute before it opens: still refused. At the minute after: the account may approve.
    advanceTestClock(70 * HOUR);
    expect(now().getTime()).toBe(opensAt.getTime() - HOUR);
    advanceTestClock(HOUR - 60_000);
    expect((await approve(asOwn, pid)).body.code).toBe("APPROVER_TOO_NEW");
    advanceTestClock(2 * 60_000);
    const late = await approve(asOwn, pid);
    expect(late.status).toBe(200);
    expect((await wld(member.id)).holding).toBe("50000");
    await expectLedgerConsistent();
  });

  it("granting ADMIN is a proposal too; demoting to USER is direct and the role already held changes nothing", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    const grant = await adminPatch(roleRoute, "toggle-role", sa1, u, { role: "ADMIN", reason: "고객센터 담당" });
    expect(grant.status).toBe(202);
    expect(grant.body.proposal.payload).toEqual({ role: "ADMIN", before: "USER" });
    expect((await approve(sa2, grant.body.proposal.id)).status).toBe(200);
    expect((await row(u.id)).role).toBe("ADMIN");
    expect((await row(u.id)).approver_from).not.toBeNull();

    // Already an ADMIN: nothing to propose.
    const same = await adminPatch(roleRoute, "toggle-role", sa1, u, { role: "ADMIN" });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ id: u.id, userId: u.userId, role: "ADMIN" });
    // Taking the role away needs nobody else.
    const demote = await adminPatch(roleRoute, "toggle-role", sa1, u, { role: "USER" });
    expect(demote.status).toBe(200);
    expect(demote.body.role).toBe("USER");
    expect((await row(u.id)).role).toBe("USER");
  });

  it("an ADMIN's promotion to SUPERADMIN is a proposal; an ADMIN can neither propose nor approve a grant", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const other = await createUser({ role: "ADMIN" });
    expect((await adminPatch(roleRoute, "toggle-role", admin, other, { role: "SUPERADMIN", reason: "x" })).status).toBe(
      403,
    );
    const grant = await adminPatch(roleRoute, "toggle-role", sa1, other, { role: "SUPERADMIN", reason: "승격" });
    expect(grant.status).toBe(202);
    expect(grant.body.proposal.payload).toEqual({ role: "SUPERADMIN", before: "ADMIN" });
    expect((await approve(admin, grant.body.proposal.id)).status).toBe(403);
    expect((await row(other.id)).role).toBe("ADMIN");
  });
});

describe(`resetting an administrator's password or two-factor is a proposal (${where})`, () => {
  it("I39 (b) with ADMIN_2FA=required: the reset ADMIN must change the password first, and then still cannot approve for 72 hours", async () => {
    process.env.ADMIN_2FA = "required";
    setTestClock("2031-06-01T00:00:00Z");
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    for (const u of [sa1, sa2, admin]) await enrol(u, DEFAULT_PASSWORD);

    const proposal = await credit50k(sa1, member);
    expect(proposal.status).toBe(202);
    const pid = proposal.body.proposal.id as number;

    // The resets are proposals (with a reason); nothing changed yet.
    const noReason = await adminPatch(passwordResetRoute, "password-reset", sa1, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("PROPOSAL_REASON_REQUIRED");
    const pw = await adminPatch(passwordResetRoute, "password-reset", sa1, admin, { reason: "분실 신고" });
    expect(pw.status).toBe(202);
    expect(pw.body).toEqual({ proposal: expect.objectContaining({ kind: "password_reset", status: "PENDING" }) });
    expect(pw.body.proposal.payload).toEqual({ targetRole: "ADMIN" });
    const tf = await adminPatch(twoFactorResetRoute, "two-factor-reset", sa1, admin, { reason: "휴대폰 분실" });
    expect(tf.status).toBe(202);
    expect(tf.body.proposal).toMatchObject({ kind: "two_factor_reset", payload: { targetRole: "ADMIN" } });
    expect((await call(twoFactorStatusRoute, "GET", "/api/two-factor", { cookie: admin.cookie })).body.enabled).toBe(
      true,
    );
    expect((await loginAs(admin.userId, DEFAULT_PASSWORD)).body).toEqual({ twoFactorRequired: true });
    expect((await approve(sa1, pw.body.proposal.id)).body.code).toBe("SELF_APPROVAL");

    // A second SUPERADMIN approves: the temporary password is answered to that approver, once, and kept nowhere.
    const approvedPw = await approve(sa2, pw.body.proposal.id);
    expect(approvedPw.status).toBe(200);
    const temp = approvedPw.body.temporaryPassword as string;
    expect(temp).toMatch(/^\S{14}$/);
    expect(approvedPw.body.proposal.status).toBe("APPROVED");
    expect(JSON.stringify(approvedPw.body.proposal)).not.toContain(temp);
    expect((await approve(sa2, tf.body.proposal.id)).status).toBe(200);
    const db = await getDb();
    const leaks = rowsOf<{ n: string }>(
      await db.execute(sql`SELECT (SELECT count(*) FROM audit_log WHERE concat_ws(' ', before::text, after::text, memo)
          LIKE ${`%${temp}%`}) + (SELECT count(*) FROM proposals WHERE payload::text LIKE ${`%${temp}%`})
          + (SELECT count(*) FROM idempotency_keys WHERE response::text LIKE ${`%${temp}%`}) AS n`),
    );
    expect(Number(leaks[0]?.n)).toBe(0);
    // The ADMIN's own sessions ended with the reset.
    expect((await call(sessionsRoute, "GET", "/api/sessions", { cookie: admin.cookie })).status).toBe(401);

    // Signed in with the temporary password: only the password change (and logout, the session read) answers.
    const asAdmin = await signIn(admin, temp);
    for (const refused of [
      await call(adminUsersRoute, "GET", "/api/admin/users/paginated", { cookie: asAdmin.cookie }),
      await call(listRoute, "GET", "/api/admin/proposals", { cookie: asAdmin.cookie }),
      await approve(asAdmin, pid),
      await call(twoFactorStatusRoute, "GET", "/api/two-factor", { cookie: asAdmin.cookie }),
      await call(enrolRoute, "POST", "/api/two-factor/enrol", {
        cookie: asAdmin.cookie,
        body: { currentPassword: temp },
      }),
      await call(profileRoute, "GET", `/api/users/by-id/${admin.userId}`, {
        cookie: asAdmin.cookie,
        params: { userId: admin.userId },
      }),
      await call(sessionsRoute, "GET", "/api/sessions", { cookie: asAdmin.cookie }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: "PASSWORD_CHANGE_REQUIRED",
        error: "임시 비밀번호로 로그인했습니다. 새 비밀번호로 변경한 뒤 이용해주세요.",
      });
    }
    const me = await call(nextAuthRoute, "GET", "/api/auth/session", {
      cookie: asAdmin.cookie,
      params: { nextauth: ["session"] } as never,
    });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(admin.userId);
    expect((await proposalRow(pid)).status).toBe("PENDING");

    const newPassword = "Own-New-Pass-42";
    const changed = await call(passwordRoute, "PATCH", `/api/users/by-id/${admin.userId}/password`, {
      cookie: asAdmin.cookie,
      params: { userId: admin.userId },
      body: { currentPassword: temp, newPassword },
    });
    expect(changed.status).toBe(200);
    const afterChange = { cookie: sessionCookieOf(changed.headers) as string };
    expect((await row(admin.id)).password_change_required).toBe(false);
    // Changed, but a password-only session of an administrator still needs two-factor under ADMIN_2FA=required.
    const setup = await call(adminUsersRoute, "GET", "/api/admin/users/paginated", { cookie: afterChange.cookie });
    expect(setup.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    await enrol(afterChange, newPassword);
    expect(
      (await call(adminUsersRoute, "GET", "/api/admin/users/paginated", { cookie: afterChange.cookie })).status,
    ).toBe(200);

    // Enrolled on "their own phone" — and still no second pair of eyes for 72 hours.
    const tooNew = await approve(afterChange, pid);
    expect(tooNew.status).toBe(403);
    expect(tooNew.body.code).toBe("APPROVER_TOO_NEW");
    expect(tooNew.body.opensAt).toBe(new Date(now().getTime() + 72 * HOUR).toISOString());
    expect((await proposalRow(pid)).status).toBe("PENDING");
    expect((await wld(member.id)).holding).toBe("0");
    const denied = rowsOf<{ n: string }>(
      await db.execute(sql`SELECT count(*)::text AS n FROM audit_log WHERE action = 'AUTHZ_DENIED'
        AND actor_id = ${admin.id} AND after->>'reason' = 'approver-too-new'`),
    );
    expect(Number(denied[0]?.n)).toBe(1);
    await expectLedgerConsistent();
  });

  it("a member's (USER's) password reset stays direct, and they must change it before anything else answers", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    const reset = await adminPatch(passwordResetRoute, "password-reset", sa, u);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ userId: u.userId, temporaryPassword: expect.any(String) });
    expect((await row(u.id)).password_change_required).toBe(true);
    const s = await signIn(u, reset.body.temporaryPassword);
    const blocked = await call(profileRoute, "GET", `/api/users/by-id/${u.userId}`, {
      cookie: s.cookie,
      params: { userId: u.userId },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("PASSWORD_CHANGE_REQUIRED");
    // Logout still answers.
    const other = await signIn(u, reset.body.temporaryPassword);
    expect((await call(logoutRoute, "POST", "/api/logout", { cookie: other.cookie })).status).toBe(200);

    const changed = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie: s.cookie,
      params: { userId: u.userId },
      body: { currentPassword: reset.body.temporaryPassword, newPassword: "Member-Own-77" },
    });
    expect(changed.status).toBe(200);
    const again = await call(profileRoute, "GET", `/api/users/by-id/${u.userId}`, {
      cookie: sessionCookieOf(changed.headers),
      params: { userId: u.userId },
    });
    expect(again.status).toBe(200);
    // A reset USER may not approve anything for 72 hours either, should they be promoted meanwhile.
    expect((await row(u.id)).approver_from).not.toBeNull();
  });

  it("a member's two-factor reset stays direct; a SUPERADMIN's password reset by another is a proposal", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const u = await createUser();
    await enrol(u, DEFAULT_PASSWORD);
    const direct = await adminPatch(twoFactorResetRoute, "two-factor-reset", sa1, u);
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({ userId: u.userId, reset: true });
    const onSuper = await adminPatch(passwordResetRoute, "password-reset", sa1, sa2, { reason: "잠금 해제" });
    expect(onSuper.status).toBe(202);
    expect(onSuper.body.proposal.payload).toEqual({ targetRole: "SUPERADMIN" });
    // The SUPERADMIN concerned cannot approve their own reset.
    expect((await approve(sa2, onSuper.body.proposal.id)).status).toBe(403);
    expect((await row(sa2.id)).password_change_required).toBe(false);
  });
});

describe(`a proposer demoted or deactivated takes their pending proposals with them (${where})`, () => {
  it("I39 demotion cancels them with the reason, audited, and they can no longer be approved", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const decided = await credit50k(admin, member);
    expect((await approve(sa2, decided.body.proposal.id)).status).toBe(200);
    const open1 = await credit50k(admin, member);
    const open2 = await credit50k(admin, member);
    const othersProposal = await credit50k(sa1, member);
    const ids = [open1.body.proposal.id as number, open2.body.proposal.id as number];

    const demote = await adminPatch(roleRoute, "toggle-role", sa1, admin, { role: "USER" });
    expect(demote.status).toBe(200);
    for (const id of ids) {
      expect(await proposalRow(id)).toEqual({
        status: "CANCELLED",
        decision_note: "proposer demoted",
        decided_by: sa1.id,
      });
      const refused = await approve(sa2, id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "INVALID_STATE", status: "CANCELLED" });
    }
    // What was decided, and other administrators' proposals, stay as they were.
    expect((await proposalRow(decided.body.proposal.id)).status).toBe("APPROVED");
    expect((await proposalRow(othersProposal.body.proposal.id)).status).toBe("PENDING");
    const audited = rowsOf<{ target_id: string; actor_id: number; after: { status: string; note: string } }>(
      await (await getDb()).execute(
        sql`SELECT target_id, actor_id, after FROM audit_log WHERE action = 'proposal.cancel' ORDER BY id`,
      ),
    );
    expect(audited.map((a) => Number(a.target_id)).sort()).toEqual([...ids].sort());
    for (const a of audited) {
      expect(a.actor_id).toBe(sa1.id);
      expect(a.after).toEqual({ status: "CANCELLED", note: "proposer demoted" });
    }
    // The queue shows them CANCELLED with the note.
    const list = await call(listRoute, "GET", "/api/admin/proposals?status=CANCELLED", { cookie: sa2.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { id: number }) => p.id).sort()).toEqual([...ids].sort());
    expect(list.body.items[0]).toMatchObject({ status: "CANCELLED", decisionNote: "proposer demoted" });
    expect((await wld(member.id)).holding).toBe("50000");
    await expectLedgerConsistent();
  });

  it("deactivation cancels them too, in the same change", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const open = await credit50k(admin, member);
    const gone = await call(memberRoute, "DELETE", `/api/admin/users/${admin.id}`, {
      cookie: sa.cookie,
      params: { id: String(admin.id) },
    });
    expect(gone.status).toBe(200);
    expect(await proposalRow(open.body.proposal.id)).toEqual({
      status: "CANCELLED",
      decision_note: "proposer deactivated",
      decided_by: sa.id,
    });
    const [deactivation] = rowsOf<{ after: { proposalsCancelled: number } }>(
      await (await getDb()).execute(
        sql`SELECT after FROM audit_log WHERE action = 'member.deactivate' AND target_user_id = ${admin.id}`,
      ),
    );
    expect(deactivation?.after.proposalsCancelled).toBe(1);
  });
});
