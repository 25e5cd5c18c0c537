/**
 * Staff roles, through the real route handlers: SUPPORT (고객지원), FINANCE (재무) and COMPLIANCE
 * (준법감시) each hold exactly their permissions (lib/auth/permissions.ts). Granting one is a four-eyes `role`
 * proposal a second SUPERADMIN approves (never the proposer, never the account itself, never FINANCE); a demotion
 * to USER is direct; every role change ends the member's sessions. FINANCE is a second pair of eyes on money
 * proposals only; SUPPORT reads members but moves nothing; COMPLIANCE reads the audit log and exports but decides
 * no request; no staff role touches an ADMIN's or SUPERADMIN's account, nor its own.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as rejectRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as auditRoute from "@/app/api/admin/audit/route";
import * as auditExportRoute from "@/app/api/admin/export/audit/route";
import * as requestsRoute from "@/app/api/admin/requests/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as roleRoute from "@/app/api/admin/users/[id]/toggle-role/route";
import * as transactionsRoute from "@/app/api/admin/users/[id]/transactions/route";
import * as membersRoute from "@/app/api/admin/users/paginated/route";
import * as profileRoute from "@/app/api/users/by-id/[userId]/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { getDb, rowsOf } from "@/db/client";
import type { Role } from "@/db/schema";
import { can, keepsEveryPermission, permissionsOf } from "@/lib/auth/permissions";
import { ADMIN_IDLE_SEC, idleSecondsOf, MEMBER_IDLE_SEC } from "@/lib/auth/session";
import { createDepositRequestRow, wld } from "../factories/money";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { loginAs, sessionCookieOf } from "./auth-helpers";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const ADMIN_2FA_OF_RUN = process.env.ADMIN_2FA;

afterEach(() => {
  if (ADMIN_2FA_OF_RUN === undefined) delete process.env.ADMIN_2FA;
  else process.env.ADMIN_2FA = ADMIN_2FA_OF_RUN;
});

type Caller = { cookie: string };

const setRole = (who: Caller, target: { id: number }, role: Role, reason?: string) =>
  call(roleRoute, "PATCH", `/api/admin/users/${target.id}/toggle-role`, {
    cookie: who.cookie,
    params: { id: String(target.id) },
    body: reason ? { role, reason } : { role },
  });
const approve = (who: Caller, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, { cookie: who.cookie, params: { id: String(id) } });
const reject = (who: Caller, id: number) =>
  call(rejectRoute, "POST", `/api/admin/proposals/${id}/reject`, {
    cookie: who.cookie,
    params: { id: String(id) },
    body: { note: "확인 필요" },
  });
const credit = (who: Caller, member: { id: number }, amount: string) =>
  call(coinRoute, "PATCH", `/api/admin/users/${member.id}/coin`, {
    cookie: who.cookie,
    params: { id: String(member.id) },
    body: { symbol: "WLD", amount, action: "DEPOSIT", reason: "이벤트 보상" },
  });
const memberList = (who: Caller) =>
  call(membersRoute, "GET", "/api/admin/users/paginated?page=1&limit=100", { cookie: who.cookie });
const history = (who: Caller, member: { id: number }) =>
  call(transactionsRoute, "GET", `/api/admin/users/${member.id}/transactions`, {
    cookie: who.cookie,
    params: { id: String(member.id) },
  });
const profile = (who: Caller, member: { userId: string }) =>
  call(profileRoute, "GET", `/api/users/by-id/${member.userId}`, {
    cookie: who.cookie,
    params: { userId: member.userId },
  });
const decide = (who: Caller, requestId: number) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${requestId}`, {
    cookie: who.cookie,
    params: { id: String(requestId) },
    body: { action: "APPROVE", krwReceived: 20000 },
  });

async function roleOf(id: number) {
  const [r] = rowsOf<{ role: string; approver_from: Date | string | null }>(
    await (await getDb()).execute(sql`SELECT role, approver_from FROM users WHERE id = ${id}`),
  );
  return r!;
}
async function proposalStatus(id: number) {
  const [r] = rowsOf<{ status: string; decision_note: string | null }>(
    await (await getDb()).execute(sql`SELECT status, decision_note FROM proposals WHERE id = ${id}`),
  );
  return r!;
}
async function signIn(u: { userId: string }): Promise<Caller> {
  const res = await loginAs(u.userId, DEFAULT_PASSWORD);
  expect(res.status).toBe(200);
  return { cookie: sessionCookieOf(res.headers) as string };
}
const alive = async (who: Caller) => (await call(sessionsRoute, "GET", "/api/sessions", { cookie: who.cookie })).status;

describe(`staff roles: the permission table (${where})`, () => {
  it("each staff role holds exactly its permissions; the administrators keep all of theirs", () => {
    expect(permissionsOf("USER")).toEqual([]);
    expect(permissionsOf("SUPPORT").sort()).toEqual(
      [
        "console.open",
        "members.list",
        "member.read",
        "waiting.read",
        "notices.manage",
        "support.read",
        "support.answer",
      ].sort(),
    );
    expect(permissionsOf("FINANCE").sort()).toEqual(
      [
        "console.open",
        "members.list",
        "member.read",
        "waiting.read",
        "dashboard.read",
        "requests.list",
        "request.decide",
        "request.payout",
        "proposals.read",
        "proposals.decide",
        "proposals.decide-money",
        "reconciliation.read",
      ].sort(),
    );
    expect(permissionsOf("COMPLIANCE").sort()).toEqual(
      [
        "console.open",
        "members.list",
        "member.read",
        "waiting.read",
        "audit.read",
        "data.export",
        "travel-rule.read",
        "travel-rule.export",
        "cases.read",
        "cases.decide",
        "fraud-rules.manage",
      ].sort(),
    );
    // No staff role holds a balance-changing permission of its own.
    for (const role of ["SUPPORT", "FINANCE", "COMPLIANCE"] as const)
      for (const p of ["member.credit", "member.swap", "member.rate", "member.kyc", "member.role"] as const)
        expect(can(role, p), `${role} ${p}`).toBe(false);
    // ADMIN holds every staff permission; SUPERADMIN every permission there is.
    for (const role of ["SUPPORT", "FINANCE", "COMPLIANCE"] as const)
      expect(keepsEveryPermission(role, "ADMIN"), role).toBe(true);
    expect(keepsEveryPermission("ADMIN", "SUPERADMIN")).toBe(true);
    expect(keepsEveryPermission("ADMIN", "FINANCE")).toBe(false);
  });

  it("staff sessions are console sessions: the console's idle timeout", () => {
    for (const role of ["SUPPORT", "FINANCE", "COMPLIANCE", "ADMIN", "SUPERADMIN"] as const)
      expect(idleSecondsOf(role), role).toBe(ADMIN_IDLE_SEC);
    expect(idleSecondsOf("USER")).toBe(MEMBER_IDLE_SEC);
  });
});

describe(`granting a staff role is a four-eyes proposal (${where})`, () => {
  it("a SUPERADMIN proposes SUPPORT, neither they nor the member nor FINANCE approves it, a second SUPERADMIN does", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const finance = await createUser({ role: "FINANCE" });
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();

    // An ADMIN or a staff member may not even propose it.
    expect((await setRole(admin, u, "SUPPORT", "상담 인력")).status).toBe(403);
    expect((await setRole(finance, u, "SUPPORT", "상담 인력")).status).toBe(403);
    // Without a reason: 400; with one: a proposal, the member still a USER.
    expect((await setRole(sa1, u, "SUPPORT")).body.code).toBe("PROPOSAL_REASON_REQUIRED");
    const grant = await setRole(sa1, u, "SUPPORT", "고객지원 담당 채용");
    expect(grant.status).toBe(202);
    expect(grant.body.proposal).toMatchObject({
      kind: "role",
      status: "PENDING",
      payload: { role: "SUPPORT", before: "USER" },
      proposedBy: { id: sa1.id },
    });
    const id = grant.body.proposal.id as number;
    expect((await roleOf(u.id)).role).toBe("USER");

    expect((await approve(sa1, id)).body.code).toBe("SELF_APPROVAL");
    expect((await approve(u, id)).status).toBe(403);
    // FINANCE decides money proposals only: a role proposal is refused, approving and rejecting alike.
    expect((await approve(finance, id)).status).toBe(403);
    expect((await reject(finance, id)).status).toBe(403);
    expect((await proposalStatus(id)).status).toBe("PENDING");
    expect(await alive(u)).toBe(200);

    const ok = await approve(sa2, id);
    expect(ok.status).toBe(200);
    expect(ok.body.proposal).toMatchObject({ status: "APPROVED", decidedBy: { id: sa2.id } });
    const after = await roleOf(u.id);
    expect(after.role).toBe("SUPPORT");
    // Promoted: signed out everywhere, and 72 hours before approving anything.
    expect(after.approver_from).not.toBeNull();
    expect(await alive(u)).toBe(401);

    // Signed in again, the SUPPORT member opens the member list.
    const asSupport = await signIn(u);
    expect((await memberList(asSupport)).status).toBe(200);
  });

  it("FINANCE and COMPLIANCE are granted the same way; the payload read back must name a console role", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    for (const role of ["FINANCE", "COMPLIANCE"] as const) {
      const u = await createUser();
      const grant = await setRole(sa1, u, role, "인력 배치");
      expect(grant.status).toBe(202);
      expect(grant.body.proposal.payload).toEqual({ role, before: "USER" });
      expect((await approve(sa2, grant.body.proposal.id)).status).toBe(200);
      expect((await roleOf(u.id)).role).toBe(role);
    }
    // A stored payload that names no console role is never applied (checked when read back).
    const u = await createUser();
    const grant = await setRole(sa1, u, "COMPLIANCE", "인력 배치");
    const id = grant.body.proposal.id as number;
    await (await getDb()).execute(
      sql`UPDATE proposals SET payload = '{"role":"USER","before":"USER"}'::jsonb WHERE id = ${id}`,
    );
    expect((await approve(sa2, id)).status).toBe(409);
    expect((await roleOf(u.id)).role).toBe("USER");
  });

  it("demotion to USER is direct and ends the sessions; ADMIN → a staff role is a proposal that cancels what the ADMIN proposed", async () => {
    const sa1 = await createUser({ role: "SUPERADMIN" });
    const sa2 = await createUser({ role: "SUPERADMIN" });
    const support = await createUser({ role: "SUPPORT" });
    expect(await alive(support)).toBe(200);
    const down = await setRole(sa1, support, "USER");
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ id: support.id, userId: support.userId, role: "USER" });
    expect((await roleOf(support.id)).role).toBe("USER");
    expect(await alive(support)).toBe(401);
    const asMember = await signIn(support);
    expect((await memberList(asMember)).status).toBe(403);

    // An ADMIN with a pending 50,000 WLD proposal is moved to FINANCE: FINANCE may not propose credits, so the
    // pending proposal is cancelled with the move.
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const big = await credit(admin, member, "50000");
    expect(big.status).toBe(202);
    const pid = big.body.proposal.id as number;
    const move = await setRole(sa1, admin, "FINANCE", "재무팀 이동");
    expect(move.status).toBe(202);
    expect(move.body.proposal.payload).toEqual({ role: "FINANCE", before: "ADMIN" });
    expect((await approve(sa2, move.body.proposal.id)).status).toBe(200);
    expect((await roleOf(admin.id)).role).toBe("FINANCE");
    expect(await proposalStatus(pid)).toEqual({ status: "CANCELLED", decision_note: "proposer demoted" });
    expect((await wld(member.id)).holding).toBe("0");
  });
});

describe(`what each staff role may do (${where})`, () => {
  it("FINANCE approves a money proposal (another person's), never credits directly, and decides requests", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const finance = await createUser({ role: "FINANCE" });
    const member = await createUser();
    expect((await credit(finance, member, "1")).status).toBe(403);
    const big = await credit(admin, member, "50000");
    expect(big.status).toBe(202);
    const ok = await approve(finance, big.body.proposal.id);
    expect(ok.status).toBe(200);
    expect((await wld(member.id)).holding).toBe("50000");

    // The request queue and a decision on another member's deposit.
    expect((await call(requestsRoute, "GET", "/api/admin/requests", { cookie: finance.cookie })).status).toBe(200);
    const rid = await createDepositRequestRow(member.id);
    const decided = await decide(finance, rid);
    expect(decided.status).toBe(200);
    expect(decided.body.request.status).toBe("APPROVED");
    await expectLedgerConsistent();
  });

  it("no staff role acts on its own account or on an ADMIN's or SUPERADMIN's", async () => {
    const finance = await createUser({ role: "FINANCE" });
    const support = await createUser({ role: "SUPPORT" });
    const admin = await createUser({ role: "ADMIN" });
    const sa = await createUser({ role: "SUPERADMIN" });
    // Its own request: 403 SELF_ACTION; an ADMIN's or a SUPERADMIN's: 403.
    const own = await createDepositRequestRow(finance.id);
    expect((await decide(finance, own)).body.code).toBe("SELF_ACTION");
    for (const target of [admin, sa]) {
      const rid = await createDepositRequestRow(target.id);
      expect((await decide(finance, rid)).status).toBe(403);
      expect((await history(support, target)).status).toBe(403);
      expect((await profile(support, target)).status).toBe(403);
    }
    // An ADMIN still decides another ADMIN's request (unchanged).
    const other = await createUser({ role: "ADMIN" });
    const rid = await createDepositRequestRow(other.id);
    const byAdmin = await decide(admin, rid);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    // Lists leave out what a staff role may not read: no ADMIN or SUPERADMIN row.
    const list = await memberList(support);
    expect(list.status).toBe(200);
    const roles = new Set((list.body.users as { role: string }[]).map((r) => r.role));
    expect(roles.has("ADMIN")).toBe(false);
    expect(roles.has("SUPERADMIN")).toBe(false);
    const reqs = await call(requestsRoute, "GET", "/api/admin/requests?status=PENDING&limit=50", {
      cookie: finance.cookie,
    });
    expect(reqs.status).toBe(200);
    const owners = new Set((reqs.body.items as { user: { userId: string } }[]).map((r) => r.user.userId));
    expect(owners.has(finance.userId)).toBe(true);
    expect(owners.has(admin.userId) || owners.has(sa.userId) || owners.has(other.userId)).toBe(false);
  });

  it("SUPPORT reads a member but cannot credit, decide or read the audit log", async () => {
    const support = await createUser({ role: "SUPPORT" });
    const member = await createUser();
    expect((await memberList(support)).status).toBe(200);
    expect((await history(support, member)).status).toBe(200);
    expect((await profile(support, member)).status).toBe(200);
    expect((await credit(support, member, "1")).status).toBe(403);
    expect((await decide(support, await createDepositRequestRow(member.id))).status).toBe(403);
    expect((await call(auditRoute, "GET", "/api/admin/audit", { cookie: support.cookie })).status).toBe(403);
    expect((await wld(member.id)).holding).toBe("0");
  });

  it("COMPLIANCE reads the audit log and exports it, but decides no request and approves no proposal", async () => {
    const compliance = await createUser({ role: "COMPLIANCE" });
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    expect((await call(auditRoute, "GET", "/api/admin/audit", { cookie: compliance.cookie })).status).toBe(200);
    const csv = await call(auditExportRoute, "GET", "/api/admin/export/audit", { cookie: compliance.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await decide(compliance, await createDepositRequestRow(member.id))).status).toBe(403);
    expect((await call(requestsRoute, "GET", "/api/admin/requests", { cookie: compliance.cookie })).status).toBe(403);
    const big = await credit(admin, member, "50000");
    expect((await approve(compliance, big.body.proposal.id)).status).toBe(403);
    expect((await wld(member.id)).holding).toBe("0");
  });

  it("with ADMIN_2FA=required a staff session without two-factor is refused like an administrator's", async () => {
    process.env.ADMIN_2FA = "required";
    const support: TestUser = await createUser({ role: "SUPPORT" });
    const res = await memberList(support);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
  });
});
