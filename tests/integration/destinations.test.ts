/**
 * Destinations an administrator manages (lib/destinations), through the real route handlers: the list, adding one,
 * blocking at once and allowing through a four-eyes proposal that only a second administrator's approval applies;
 * every change audited with changed_at (the application clock) and changed_by; GET /api/exchanges answers only the
 * allowed ones, and registering a payout address at a blocked exchange is refused with its name.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as destinationRoute from "@/app/api/admin/destinations/[id]/route";
import * as destinationsRoute from "@/app/api/admin/destinations/route";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as exchangesRoute from "@/app/api/exchanges/route";
import * as addrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { setTestClock } from "@/lib/clock";
import type { DestinationDto } from "@/lib/destinations/dto";
import { createUser, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const ADDR = "0x52908400098527886E0F7030069857D2E4169EE7";

afterEach(() => setTestClock(null));

const list = async (admin: TestUser) => {
  const r = await call(destinationsRoute, "GET", "/api/admin/destinations", { cookie: admin.cookie });
  expect(r.status).toBe(200);
  return r.body as { items: DestinationDto[]; total: number };
};
const named = async (admin: TestUser, name: string) => (await list(admin)).items.find((d) => d.name === name)!;

const create = (admin: TestUser, body: unknown, cookie = admin.cookie) =>
  call(destinationsRoute, "POST", "/api/admin/destinations", { cookie, body });

const patch = (admin: TestUser, id: number | string, body: unknown, headers: Record<string, string> = {}) =>
  call(destinationRoute, "PATCH", `/api/admin/destinations/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body,
    headers,
  });

const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

const exchanges = async () => (await call(exchangesRoute, "GET", "/api/exchanges")).body as Record<string, string[]>;

const register = (member: TestUser, walletAddr: string) =>
  call(addrRoute, "POST", "/x", {
    cookie: member.cookie,
    params: { userId: member.userId },
    body: { walletAddr, currentPassword: DEFAULT_PASSWORD },
  });

async function auditOf(id: number) {
  return rowsOf<{ action: string; actor_id: number; before: any; after: any; memo: string | null }>(
    await (await getDb()).execute(sql`
      SELECT action, actor_id, before, after, memo FROM audit_log
      WHERE action LIKE 'destination.%' AND target_id = ${String(id)} ORDER BY id`),
  );
}

const memoHeader = (memo: string) => ({ "x-audit-memo": encodeURIComponent(memo) });

describe(`destinations (${kind})`, () => {
  it("lists the seeded destinations: the Korean registered exchanges allowed, the foreign ones blocked", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { items, total } = await list(admin);
    expect(total).toBe(16);
    expect(items.find((d) => d.name === "Upbit")).toMatchObject({
      networks: ["ERC20", "OP", "WORLDCHAIN"],
      kind: "KR_VASP",
      travelRulePartner: "VERIFYVASP",
      status: "ALLOWED",
      changedBy: null,
      pendingUnblock: null,
    });
    expect(items.find((d) => d.name === "Binance")).toMatchObject({
      kind: "FOREIGN",
      travelRulePartner: null,
      status: "BLOCKED",
      memo: "국내 미신고 해외 거래소",
    });
    expect(items.filter((d) => d.status === "ALLOWED").map((d) => d.name)).toEqual([
      "Upbit",
      "Bithumb",
      "Coinone",
      "Korbit",
    ]);
  });

  it("adds a destination, blocked, audited; a name taken in any letter case is 409; bad input is 400 in the admin's language and changes nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const at = new Date(Date.now() + 60_000);
    setTestClock(at);
    const r = await create(admin, { name: " Gopax ", networks: ["erc20", "op", "ERC20"], kind: "kr_vasp" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      name: "Gopax",
      networks: ["ERC20", "OP"],
      kind: "KR_VASP",
      travelRulePartner: null,
      status: "BLOCKED",
      memo: null,
      changedAt: at.toISOString(),
      changedBy: { id: admin.id, userId: admin.userId },
    });
    const [row] = await auditOf(r.body.id);
    expect(row).toMatchObject({ action: "destination.create", actor_id: admin.id, before: null });
    expect(row!.after).toMatchObject({ name: "Gopax", status: "BLOCKED" });

    const taken = await create(admin, { name: "GOPAX", networks: ["OP"], kind: "KR_VASP" });
    expect([taken.status, taken.body.code]).toEqual([409, "DESTINATION_EXISTS"]);
    const seeded = await create(admin, { name: "upbit", networks: ["OP"], kind: "KR_VASP" });
    expect([seeded.status, seeded.body.code]).toEqual([409, "DESTINATION_EXISTS"]);

    const bad = [
      { name: "", networks: ["OP"], kind: "KR_VASP" },
      { name: "A|B", networks: ["OP"], kind: "KR_VASP" },
      { name: "personal", networks: ["OP"], kind: "KR_VASP" },
      { name: "Bad Net", networks: ["BSC"], kind: "KR_VASP" },
      { name: "No Net", networks: [], kind: "KR_VASP" },
      { name: "Bad Kind", networks: ["OP"], kind: "LOCAL" },
      { name: "Bad Partner", networks: ["OP"], kind: "FOREIGN", travelRulePartner: "SYGNA" },
      { name: "Bad Status", networks: ["OP"], kind: "FOREIGN", status: "OPEN" },
    ];
    for (const body of bad) {
      const en = await create(admin, body, `${admin.cookie}; NEXT_LOCALE=en`);
      expect(en.status, JSON.stringify(body)).toBe(400);
      expect(en.body.error).toBe("Please check your input.");
    }
    const ko = await create(admin, bad[3]);
    expect([ko.status, ko.body.error, ko.body.field]).toEqual([400, "입력값을 확인해주세요.", "networks.0"]);
    expect((await list(admin)).total).toBe(17);
  });

  it("blocks at once (audited, changed_at and changed_by, the memo kept): /api/exchanges drops it and registering it is 403 DESTINATION_BLOCKED", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const upbit = await named(admin, "Upbit");
    const at = new Date(Date.now() + 120_000);
    setTestClock(at);
    const r = await patch(admin, upbit.id, { status: "blocked" }, memoHeader("Travel Rule 연동 점검"));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      status: "BLOCKED",
      memo: "Travel Rule 연동 점검",
      changedAt: at.toISOString(),
      changedBy: { id: admin.id, userId: admin.userId },
    });
    const [row] = await auditOf(upbit.id);
    expect(row).toMatchObject({ action: "destination.update", actor_id: admin.id, memo: "Travel Rule 연동 점검" });
    expect([row!.before.status, row!.after.status]).toEqual(["ALLOWED", "BLOCKED"]);

    expect(await exchanges()).toEqual({
      ERC20: ["Bithumb", "Coinone", "Korbit"],
      OP: ["Bithumb", "Coinone"],
      WORLDCHAIN: [],
    });
    for (const text of [`OP|Upbit|${ADDR}`, `worldchain|UPBIT|${ADDR}`, `OP|Binance|${ADDR}`]) {
      const refused = await register(member, text);
      expect([refused.status, refused.body.code], text).toEqual([403, "DESTINATION_BLOCKED"]);
      expect(refused.body.exchange).toBe(text.includes("Binance") ? "Binance" : "Upbit");
      expect(refused.body.error).toContain(refused.body.exchange);
    }
    expect((await register(member, `OP|Bithumb|${ADDR}`)).status).toBe(200);
  });

  it("a network taken off a destination: /api/exchanges drops it there and registering it there is 400 INVALID_WALLET (exchange)", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const coinone = await named(admin, "Coinone");
    const r = await patch(admin, coinone.id, { networks: ["ERC20"], travelRulePartner: null, memo: "OP 입금 중단" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      networks: ["ERC20"],
      travelRulePartner: null,
      status: "ALLOWED",
      memo: "OP 입금 중단",
    });
    expect((await exchanges()).OP).not.toContain("Coinone");
    const refused = await register(member, `OP|Coinone|${ADDR}`);
    expect([refused.status, refused.body.code, refused.body.field]).toEqual([400, "INVALID_WALLET", "exchange"]);
    expect((await register(member, `ERC20|Coinone|${ADDR}`)).status).toBe(200);
  });

  it("unblocking is a proposal: nothing changes, the proposer cannot approve it, a second administrator's approval allows it once", async () => {
    const [a, b] = [await createUser({ role: "ADMIN" }), await createUser({ role: "SUPERADMIN" })];
    const member = await createUser();
    const binance = await named(a, "Binance");

    const noReason = await patch(a, binance.id, { status: "ALLOWED" });
    expect([noReason.status, noReason.body.code]).toEqual([400, "PROPOSAL_REASON_REQUIRED"]);

    const r = await patch(a, binance.id, { status: "ALLOWED", networks: ["OP"] }, memoHeader("트래블룰 연동 확인"));
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const proposal = r.body.proposal;
    expect(proposal).toMatchObject({
      kind: "destination_unblock",
      status: "PENDING",
      reason: "트래블룰 연동 확인",
      target: null,
      payload: { destinationId: binance.id, name: "Binance", patch: { networks: ["OP"], memo: "트래블룰 연동 확인" } },
    });
    const waiting = await named(a, "Binance");
    expect(waiting).toMatchObject({ status: "BLOCKED", networks: ["ERC20", "OP"], memo: binance.memo });
    expect(waiting.pendingUnblock).toEqual({ proposalId: proposal.id, expiresAt: proposal.expiresAt });
    expect(await auditOf(binance.id)).toEqual([]);
    expect((await exchanges()).OP).not.toContain("Binance");
    expect((await register(member, `OP|Binance|${ADDR}`)).status).toBe(403);

    const again = await patch(b, binance.id, { status: "ALLOWED", reason: "한 번 더" });
    expect([again.status, again.body.code, again.body.proposalId]).toEqual([
      409,
      "DESTINATION_UNBLOCK_PENDING",
      proposal.id,
    ]);

    const own = await approve(a, proposal.id);
    expect([own.status, own.body.code]).toEqual([403, "SELF_APPROVAL"]);
    expect((await named(a, "Binance")).status).toBe("BLOCKED");

    const ok = await approve(b, proposal.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.proposal).toMatchObject({ status: "APPROVED", decidedBy: { id: b.id } });
    expect(await named(a, "Binance")).toMatchObject({
      status: "ALLOWED",
      networks: ["OP"],
      memo: "트래블룰 연동 확인",
      changedBy: { id: b.id, userId: b.userId },
      pendingUnblock: null,
    });
    const [row] = await auditOf(binance.id);
    expect(row).toMatchObject({ action: "destination.update", actor_id: b.id });
    expect([row!.before.status, row!.after.status, row!.after.proposalId]).toEqual(["BLOCKED", "ALLOWED", proposal.id]);
    expect((await approve(b, proposal.id)).status).toBe(409);
    expect(await auditOf(binance.id)).toHaveLength(1);

    expect((await exchanges()).OP).toContain("Binance");
    expect((await exchanges()).ERC20).not.toContain("Binance");
    expect((await register(member, `OP|Binance|${ADDR}`)).status).toBe(200);
  });

  it("a destination added as ALLOWED is added blocked and its allowing proposed; approved, /api/exchanges lists it", async () => {
    const [a, b] = [await createUser({ role: "ADMIN" }), await createUser({ role: "ADMIN" })];
    const r = await create(a, {
      name: "Streami",
      networks: ["WORLDCHAIN"],
      kind: "KR_VASP",
      travelRulePartner: "CODE",
      status: "ALLOWED",
      memo: "FIU 신고 수리",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.proposal).toMatchObject({ kind: "destination_unblock", reason: "FIU 신고 수리" });
    expect(await named(a, "Streami")).toMatchObject({ status: "BLOCKED", memo: "FIU 신고 수리" });
    expect((await exchanges()).WORLDCHAIN).not.toContain("Streami");
    const member = await createUser();
    const addr = "0x52908400098527886E0F7030069857D2E4169EE7";
    expect((await register(member, `WORLDCHAIN|streami|${addr}`)).status).toBe(403);
    expect((await approve(b, r.body.proposal.id)).status).toBe(200);
    expect((await exchanges()).WORLDCHAIN).toContain("Streami");
    // An exchange the console added is a payout address like the seeded ones (not only the spec's lists).
    const set = await register(member, `worldchain|streami|${addr}`);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ walletAddr: `WORLDCHAIN|Streami|${addr}` });
  });

  it("unknown or malformed ids are 404; a change without a field is 400", async () => {
    const admin = await createUser({ role: "ADMIN" });
    expect((await patch(admin, 999_999, { status: "BLOCKED" })).status).toBe(404);
    expect((await patch(admin, "abc", { status: "BLOCKED" })).status).toBe(404);
    const korbit = await named(admin, "Korbit");
    const empty = await patch(admin, korbit.id, { reason: "nothing" });
    expect([empty.status, empty.body.code]).toEqual([400, "VALIDATION"]);
    expect(await auditOf(korbit.id)).toEqual([]);
  });

  it("parallel unblock requests by three administrators make exactly one proposal", async () => {
    const admins = [
      await createUser({ role: "ADMIN" }),
      await createUser({ role: "ADMIN" }),
      await createUser({ role: "SUPERADMIN" }),
    ];
    const okx = await named(admins[0]!, "OKX");
    const results = await Promise.all(admins.map((x) => patch(x, okx.id, { status: "ALLOWED", reason: "검토 완료" })));
    expect(results.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    const pending = rowsOf<{ n: string }>(
      await (await getDb()).execute(sql`
        SELECT count(*)::text AS n FROM proposals
        WHERE kind = 'destination_unblock' AND status = 'PENDING' AND payload->>'destinationId' = ${String(okx.id)}`),
    );
    expect(pending[0]!.n).toBe("1");
  });
});
