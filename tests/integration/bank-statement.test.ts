/**
 * KRW deposits matched to the bank statement, through the real route handlers (POST/GET /api/admin/deposits/bank,
 * POST …/lines/{id}/resolve, PATCH /api/admin/requests/{id}, the four-eyes approval), on PGlite and PostgreSQL:
 * statements in UTF-8 (BOM) and EUC-KR (tests/fixtures/bank), each matching rule and each refusal, four-eyes above
 * the limit, re-uploads (also at once) applying nothing twice, and the ledger's invariants after every money test.
 *
 * The fixtures carry fixed depositor names and times; a deposit made through the route is pinned to one (its name,
 * when it was made and when its quote ran out) — the statement then pays a deposit whose quote has already run out
 * on the clock, but on time by the statement's 거래일시, which is what counts.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as resolveRoute from "@/app/api/admin/deposits/bank/lines/[id]/resolve/route";
import * as bankRoute from "@/app/api/admin/deposits/bank/route";
import * as approveProposalRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as rejectProposalRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as accountRoute from "@/app/api/deposit-account/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as myRequestsRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { takeDepositorName } from "@/lib/deposits/depositor-name";
import type { BankLineDto } from "@/lib/deposits/dto";
import { resetPriceFeeds } from "@/lib/prices";
import { countOf, createUser, setFreshWldPrice, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/bank");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

afterEach(() => resetPriceFeeds());

async function price2800() {
  await setFreshWldPrice(new Date(), "2");
  resetPriceFeeds();
}

function upload(admin: TestUser, bytes: Uint8Array | string, fileName = "statement.csv") {
  const form = new FormData();
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), fileName);
  return call(bankRoute, "POST", "/api/admin/deposits/bank", { rawBody: form, cookie: admin.cookie });
}

const list = (admin: TestUser, query = "") =>
  call(bankRoute, "GET", `/api/admin/deposits/bank${query}`, { cookie: admin.cookie });

const resolve = (admin: TestUser, lineId: number, body: unknown) =>
  call(resolveRoute, "POST", `/api/admin/deposits/bank/lines/${lineId}/resolve`, {
    cookie: admin.cookie,
    params: { id: String(lineId) },
    body,
  });

const decide = (admin: TestUser, id: number, body: Record<string, unknown>) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, { cookie: admin.cookie, params: { id: String(id) }, body });

async function deposit(u: TestUser, krw: string) {
  const res = await call(depositRoute, "POST", "/api/requests/deposit", {
    body: { coinSymbol: "WLD", amount: krw },
    cookie: u.cookie,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.request as { id: number; depositorName: string; quoteExpiresAt: string };
}

/** Pins deposit `id` to a fixture's depositor name, made at `madeAt` with its quote good until `until` (ISO). */
async function pin(id: number, name: string, madeAt: string, until: string) {
  const db = await getDb();
  await db.execute(sql`UPDATE requests SET depositor_name = ${name}, created_at = ${madeAt}::timestamptz,
    quote_expires_at = ${until}::timestamptz WHERE id = ${id}`);
  await db.execute(sql`INSERT INTO deposit_names (name, request_id) VALUES (${name}, ${id})
    ON CONFLICT (name) DO UPDATE SET request_id = EXCLUDED.request_id`);
}

/** A new member's deposit of `krw`, pinned to `name`, made 5 minutes before `paidAt` with 10 minutes to run. */
async function pinnedDeposit(krw: string, name: string, paidAt: string) {
  const u = await createUser();
  const d = await deposit(u, krw);
  const at = new Date(paidAt).getTime();
  await pin(d.id, name, new Date(at - 5 * 60_000).toISOString(), new Date(at + 5 * 60_000).toISOString());
  return { u, id: d.id };
}

/** The request as its member sees it. */
async function mine(u: TestUser, id: number) {
  const res = await call(myRequestsRoute, "GET", "/api/transfer-requests?limit=50", { cookie: u.cookie });
  expect(res.status).toBe(200);
  return (res.body.items as Record<string, any>[]).find((r) => r.id === id)!;
}

const statusesOf = (lines: BankLineDto[]) => lines.map((l) => [l.depositorName, l.status, l.reviewReason]);
const auditAfter = async (action: string, targetId: number) =>
  rowsOf<{ after: Record<string, unknown> }>(
    await (await getDb()).execute(
      sql`SELECT after FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)} ORDER BY id`,
    ),
  ).map((r) => r.after);

describe(`bank statements (${dbName})`, () => {
  it("a UTF-8 statement (BOM, quoted amounts, a money-out line) credits each deposit it pays, once", async () => {
    await price2800();
    const admin = await createUser({ role: "ADMIN" });
    const a = await pinnedDeposit("28000", "김민수4821", "2026-11-27T05:03:22Z");
    const b = await pinnedDeposit("56000", "이영희0397", "2026-11-27T05:05:00Z");

    const res = await upload(admin, fixture("statement-utf8-bom.csv"));
    expect(res.status, res.text).toBe(200);
    expect(res.body.upload).toEqual({
      id: expect.any(Number),
      fileName: "statement.csv",
      encoding: "UTF-8",
      linesTotal: 2,
      linesNew: 2,
      matched: 2,
      review: 0,
    });
    const lines = res.body.lines as BankLineDto[];
    expect(statusesOf(lines)).toEqual([
      ["김민수4821", "MATCHED", null],
      ["이영희0397", "MATCHED", null],
    ]);
    expect(lines[0]).toMatchObject({
      lineNo: 2,
      occurredAt: "2026-11-27T05:03:22.000Z",
      amountKrw: "28000",
      balanceKrw: "1028000",
      request: { id: a.id, userId: a.u.userId, krwAmount: "28000", depositorName: "김민수4821", status: "APPROVED" },
    });
    // Credited at the quoted price (its quote ran out on the clock, but the KRW arrived in time).
    expect(await wld(a.u.id)).toMatchObject({ holding: "10" });
    expect(await wld(b.u.id)).toMatchObject({ holding: "20" });
    const seen = await mine(a.u, a.id);
    expect(seen).toMatchObject({
      status: "APPROVED",
      amount: "10",
      deposit: { depositorName: "김민수4821", krwReceived: "28000", bankLineId: lines[0]!.id },
    });
    expect(seen.deposit.confirmedAt).toEqual(expect.any(String));
    // The audit trail: the credit names the line; the upload is recorded.
    expect(await auditAfter("request.approved", a.id)).toEqual([
      expect.objectContaining({ status: "APPROVED", krwReceived: "28000", bankLineId: lines[0]!.id }),
    ]);
    expect(await auditAfter("bank.statement_upload", res.body.upload.id)).toEqual([
      expect.objectContaining({ encoding: "UTF-8", linesNew: 2, matched: 2 }),
    ]);

    // The same statement again: every line is known, nothing is applied twice.
    const again = await upload(admin, fixture("statement-utf8-bom.csv"), "again.csv");
    expect(again.status).toBe(200);
    expect(again.body.upload).toMatchObject({ linesTotal: 2, linesNew: 0, matched: 0, review: 0 });
    expect(statusesOf(again.body.lines)).toEqual(statusesOf(lines));
    expect(await wld(a.u.id)).toMatchObject({ holding: "10" });
    expect(await wld(b.u.id)).toMatchObject({ holding: "20" });
    await expectLedgerConsistent();
  });

  it("an EUC-KR statement with the bank's preamble and its own column names is read and matched", async () => {
    await price2800();
    const admin = await createUser({ role: "ADMIN" });
    const a = await pinnedDeposit("14000", "박지훈5512", "2026-11-27T06:01:10Z");
    const b = await pinnedDeposit("2800", "최수진7730", "2026-11-27T06:02:00Z");
    // The file's name says nothing: its bytes decide.
    const res = await upload(admin, fixture("statement-euc-kr.csv"), "거래내역.xls");
    expect(res.status, res.text).toBe(200);
    expect(res.body.upload).toMatchObject({ encoding: "EUC-KR", linesTotal: 2, linesNew: 2, matched: 2 });
    expect(statusesOf(res.body.lines)).toEqual([
      ["박지훈5512", "MATCHED", null],
      ["최수진7730", "MATCHED", null],
    ]);
    expect(await wld(a.u.id)).toMatchObject({ holding: "5" });
    expect(await wld(b.u.id)).toMatchObject({ holding: "1" });
    await expectLedgerConsistent();
  });

  it("a line repeated in the file is credited once; the repeat waits as DUPLICATE_LINE", async () => {
    await price2800();
    const admin = await createUser({ role: "ADMIN" });
    const a = await pinnedDeposit("28000", "정다은1111", "2026-11-27T07:00:00Z");
    const res = await upload(admin, fixture("duplicated.csv"));
    expect(res.status).toBe(200);
    expect(res.body.upload).toMatchObject({ linesTotal: 2, linesNew: 2, matched: 1, review: 1 });
    expect(statusesOf(res.body.lines)).toEqual([
      ["정다은1111", "MATCHED", null],
      ["정다은1111", "REVIEW", "DUPLICATE_LINE"],
    ]);
    expect(await wld(a.u.id)).toMatchObject({ holding: "10" });
    await expectLedgerConsistent();
  });

  it("ambiguous lines are never guessed: each waits with its reason, and a person resolves it", async () => {
    await price2800();
    const admin = await createUser({ role: "ADMIN" });
    const other = await createUser({ role: "ADMIN" });
    // Other KRW than asked.
    const mismatch = await pinnedDeposit("28000", "한지민2222", "2026-11-27T08:00:00Z");
    // A deposit its member cancelled.
    const closedBy = await createUser();
    const closed = await deposit(closedBy, "28000");
    const cancelled = await call(cancelRoute, "DELETE", `/api/transfer-requests/${closed.id}`, {
      cookie: closedBy.cookie,
      params: { id: String(closed.id) },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await pin(closed.id, "오세훈3333", "2026-11-27T07:55:00Z", "2026-11-27T08:05:00Z");
    // Paid at 17:30 KST, its quote ran out at 17:10.
    const late = await pinnedDeposit("28000", "강동원4444", "2026-11-27T08:05:00Z");
    // Already credited by an administrator naming the KRW received.
    const usedBy = await createUser();
    const used = await deposit(usedBy, "28000");
    expect((await decide(admin, used.id, { action: "approve", krwReceived: "28000" })).status).toBe(200);
    await pin(used.id, "송혜교5555", "2026-11-27T08:00:00Z", "2026-11-27T08:10:00Z");

    const res = await upload(admin, fixture("ambiguous.csv"));
    expect(res.status, res.text).toBe(200);
    expect(res.body.upload).toMatchObject({ linesTotal: 5, linesNew: 5, matched: 0, review: 5 });
    const lines = res.body.lines as BankLineDto[];
    expect(statusesOf(lines)).toEqual([
      ["한지민2222", "REVIEW", "AMOUNT_MISMATCH"],
      ["모르는사람", "REVIEW", "UNKNOWN_NAME"],
      ["오세훈3333", "REVIEW", "REQUEST_CLOSED"],
      ["강동원4444", "REVIEW", "LATE"],
      ["송혜교5555", "REVIEW", "ALREADY_USED"],
    ]);
    expect(lines.map((l) => l.request?.id ?? null)).toEqual([mismatch.id, null, closed.id, late.id, used.id]);
    expect(await wld(mismatch.u.id)).toMatchObject({ holding: "0" });
    expect(await wld(late.u.id)).toMatchObject({ holding: "0" });
    expect(await wld(usedBy.id)).toMatchObject({ holding: "10" });

    const review = await list(admin, "?status=review&limit=100");
    expect(review.status).toBe(200);
    const mineOf = (items: BankLineDto[]) => items.filter((l) => l.uploadId === res.body.upload.id);
    expect(mineOf(review.body.items)).toHaveLength(5);
    expect(review.body.uploads[0]).toMatchObject({ id: res.body.upload.id, review: 5, uploadedBy: admin.userId });

    // The member paid 30,000 KRW: a person matches it; credited at the quoted price (30000 ÷ 2800, 6 decimals down).
    const [mLine, unknownLine, closedLine, lateLine] = lines as [BankLineDto, BankLineDto, BankLineDto, BankLineDto];
    const matched = await resolve(admin, mLine.id, { action: "match", requestId: mismatch.id });
    expect(matched.status, matched.text).toBe(200);
    expect(matched.body.line).toMatchObject({ status: "MATCHED", reviewReason: null, resolvedBy: admin.userId });
    expect(matched.body.request).toMatchObject({
      status: "APPROVED",
      amount: "10.714285",
      deposit: { krwReceived: "30000", bankLineId: mLine.id },
    });
    expect(await wld(mismatch.u.id)).toMatchObject({ holding: "10.714285" });
    // Paid after the quote: a person matches it at a fresh price.
    await setFreshWldPrice(new Date(), "2.5"); // 3,500 KRW
    resetPriceFeeds();
    const repriced = await resolve(other, lateLine.id, { action: "match", requestId: late.id });
    expect(repriced.status, repriced.text).toBe(200);
    expect(repriced.body.request).toMatchObject({ amount: "8", priceKrw: "3500", deposit: { krwReceived: "28000" } });
    // The cancelled deposit's line cannot credit it; it is dismissed with a reason. Resolved lines stay resolved.
    expect((await resolve(admin, closedLine.id, { action: "match", requestId: closed.id })).status).toBe(409);
    const dismissed = await resolve(admin, unknownLine.id, { action: "dismiss", reason: "다른 계좌 입금, 반환 처리" });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.line).toMatchObject({ status: "DISMISSED", resolutionNote: "다른 계좌 입금, 반환 처리" });
    expect((await resolve(admin, unknownLine.id, { action: "dismiss", reason: "again" })).status).toBe(409);
    expect((await resolve(admin, mLine.id, { action: "match", requestId: mismatch.id })).status).toBe(409);
    // Refusals: no such line, a request that is not a deposit's, bad input.
    expect((await resolve(admin, 987654321, { action: "dismiss", reason: "x" })).status).toBe(404);
    expect((await resolve(admin, closedLine.id, { action: "match", requestId: 987654321 })).status).toBe(404);
    expect((await resolve(admin, closedLine.id, { action: "dismiss", reason: "" })).status).toBe(400);
    expect((await resolve(admin, closedLine.id, { action: "guess" })).status).toBe(400);
    expect(await auditAfter("bank.line_dismiss", unknownLine.id)).toHaveLength(1);
    expect(await auditAfter("bank.line_match", mLine.id)).toHaveLength(1);

    const after = await list(admin, "?status=REVIEW&limit=100");
    expect(statusesOf(mineOf(after.body.items)).sort()).toEqual([
      ["송혜교5555", "REVIEW", "ALREADY_USED"],
      ["오세훈3333", "REVIEW", "REQUEST_CLOSED"],
    ]);
    expect(mineOf((await list(admin, "?status=DISMISSED")).body.items)).toHaveLength(1);
    expect((await list(admin, "?status=nope")).status).toBe(400);
    await expectLedgerConsistent();
  });

  it("above the four-eyes limit the match becomes a proposal; the second administrator's approval credits it", async () => {
    await price2800();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const dep = await pinnedDeposit("3080000", "윤아6666", "2026-11-27T09:00:00Z");
    const res = await upload(a, fixture("four-eyes-euc-kr.csv"));
    expect(res.status, res.text).toBe(200);
    expect(res.body.upload).toMatchObject({ encoding: "EUC-KR", matched: 1, review: 0 });
    const line = (res.body.lines as BankLineDto[])[0]!;
    expect(line).toMatchObject({ status: "MATCHED", request: { id: dep.id, status: "EXPIRED" } });
    // Not credited yet: the KRW is confirmed on the request, the credit waits for a second person.
    expect(await wld(dep.u.id)).toMatchObject({ holding: "0" });
    expect(await mine(dep.u, dep.id)).toMatchObject({
      awaitingApproval: true,
      deposit: { krwReceived: "3080000", bankLineId: line.id, confirmedAt: expect.any(String) },
    });
    const [proposal] = rowsOf<{ id: string; payload: Record<string, unknown> }>(
      await (await getDb()).execute(
        sql`SELECT id::text AS id, payload FROM proposals WHERE kind = 'deposit' AND (payload->>'requestId')::bigint = ${dep.id}`,
      ),
    );
    expect(proposal?.payload).toMatchObject({ krw: "3080000", amount: "1100", bankLineId: line.id, repriced: false });
    // The uploader cannot approve it; the second administrator does.
    const self = await call(approveProposalRoute, "POST", "/x", { cookie: a.cookie, params: { id: proposal!.id } });
    expect(self.status).toBe(403);
    const ok = await call(approveProposalRoute, "POST", "/x", { cookie: b.cookie, params: { id: proposal!.id } });
    expect(ok.status, ok.text).toBe(200);
    expect(await wld(dep.u.id)).toMatchObject({ holding: "1100" });
    expect(await mine(dep.u, dep.id)).toMatchObject({ status: "APPROVED", deposit: { bankLineId: line.id } });
    // Uploaded again: nothing more.
    expect((await upload(b, fixture("four-eyes-euc-kr.csv"))).body.upload).toMatchObject({ linesNew: 0 });
    expect(await wld(dep.u.id)).toMatchObject({ holding: "1100" });
    await expectLedgerConsistent();
  });

  it("money that arrived is not the member's to cancel; a deposit rejected after its line matched sends the line back to review", async () => {
    await price2800();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const dep = await pinnedDeposit("3080000", "하늘7777", "2026-11-27T10:00:00Z");
    const res = await upload(
      a,
      '거래일시,입금자명,입금액,잔액\n2026.11.27 19:00:00,하늘7777,"3,080,000","12,080,000"\n',
    );
    expect(res.status, res.text).toBe(200);
    const line = (res.body.lines as BankLineDto[])[0]!;
    expect(line).toMatchObject({ status: "MATCHED", request: { id: dep.id } });
    const [proposal] = rowsOf<{ id: string }>(
      await (await getDb()).execute(
        sql`SELECT id::text AS id FROM proposals WHERE kind = 'deposit' AND (payload->>'requestId')::bigint = ${dep.id}`,
      ),
    );
    // The second administrator turns the credit down: the KRW still arrived, so the member cannot cancel.
    const turnedDown = await call(rejectProposalRoute, "POST", "/x", {
      cookie: b.cookie,
      params: { id: proposal!.id },
      body: { note: "확인 필요" },
    });
    expect(turnedDown.status, turnedDown.text).toBe(200);
    // The fixture paid a quote that has run out by now; give it a live one so only the arrived KRW can refuse.
    await (await getDb()).execute(
      sql`UPDATE requests SET status = 'PENDING', quote_expires_at = now() + interval '1 hour' WHERE id = ${dep.id}`,
    );
    const cancel = await call(cancelRoute, "DELETE", `/api/transfer-requests/${dep.id}`, {
      cookie: dep.u.cookie,
      params: { id: String(dep.id) },
    });
    expect(cancel.status, cancel.text).toBe(409);
    expect(cancel.body).toMatchObject({ code: "DEPOSIT_RECEIVED" });
    expect(await mine(dep.u, dep.id)).toMatchObject({ status: "PENDING" });
    // An administrator rejects it: the line is listed again for a person to return the money.
    const rejected = await decide(b, dep.id, { action: "reject", reason: "본인 계좌가 아님" });
    expect(rejected.status, rejected.text).toBe(200);
    const review = await list(a, "?status=REVIEW");
    expect(review.body.items).toContainEqual(
      expect.objectContaining({ id: line.id, status: "REVIEW", reviewReason: "REQUEST_CLOSED" }),
    );
    const audit = await countOf(
      sql`SELECT count(*) AS n FROM audit_log WHERE action = 'bank.line_reopen' AND target_id = ${String(line.id)}`,
    );
    expect(audit).toBe(1);
    expect(await wld(dep.u.id)).toMatchObject({ holding: "0" });
    await expectLedgerConsistent();
  });

  it("a deposit made through the route carries its depositor name; a statement naming it credits it", async () => {
    await price2800();
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();
    const d = await deposit(u, "5600");
    expect(d.depositorName).toMatch(/^Mem[0-9]{4}$/);
    // An approval that names no KRW received is refused, even while the quote holds.
    const bare = await decide(admin, d.id, { action: "approve" });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("KRW_RECEIVED_REQUIRED");
    const kst = new Date(Date.now() + 9 * 3600_000).toISOString().replace("T", " ").slice(0, 19).replaceAll("-", ".");
    const csv = `거래일시,입금자명,입금액,잔액\n${kst},${d.depositorName},"5,600","105,600"\n`;
    const res = await upload(admin, csv);
    expect(res.status, res.text).toBe(200);
    expect(statusesOf(res.body.lines)).toEqual([[d.depositorName, "MATCHED", null]]);
    expect(await wld(u.id)).toMatchObject({ holding: "2" });
    // The name is free again for the next deposit once this one stopped waiting; two waiting deposits never share one.
    const names = rowsOf<{ n: string }>(
      await (await getDb()).execute(sql`SELECT count(*)::text AS n FROM deposit_names WHERE request_id = ${d.id}`),
    );
    expect(names[0]?.n).toBe("1");
    await expectLedgerConsistent();
  });

  it("a depositor name is held while its deposit waits; another code is tried; once it stops waiting it is free", async () => {
    await price2800();
    const [u1, u2] = [await createUser(), await createUser()];
    const [d1, d2] = [await deposit(u1, "2800"), await deposit(u2, "2800")];
    const db = await getDb();
    const take = (id: number, codes: number[]) =>
      db.transaction((tx) =>
        takeDepositorName(tx, { requestId: id, memberName: "테스트 회원", random: () => codes.shift()! }),
      );
    expect(await take(d1.id, [1])).toBe("테스트0001");
    // 0001 is d1's while it waits: d2 gets the next code it tries.
    expect(await take(d2.id, [1, 2])).toBe("테스트0002");
    expect((await mine(u1, d1.id)).deposit.depositorName).toBe("테스트0001");
    expect((await mine(u2, d2.id)).deposit.depositorName).toBe("테스트0002");
    // d1 is cancelled: its name goes to whoever asks next.
    const cancelled = await call(cancelRoute, "DELETE", `/x`, { cookie: u1.cookie, params: { id: String(d1.id) } });
    expect(cancelled.status).toBe(200);
    expect(await take(d2.id, [1])).toBe("테스트0001");
  });

  it("the uploader's own deposit is never credited by their upload alone: it becomes a proposal", async () => {
    await price2800();
    const admin = await createUser({ role: "ADMIN" });
    const d = await deposit(admin, "2800");
    const kst = new Date(Date.now() + 9 * 3600_000).toISOString().replace("T", " ").slice(0, 19);
    const res = await upload(admin, `거래일시,입금자명,입금액,잔액\n${kst},${d.depositorName},2800,1\n`);
    expect(res.status, res.text).toBe(200);
    expect(statusesOf(res.body.lines)).toEqual([[d.depositorName, "MATCHED", null]]);
    expect(await wld(admin.id)).toMatchObject({ holding: "0" });
    expect(await mine(admin, d.id)).toMatchObject({ awaitingApproval: true });
    await expectLedgerConsistent();
  });

  it.each([
    ["malformed-date.csv", 3, "거래일시"],
    ["malformed-amount.csv", 3, "입금액"],
    ["malformed-no-name.csv", 2, "입금자명"],
    ["malformed-quote.csv", 2, undefined],
    ["malformed-no-header.csv", undefined, undefined],
    ["not-text.csv", undefined, undefined],
  ])(
    "%s is refused whole (400 BANK_STATEMENT_INVALID, line %s, field %s) and nothing is stored",
    async (f, line, field) => {
      await price2800();
      const admin = await createUser({ role: "ADMIN" });
      await pinnedDeposit("28000", `서강준${Math.floor(Math.random() * 1e4)}`, "2026-11-27T10:00:00Z");
      const before = await countOf(
        sql`SELECT (SELECT count(*) FROM bank_statement_lines) + (SELECT count(*) FROM bank_statement_uploads) AS n`,
      );
      const res = await upload(admin, fixture(f));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("BANK_STATEMENT_INVALID");
      expect(res.body.line).toBe(line);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toEqual(expect.any(String));
      const after = await countOf(
        sql`SELECT (SELECT count(*) FROM bank_statement_lines) + (SELECT count(*) FROM bank_statement_uploads) AS n`,
      );
      expect(after).toBe(before);
    },
  );

  it("limits: over 1 MiB → 413, over 5,000 lines → 400, no file or not multipart → 400 in the statement's words, members → 403", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const uploads = () => countOf(sql`SELECT count(*) AS n FROM bank_statement_uploads`);
    const before = await uploads();
    const header = "거래일시,입금자명,입금액,잔액\n";
    const big = header + "2026.11.27 10:00:00,X,1,1\n".repeat(45_000);
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    const tooBig = await upload(admin, big);
    expect(tooBig.status).toBe(413);
    const many = header + Array.from({ length: 5001 }, (_, i) => `2026.11.27 10:00:00,X${i},1,${i}\n`).join("");
    const tooMany = await upload(admin, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe("BANK_STATEMENT_INVALID");
    const form = new FormData();
    form.append("other", "x");
    const none = await call(bankRoute, "POST", "/x", { rawBody: form, cookie: admin.cookie });
    // The statement form's own words, not the ID-image upload's ("신분증 이미지", "jpg, png").
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "BANK_STATEMENT_INVALID", problem: "no_file" });
    expect(none.body.error).toContain("거래내역 CSV 파일을 선택해주세요");
    const json = await call(bankRoute, "POST", "/x", { body: { file: "x" }, cookie: admin.cookie });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ code: "BANK_STATEMENT_INVALID", problem: "no_file" });
    expect(tooMany.body.error).toBe(
      "은행 거래내역 파일을 읽을 수 없습니다. 한 파일에는 최대 5000줄까지 올릴 수 있습니다.",
    );
    expect((await upload(member, header)).status).toBe(403);
    expect((await list(member)).status).toBe(403);
    expect(await uploads()).toBe(before);
  });

  it("GET /api/deposit-account names the operator's bank account to members", async () => {
    const u = await createUser();
    const res = await call(accountRoute, "GET", "/api/deposit-account", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bank: "데모은행", account: "000-000000-00-000", holder: "WLD Wallet" });
    expect((await call(accountRoute, "GET", "/api/deposit-account")).status).toBe(401);
  });

  it(`the same statement uploaded twice at once credits each deposit once (${dbName})`, async () => {
    await price2800();
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const deps = [];
    const rows = ["거래일시,입금자명,입금액,잔액"];
    for (let i = 0; i < 6; i++) {
      const name = `동시${String(1000 + i)}`;
      const at = `2026-11-27T11:0${i}:00Z`;
      deps.push(await pinnedDeposit("2800", name, at));
      rows.push(`2026.11.27 20:0${i}:00,${name},2800,${100000 + i * 2800}`);
    }
    const csv = `${rows.join("\n")}\n`;
    const [r1, r2, r3] = await Promise.all([upload(a, csv), upload(b, csv), upload(a, csv)]);
    for (const r of [r1, r2, r3]) expect(r.status, r.text).toBe(200);
    const news = [r1, r2, r3].map((r) => r.body.upload.linesNew as number);
    expect(news.reduce((x, y) => x + y, 0)).toBe(6);
    expect([r1, r2, r3].map((r) => r.body.upload.matched).reduce((x: number, y: number) => x + y, 0)).toBe(6);
    for (const d of deps) expect(await wld(d.u.id)).toMatchObject({ holding: "1" });
    expect(
      await countOf(sql`SELECT count(*) AS n FROM bank_statement_lines WHERE status = 'MATCHED'`),
    ).toBeGreaterThanOrEqual(6);
    expect(
      await countOf(
        sql`SELECT count(*) AS n FROM ledger_postings WHERE kind = 'DEPOSIT_APPROVE' AND memo IN (${sql.join(
          deps.map((d) => sql`${`request ${d.id}`}`),
          sql`, `,
        )})`,
      ),
    ).toBe(6);
    await expectLedgerConsistent();
  });
});
