/**
 * Reconciliation with the outside through GET /api/admin/reconciliation, with every row made by the
 * real paths: transfers asked and approved through their routes, a payout proven on a local EVM node (Hardhat 2,
 * the stand-in WLD token) and marked PAID by the confirmations pass, one recorded without an RPC endpoint (SENDING,
 * 확인 불가), deposits asked by members and credited through an uploaded bank statement or an approval naming the
 * KRW received, and a statement line nobody's name matches (REVIEW). Then the clock moves past STUCK_HOURS and what
 * is still open turns red. The requests CSV carries the hash, its check, the depositor name and the statement line.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as bankRoute from "@/app/api/admin/deposits/bank/route";
import * as exportRoute from "@/app/api/admin/export/requests/route";
import * as reconciliationRoute from "@/app/api/admin/reconciliation/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as payoutRoute from "@/app/api/admin/requests/[id]/payout/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import { runConfirmationsPass } from "@/lib/chain/confirmations";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { requests } from "@/db/schema";
import { member as member_, post, system } from "@/lib/ledger";
import { D } from "@/lib/money";
import { fund, setFreshWldPrice } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { type EvmNode, startEvmNode } from "../support/evm-node";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const db = onPostgres() ? "PostgreSQL" : "PGlite";
let node: EvmNode;

beforeAll(async () => {
  node = await startEvmNode();
  process.env.RPC_URL_OP = node.rpcUrl;
  process.env.WLD_TOKEN_OP = node.token;
  process.env.PAYOUT_CONFIRMATIONS_OP = "2";
  delete process.env.RPC_URL_WORLDCHAIN;
});
afterAll(async () => {
  delete process.env.RPC_URL_OP;
  delete process.env.WLD_TOKEN_OP;
  delete process.env.PAYOUT_CONFIRMATIONS_OP;
  setTestClock(null);
  await node?.stop();
});
afterEach(async () => {
  await expectLedgerConsistent();
});

const recon = (admin: TestUser) =>
  call(reconciliationRoute, "GET", "/api/admin/reconciliation", { cookie: admin.cookie });

/** A member's transfer on `network` (a fresh address), approved by `admin`: APPROVED, the coins in `payouts`. */
async function approvedTransfer(admin: TestUser, network: "OP" | "WORLDCHAIN", amount: string) {
  const to = privateKeyToAccount(generatePrivateKey()).address;
  const member = await createUser({ idStatus: "APPROVED", walletAddr: `${network}|Upbit|${to}` });
  await fund(member.id, { staked: "50" });
  const asked = await call(transferRoute, "POST", "/api/transfer-requests", {
    body: { amount, type: "TRANSFER" },
    cookie: member.cookie,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = asked.body.request.id as number;
  const approved = await call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
    body: { action: "approve" },
    cookie: admin.cookie,
    params: { id: String(id) },
  });
  expect(approved.status).toBe(200);
  return { id, to };
}

async function deposit(krw: number) {
  const member = await createUser({ idStatus: "APPROVED" });
  const r = await call(depositRoute, "POST", "/api/requests/deposit", {
    body: { coinSymbol: "WLD", amount: krw },
    cookie: member.cookie,
  });
  expect(r.status).toBe(201);
  return { member, id: r.body.request.id as number, depositorName: r.body.request.depositorName as string };
}

/** "YYYY-MM-DD HH:mm:ss" KST of now (the bank's own clock). */
const kstNow = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

async function upload(admin: TestUser, csv: string) {
  const form = new FormData();
  form.append("file", new Blob([new TextEncoder().encode(csv)], { type: "text/csv" }), "statement.csv");
  return call(bankRoute, "POST", "/api/admin/deposits/bank", { rawBody: form, cookie: admin.cookie });
}

describe(`GET /api/admin/reconciliation outside (${db})`, () => {
  it("per network paid with proof = paid per ledger, in transit = payouts; KRW per statements = credited; stuck and review lines red", async () => {
    await setFreshWldPrice();
    const admin = await createUser({ role: "ADMIN" });

    // Nothing yet: every figure zero, nothing red.
    const empty = await recon(admin);
    expect(empty.status).toBe(200);
    expect(empty.body.outside).toMatchObject({
      ok: true,
      stuckHours: 24,
      krw: { statementMatched: "0", creditedWithLine: "0", creditedWithoutLine: "0", ok: true },
      stuckPayoutsCount: 0,
      stuckDepositsCount: 0,
      reviewCount: 0,
    });
    expect(empty.body.outside.networks.map((n: { network: string }) => n.network)).toEqual([
      "ERC20",
      "OP",
      "WORLDCHAIN",
    ]);

    // OP: 10 WLD paid with proof on the node (PAID through the confirmations pass), 6 WLD approved, not sent.
    const paid = await approvedTransfer(admin, "OP", "10");
    const hash = await node.pay(paid.to, "10");
    const rec = await call(payoutRoute, "POST", `/api/admin/requests/${paid.id}/payout`, {
      body: { txHash: hash },
      cookie: admin.cookie,
      params: { id: String(paid.id) },
    });
    expect(rec.status).toBe(200);
    await node.mine(2);
    await runConfirmationsPass();
    const open = await approvedTransfer(admin, "OP", "6");
    // WORLDCHAIN has no RPC here: the hash is recorded unverified and the request stays SENDING.
    const unverified = await approvedTransfer(admin, "WORLDCHAIN", "5");
    const rec2 = await call(payoutRoute, "POST", `/api/admin/requests/${unverified.id}/payout`, {
      body: { txHash: `0x${"ab".repeat(32)}` },
      cookie: admin.cookie,
      params: { id: String(unverified.id) },
    });
    expect(rec2.body.request).toMatchObject({ status: "SENDING", payout: { check: "UNVERIFIED" } });

    // KRW: one deposit paid by a statement line (matched, credited), one approved naming the KRW received (no line),
    // one still waiting, and a line whose name no deposit carries.
    const byLine = await deposit(20000);
    const byHand = await deposit(15000);
    const waiting = await deposit(30000);
    const csv = [
      "거래일시,입금자명,입금액,출금액,잔액",
      `${kstNow()},${byLine.depositorName},20000,,1020000`,
      `${kstNow()},모르는이름,7000,,1027000`,
    ].join("\n");
    const up = await upload(admin, csv);
    expect(up.status).toBe(200);
    expect(up.body.upload).toMatchObject({ linesNew: 2, matched: 1, review: 1 });
    const approvedByHand = await call(decideRoute, "PATCH", `/api/admin/requests/${byHand.id}`, {
      body: { action: "approve", krwReceived: "15000" },
      cookie: admin.cookie,
      params: { id: String(byHand.id) },
    });
    expect(approvedByHand.status).toBe(200);

    const now = await recon(admin);
    expect(now.status).toBe(200);
    const o = now.body.outside;
    const net = (n: string) => o.networks.find((x: { network: string }) => x.network === n);
    expect(net("OP")).toMatchObject({
      paidWithProof: "10",
      paidCount: 1,
      ledgerPaid: "10",
      difference: "0",
      approved: "6",
      sending: "0",
      inTransit: "6",
      ok: true,
    });
    expect(net("WORLDCHAIN")).toMatchObject({
      paidWithProof: "0",
      ledgerPaid: "0",
      sending: "5",
      inTransit: "5",
      ok: true,
    });
    expect(o.payouts).toEqual([{ coin: "WLD", balance: "11", inTransit: "11", ok: true }]);
    expect(o.krw).toMatchObject({
      statementMatched: "20000",
      statementMatchedCount: 1,
      awaitingCredit: "0",
      creditedWithLine: "20000",
      creditedWithoutLine: "15000",
      creditedWithoutLineCount: 1,
      difference: "0",
      ok: true,
    });
    // Nothing is older than STUCK_HOURS yet; the unmatched line is red already.
    expect(o).toMatchObject({
      stuckPayoutsCount: 0,
      stuckDepositsCount: 0,
      reviewCount: 1,
      reviewKrw: "7000",
      ok: false,
    });
    expect(o.reviewLines[0]).toMatchObject({
      depositorName: "모르는이름",
      amountKrw: "7000",
      reviewReason: "UNKNOWN_NAME",
    });

    // A day and an hour later: the approved and the sending payouts and the deposit nobody paid are stuck.
    advanceTestClock(25 * 3_600_000);
    const later = (await recon(admin)).body.outside;
    expect(later.stuckPayoutsCount).toBe(2);
    expect(later.stuckPayouts.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [open.id, "APPROVED"],
      [unverified.id, "SENDING"],
    ]);
    expect(later.stuckPayouts[1]).toMatchObject({ network: "WORLDCHAIN", amount: "5", hours: 25 });
    expect(later.stuckDepositsCount).toBe(1);
    expect(later.stuckDeposits[0]).toMatchObject({
      id: waiting.id,
      type: "DEPOSIT",
      status: "EXPIRED",
      depositorName: waiting.depositorName,
      krwAmount: "30000",
    });
    expect(later.ok).toBe(false);
    setTestClock(null);

    // The requests CSV carries the proof: the hash and its check, the depositor name, the KRW and the line.
    const csvOut = await call(exportRoute, "GET", "/api/admin/export/requests?lang=en", { cookie: admin.cookie });
    expect(csvOut.status).toBe(200);
    const rows = csvOut.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    const header = rows[0]!;
    // The English headers (Korean by default, English with lang=en) under the names this test reads.
    const EN: Record<string, string> = {
      txHash: "Transaction hash",
      payoutCheck: "Payout check",
      paidAtKst: "Paid (KST)",
      depositorName: "Depositor name",
      krwReceived: "KRW received",
      bankLineId: "Bank line",
      bankLineAtKst: "Bank line time (KST)",
      bankLineKrw: "Bank line KRW",
    };
    const col = (row: string[], name: string) => row[header.indexOf(EN[name]!)];
    const rowOf = (id: number) => rows.find((r) => r[0] === String(id))!;
    expect(header.slice(-8)).toEqual(Object.values(EN));
    expect(col(rowOf(paid.id), "txHash")).toBe(hash.toLowerCase());
    expect(col(rowOf(paid.id), "payoutCheck")).toBe("VERIFIED");
    expect(col(rowOf(paid.id), "paidAtKst")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(col(rowOf(unverified.id), "payoutCheck")).toBe("UNVERIFIED");
    expect(col(rowOf(open.id), "txHash")).toBe("");
    const line = rowOf(byLine.id);
    expect(col(line, "depositorName")).toBe(byLine.depositorName);
    expect(col(line, "krwReceived")).toBe("20000");
    expect(col(line, "bankLineId")).toMatch(/^\d+$/);
    expect(col(line, "bankLineAtKst")).toBe(kstNow().slice(0, 10) + col(line, "bankLineAtKst")!.slice(10));
    expect(col(line, "bankLineKrw")).toBe("20000");
    const hand = rowOf(byHand.id);
    expect([col(hand, "depositorName"), col(hand, "krwReceived"), col(hand, "bankLineId")]).toEqual([
      byHand.depositorName,
      "15000",
      "",
    ]);
    expect(col(rowOf(waiting.id), "krwReceived")).toBe("");
  }, 120_000);

  it(`a transfer approved before issue 28 (paid out by its approval) is neither in transit nor stuck (${db})`, async () => {
    const admin = await createUser({ role: "ADMIN" });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const member = await createUser({ idStatus: "APPROVED", walletAddr: `OP|Upbit|${to}` });
    await fund(member.id, { staked: "50" });
    const asked = await call(transferRoute, "POST", "/api/transfer-requests", {
      body: { amount: "7", type: "TRANSFER" },
      cookie: member.cookie,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.request.id as number;
    const before = (await recon(admin)).body.outside;
    const opBefore = before.networks.find((n: { network: string }) => n.network === "OP");
    // What the approval wrote before the payout step (migration 0020): held → external + fees in one posting, the
    // request APPROVED.
    const d = await getDb();
    const [r] = await d.select().from(requests).where(eq(requests.id, id));
    const p = await post(d, {
      kind: "TRANSFER_PAYOUT",
      idempotencyKey: `request-settle:${id}`,
      actorId: admin.id,
      memo: `request ${id}`,
      legs: [
        { account: member_(member.id, "WLD", "held"), amount: new D(r!.total).neg() },
        { account: system("WLD", "external"), amount: r!.amount },
        { account: system("WLD", "fees"), amount: r!.fee },
      ],
      memberTx: [{ userId: member.id, type: "TRANSFER", coinSymbol: "WLD", amount: new D(r!.total).neg() }],
    });
    await d
      .update(requests)
      .set({ status: "APPROVED", settlePostingId: p.postingId, handledBy: admin.id })
      .where(eq(requests.id, id));

    advanceTestClock(25 * 3_600_000);
    const later = (await recon(admin)).body.outside;
    setTestClock(null);
    expect(later.stuckPayouts.map((x: { id: number }) => x.id)).not.toContain(id);
    const opLater = later.networks.find((n: { network: string }) => n.network === "OP");
    expect(opLater.approved).toBe(opBefore.approved);
    expect(opLater.inTransit).toBe(opBefore.inTransit);
    // Nor can it take a hash: its coins already left.
    const payout = await call(payoutRoute, "POST", `/api/admin/requests/${id}/payout`, {
      body: { txHash: `0x${"ab".repeat(32)}` },
      cookie: admin.cookie,
      params: { id: String(id) },
    });
    expect(payout.status).toBe(409);
  });
});
