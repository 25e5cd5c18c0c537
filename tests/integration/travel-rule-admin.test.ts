/**
 * The administrator's side of the Travel Rule: the IVMS 101 record a request stored is what the exports carry (JSON
 * per request and per KST day, byte for byte; the CSV's flat fields), a day is a KST day, the queue shows each
 * request's record, and a receiving exchange's refusal is recorded as RETURNED (반환됨) exactly once — the hold back
 * to staked, an event, the member's notification with the reason, an audit row — through the real routes.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as returnRoute from "@/app/api/admin/requests/[id]/return/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as adminListRoute from "@/app/api/admin/requests/route";
import * as recordRoute from "@/app/api/admin/travel-rule/[requestId]/route";
import * as dayExportRoute from "@/app/api/admin/travel-rule/export/route";
import * as travelRuleListRoute from "@/app/api/admin/travel-rule/route";
import * as notificationsRoute from "@/app/api/notifications/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as timelineRoute from "@/app/api/transfer-requests/[id]/timeline/route";
import * as requestsRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { setTestClock } from "@/lib/clock";
import { auditRows } from "./auth-helpers";
import {
  approvedMember,
  countOf,
  createDepositRequestRow,
  createUser,
  fund,
  OP_WALLET,
  setFreshWldPrice,
  snapshot,
  wld,
} from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
afterEach(() => setTestClock(null));

const SENDER = "홍길동";
const TRAVEL_RULE = { recipientName: "김수취", selfOwned: false, relationship: "FAMILY" };
const ask = (u: TestUser, body: unknown) =>
  call(requestsRoute, "POST", "/api/transfer-requests", { body, cookie: u.cookie });
const get = (route: object, url: string, who: TestUser, params: Record<string, string> = {}) =>
  call(route, "GET", url, { cookie: who.cookie, params });
const giveBack = (admin: TestUser, id: number, body: unknown) =>
  call(returnRoute, "POST", `/api/admin/requests/${id}/return`, {
    body,
    cookie: admin.cookie,
    params: { id: String(id) },
  });
const decide = (admin: TestUser, id: number, body: unknown) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, { body, cookie: admin.cookie, params: { id: String(id) } });
const stored = async (requestId: number) =>
  rowsOf<{ ivms: string; created_at: string }>(
    await (await getDb()).execute(
      sql`SELECT ivms101::text AS ivms, created_at::text FROM travel_rule_records WHERE request_id = ${requestId}`,
    ),
  )[0];
const statusOf = async (id: number) =>
  rowsOf<{ status: string; reason: string | null }>(
    await (await getDb()).execute(sql`SELECT status::text, reason FROM requests WHERE id = ${id}`),
  )[0];

/** A member (홍길동) sends 360 WLD at ₩2,800 (₩1,008,000: over the Travel Rule's threshold) with the details. */
async function travelRuleRequest(type: "WITHDRAW" | "TRANSFER" = "WITHDRAW") {
  const u = await approvedMember();
  await (await getDb()).execute(sql`UPDATE users SET name = ${SENDER} WHERE id = ${u.id}`);
  await fund(u.id, { staked: "400" });
  const r = await ask(u, { amount: "360", type, travelRule: TRAVEL_RULE });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { u, id: r.body.request.id as number };
}

/** The lines of a CSV download whose cells hold no comma, quote or line break, split back into cells. */
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((l) => l.split(","));

describe(`J43 Travel Rule records for administrators (${dbName})`, () => {
  it("the JSON export of a request carries its stored IVMS 101 payload byte for byte; the CSV its flat fields", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { u, id } = await travelRuleRequest();
    const record = await stored(id);
    expect(record).toBeDefined();

    const json = await get(recordRoute, `/api/admin/travel-rule/${id}?format=json`, admin, { requestId: String(id) });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="travel-rule-request-${id}.json"`);
    expect(json.text).toContain(`"ivms101":${record!.ivms}}`);
    expect(json.body).toEqual({
      requestId: id,
      status: "PENDING",
      createdAt: expect.stringMatching(/Z$/),
      ivms101: JSON.parse(record!.ivms),
    });
    expect(json.body.ivms101.originator.originatorPerson[0].naturalPerson).toMatchObject({
      customerIdentification: String(u.id),
    });

    const csv = await get(recordRoute, `/api/admin/travel-rule/${id}?format=CSV`, admin, { requestId: String(id) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, row] = lines(csv.text);
    expect(Object.fromEntries(header!.map((h, i) => [h, row![i]]))).toEqual({
      requestId: String(id),
      createdAtKst: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      originatorName: SENDER,
      originatorMemberNumber: String(u.id),
      beneficiaryName: "김수취",
      selfOwned: "false",
      relationship: "FAMILY",
      beneficiaryVasp: "Upbit",
      travelRulePartner: "VERIFYVASP",
      network: "OP",
      address: OP_WALLET.split("|")[2],
      amountWld: "360",
      amountKrw: "1008000",
      status: "PENDING",
    });

    const audits = (await auditRows("admin.export.travel_rule")).filter((a) => a.after?.filter?.requestId === id);
    expect(audits.map((a) => a.after)).toEqual([
      { filter: { requestId: id, format: "json" }, rows: 1 },
      { filter: { requestId: id, format: "csv" }, rows: 1 },
    ]);
    expect(audits.every((a) => a.actor_id === admin.id)).toBe(true);

    // No record: 404; a bad format: 400; a member: 403.
    const { id: small } = await (async () => {
      const m = await approvedMember();
      await fund(m.id, { staked: "20" });
      return { id: (await ask(m, { amount: "5", type: "WITHDRAW" })).body.request.id as number };
    })();
    expect(
      (await get(recordRoute, `/api/admin/travel-rule/${small}?format=json`, admin, { requestId: String(small) }))
        .status,
    ).toBe(404);
    expect(
      (await get(recordRoute, `/api/admin/travel-rule/${id}?format=xml`, admin, { requestId: String(id) })).status,
    ).toBe(400);
    expect(
      (await get(recordRoute, `/api/admin/travel-rule/${id}?format=json`, u, { requestId: String(id) })).status,
    ).toBe(403);
  });

  it("a day is a KST day: 23:59:59 and 00:00:00 KST fall on two days; the day's JSON carries each stored payload", async () => {
    const admin = await createUser({ role: "ADMIN" });
    setTestClock("2031-06-01T14:59:59Z"); // 23:59:59 KST, 1 June
    await setFreshWldPrice(new Date("2031-06-01T14:59:00Z"));
    const late = await travelRuleRequest("TRANSFER");
    setTestClock("2031-06-01T15:00:00Z"); // 00:00:00 KST, 2 June
    const early = await travelRuleRequest("WITHDRAW");

    const list = await get(travelRuleListRoute, "/api/admin/travel-rule?day=2031-06-01", admin);
    expect(list.status).toBe(200);
    expect(list.body.day).toBe("2031-06-01");
    expect(list.body.items.map((i: { requestId: number }) => i.requestId)).toContain(late.id);
    expect(list.body.items.map((i: { requestId: number }) => i.requestId)).not.toContain(early.id);
    expect(list.body.items.find((i: { requestId: number }) => i.requestId === late.id)).toMatchObject({
      type: "TRANSFER",
      status: "PENDING",
      createdAt: "2031-06-01T14:59:59.000Z",
      originator: { name: SENDER, memberNumber: String(late.u.id) },
      beneficiaryName: "김수취",
      selfOwned: false,
      relationship: "FAMILY",
      exchange: "Upbit",
      travelRulePartner: "VERIFYVASP",
      network: "OP",
      amountWld: "360",
      amountKrw: "1008000",
    });
    // Without a day: today's by the application clock (2 June KST).
    const today = await get(travelRuleListRoute, "/api/admin/travel-rule", admin);
    expect(today.body.day).toBe("2031-06-02");
    expect(today.body.items.map((i: { requestId: number }) => i.requestId)).toEqual([early.id]);

    for (const [day, mine, not] of [
      ["2031-06-01", late.id, early.id],
      ["2031-06-02", early.id, late.id],
    ] as const) {
      const r = await get(dayExportRoute, `/api/admin/travel-rule/export?day=${day}&format=json`, admin);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-disposition")).toBe(`attachment; filename="travel-rule-${day}.json"`);
      expect(r.body.day).toBe(day);
      const ids = r.body.records.map((x: { requestId: number }) => x.requestId);
      expect(ids).toContain(mine);
      expect(ids).not.toContain(not);
      expect(r.text).toContain(`"ivms101":${(await stored(mine))!.ivms}}`);
      const csv = await get(dayExportRoute, `/api/admin/travel-rule/export?day=${day}&format=csv`, admin);
      expect(csv.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="travel-rule-${day}-\\d{12}\\.csv"$`),
      );
      const [header, ...rows] = lines(csv.text);
      expect(header![0]).toBe("requestId");
      expect(rows.map((x) => Number(x[0]))).toEqual(ids);
    }
    const late1 = rowsOf<{ x: string }>(
      await (
        await getDb()
      ).execute(sql`SELECT count(*)::text AS x FROM audit_log WHERE action = 'admin.export.travel_rule'
        AND after->'filter'->>'day' IN ('2031-06-01', '2031-06-02')`),
    );
    expect(Number(late1[0]!.x)).toBeGreaterThanOrEqual(4);
    expect((await get(dayExportRoute, "/api/admin/travel-rule/export?day=2031-02-30&format=json", admin)).status).toBe(
      400,
    );
    expect((await get(dayExportRoute, "/api/admin/travel-rule/export?day=2031-06-01", admin)).status).toBe(400);
  });

  it("the request queue carries each request's Travel Rule record", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { u, id } = await travelRuleRequest();
    const list = await call(adminListRoute, "GET", "/api/admin/requests?status=PENDING&type=WITHDRAW&limit=50", {
      cookie: admin.cookie,
    });
    const row = list.body.items.find((i: { id: number }) => i.id === id);
    expect(row.travelRule).toEqual({
      beneficiaryName: "김수취",
      selfOwned: false,
      relationship: "FAMILY",
      amountKrw: "1008000",
      exchange: "Upbit",
    });
    const small = await approvedMember();
    await fund(small.id, { staked: "20" });
    const s = (await ask(small, { amount: "5", type: "TRANSFER" })).body.request.id;
    const list2 = await call(adminListRoute, "GET", "/api/admin/requests?status=PENDING&type=TRANSFER&limit=50", {
      cookie: admin.cookie,
    });
    expect(list2.body.items.find((i: { id: number }) => i.id === s).travelRule).toBeNull();
    expect(u.id).toBeGreaterThan(0);
  });
});

describe(`POST /api/admin/requests/{id}/return (${dbName})`, () => {
  it("RETURNED once: the hold back to staked, an event and a notification with the reason, an audit row", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { u, id } = await travelRuleRequest();
    expect(await wld(u.id)).toMatchObject({ staked: "39.8", held: "360.2" });
    const reason = "수취인 이름 불일치 (VerifyVASP)";

    const r = await giveBack(admin, id, { reason: `  ${reason} ` });
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({ id, status: "RETURNED", reason });
    expect(await wld(u.id)).toMatchObject({ staked: "400", held: "0" });
    expect(await statusOf(id)).toEqual({ status: "RETURNED", reason });

    // The member: the timeline's event with the reason, the list filtered by RETURNED, the notification in both languages.
    const timeline = await get(timelineRoute, `/api/transfer-requests/${id}/timeline`, u, { id: String(id) });
    expect(timeline.body.at(-1)).toMatchObject({ status: "RETURNED", by: "ADMIN", reason });
    const mine = await get(requestsRoute, "/api/transfer-requests?status=returned&page=1&limit=10", u);
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([expect.objectContaining({ id, status: "RETURNED", reason })]);
    const ko = await get(notificationsRoute, "/api/notifications?page=1&limit=10", u);
    expect(ko.body.items[0]).toMatchObject({
      kind: "request_returned",
      title: "출금 신청 반환",
      body: expect.stringContaining(`사유: ${reason}`),
      href: "/wallet-history",
    });
    const en = await call(notificationsRoute, "GET", "/api/notifications?page=1&limit=10", {
      cookie: `${u.cookie}; NEXT_LOCALE=en`,
    });
    expect(en.body.items[0]).toMatchObject({
      title: "Withdrawal request returned",
      body: expect.stringContaining(`Reason: ${reason}`),
    });

    const audit = (await auditRows("request.returned")).filter((a) => a.target_user_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      before: { status: "PENDING" },
      after: { status: "RETURNED", type: "WITHDRAW", amount: "360", reason },
    });
    const admins = await call(adminListRoute, "GET", "/api/admin/requests?status=RETURNED&limit=50", {
      cookie: admin.cookie,
    });
    expect(admins.body.items.map((i: { id: number }) => i.id)).toContain(id);

    // Exactly once: a second return, an approval or a rejection of it now → 409, nothing moves.
    const before = await snapshot(u.id);
    expect((await giveBack(admin, id, { reason: "again" })).status).toBe(409);
    expect((await decide(admin, id, { action: "approve" })).status).toBe(409);
    expect((await decide(admin, id, { action: "reject", reason: "x" })).status).toBe(409);
    expect(await snapshot(u.id)).toEqual(before);
    expect(await statusOf(id)).toEqual({ status: "RETURNED", reason });
    // The record stays, with the request's status now.
    const rec = await get(recordRoute, `/api/admin/travel-rule/${id}?format=json`, admin, { requestId: String(id) });
    expect(rec.body.status).toBe("RETURNED");
    await expectLedgerConsistent();
  });

  it("400 without a reason (nothing changes), 409 for a decided request or a deposit, 404 for none, 403 for a member", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await approvedMember();
    await fund(u.id, { staked: "50" });
    const id = (await ask(u, { amount: "10", type: "TRANSFER" })).body.request.id as number;
    const before = await snapshot(u.id);
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "가".repeat(501) }, { reason: 5 }]) {
      const r = await giveBack(admin, id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("VALIDATION");
    }
    expect(await snapshot(u.id)).toEqual(before);
    expect(await statusOf(id)).toEqual({ status: "PENDING", reason: null });
    expect((await giveBack(admin, id, { reason: "가".repeat(500) })).status).toBe(200);

    const rejected = (await ask(u, { amount: "10", type: "WITHDRAW" })).body.request.id as number;
    expect((await decide(admin, rejected, { action: "reject", reason: "no" })).status).toBe(200);
    expect((await giveBack(admin, rejected, { reason: "late" })).status).toBe(409);
    expect(await statusOf(rejected)).toEqual({ status: "REJECTED", reason: "no" });

    const deposit = await createDepositRequestRow(u.id);
    const dr = await giveBack(admin, deposit, { reason: "not a payout" });
    expect(dr.status).toBe(409);
    expect(dr.body.code).toBe("CONFLICT");
    expect(await statusOf(deposit)).toMatchObject({ status: "PENDING" });

    expect((await giveBack(admin, 999_999_999, { reason: "x" })).status).toBe(404);
    const pending = (await ask(u, { amount: "5", type: "TRANSFER" })).body.request.id as number;
    expect((await giveBack(u, pending, { reason: "x" })).status).toBe(403);
    expect(await statusOf(pending)).toMatchObject({ status: "PENDING" });
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM notifications WHERE user_id = ${u.id} AND kind = 'request_returned'`,
      ),
    ).toBe(1);
    await expectLedgerConsistent();
  });

  it.runIf(onPostgres())(
    "a return racing an approval, a rejection and the member's cancel yields one outcome",
    async () => {
      const a1 = await createUser({ role: "ADMIN" });
      const a2 = await createUser({ role: "SUPERADMIN" });
      const u = await approvedMember();
      await fund(u.id, { staked: "200" });
      const outcomes: string[] = [];
      for (let round = 0; round < 6; round++) {
        const id = (await ask(u, { amount: "10", type: round % 2 ? "WITHDRAW" : "TRANSFER" })).body.request
          .id as number;
        const racers = [
          giveBack(a1, id, { reason: "거래소 반환" }),
          decide(a2, id, { action: "approve" }),
          giveBack(a2, id, { reason: "거래소 반환" }),
          decide(a1, id, { action: "reject", reason: "x" }),
        ];
        // The member's cancel is one statement and mostly wins: it joins every third round only.
        if (round % 3 === 2)
          racers.push(
            call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, {
              cookie: u.cookie,
              params: { id: String(id) },
            }),
          );
        const results = await Promise.all(racers);
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 409)).toHaveLength(racers.length - 1);
        const settled = await statusOf(id);
        outcomes.push(settled!.status);
        expect(
          await countOf(
            sql`SELECT count(*)::text AS n FROM ledger_postings WHERE idempotency_key = ${`request-settle:${id}`}`,
          ),
        ).toBe(1);
        expect(
          await countOf(
            sql`SELECT count(*)::text AS n FROM request_events WHERE request_id = ${id} AND status <> 'PENDING'`,
          ),
        ).toBe(1);
      }
      console.log(
        `[return race on ${dbName}] 6 rounds of return+approve+return+reject (+cancel every third) at once: ${outcomes.join(", ")}`,
      );
      expect((await wld(u.id)).held).toBe("0");
      await expectLedgerConsistent();
    },
  );
});
