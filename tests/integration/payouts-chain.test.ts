/**
 * Money out, proven on chain (SECURITY J44), through the real routes against a real local EVM
 * node (Hardhat 2, tests/support/evm-node.ts) with the stand-in WLD token: approval reserves the payout (held →
 * payouts), recording a hash verifies it (token, recipient, amount, success, sender when configured, a hash never
 * used twice), the confirmations job makes it PAID exactly once, a reorganisation sends it back to APPROVED, a failed
 * payout refunds amount and fee in one posting, and without an RPC endpoint nothing is ever PAID.
 */
import { sql } from "drizzle-orm";
import { type Address, type Hash, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as failRoute from "@/app/api/admin/requests/[id]/fail/route";
import * as payoutRoute from "@/app/api/admin/requests/[id]/payout/route";
import * as notificationsRoute from "@/app/api/notifications/route";
import * as timelineRoute from "@/app/api/transfer-requests/[id]/timeline/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import { getDb, rowsOf } from "@/db/client";
import { runConfirmationsPass } from "@/lib/chain/confirmations";
import { explorerTxUrl } from "@/lib/chain/explorer";
import { D } from "@/lib/money";
import { countOf, fund, setFreshWldPrice, wld } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { type EvmNode, startEvmNode } from "../support/evm-node";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const db = onPostgres() ? "PostgreSQL" : "PGlite";
const CONFIRMATIONS = 3;
let node: EvmNode;

beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(async () => {
  await node?.stop();
});
beforeEach(() => {
  process.env.RPC_URL_OP = node.rpcUrl;
  process.env.WLD_TOKEN_OP = node.token;
  process.env.PAYOUT_CONFIRMATIONS_OP = String(CONFIRMATIONS);
  delete process.env.PAYOUT_WALLET_OP;
});
afterEach(async () => {
  delete process.env.RPC_URL_OP;
  delete process.env.WLD_TOKEN_OP;
  delete process.env.PAYOUT_CONFIRMATIONS_OP;
  delete process.env.PAYOUT_WALLET_OP;
  // Every money test ends with the ledger's invariants holding (payouts = approved + sending included).
  await expectLedgerConsistent();
});

const exec = async (q: ReturnType<typeof sql>) => (await getDb()).execute(q);
const systemBalance = async (kind: string) =>
  rowsOf<{ b: string }>(
    await exec(
      sql`select coalesce(sum(balance),0)::text as b from ledger_accounts where user_id is null and coin = 'WLD' and kind::text = ${kind}`,
    ),
  )[0]?.b ?? "0";
const requestRow = async (id: number) =>
  rowsOf<{
    status: string;
    payout_tx_hash: string | null;
    payout_check: string | null;
    payout_block: string | null;
    paid_at: string | null;
  }>(
    await exec(
      sql`select status::text, payout_tx_hash, payout_check, payout_block::text, paid_at::text from requests where id = ${id}`,
    ),
  )[0];
const notices = (userId: number, kind: string) =>
  countOf(sql`select count(*)::text as n from notifications where user_id = ${userId} and kind = ${kind}`);
const postings = () => countOf(sql`select count(*)::text as n from ledger_postings`);

type Approved = { member: TestUser; admin: TestUser; id: number; to: Address };

/** A member with a fresh OP address, 30 WLD staked, and a transfer of `amount` (fee 0.2) an administrator approved. */
async function approvedTransfer(amount = "10", type: "TRANSFER" | "WITHDRAW" = "TRANSFER"): Promise<Approved> {
  await setFreshWldPrice();
  const to = privateKeyToAccount(generatePrivateKey()).address;
  const member = await createUser({ idStatus: "APPROVED", walletAddr: `OP|Upbit|${to}` });
  const admin = await createUser({ role: "ADMIN" });
  await fund(member.id, { staked: "30" });
  const asked = await call(transferRoute, "POST", "/api/transfer-requests", {
    body: { amount, type },
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
  return { member, admin, id, to };
}

const payout = (admin: TestUser, id: number, txHash: string, headers: Record<string, string> = {}) =>
  call(payoutRoute, "POST", `/api/admin/requests/${id}/payout`, {
    body: { txHash },
    cookie: admin.cookie,
    params: { id: String(id) },
    headers,
  });
const fail = (admin: TestUser, id: number, reason: string) =>
  call(failRoute, "POST", `/api/admin/requests/${id}/fail`, {
    body: { reason },
    cookie: admin.cookie,
    params: { id: String(id) },
  });
/** Settles what earlier tests left SENDING (mined past their confirmations, one pass), so a pass's counts are this test's. */
async function flush() {
  await node.mine(CONFIRMATIONS);
  await runConfirmationsPass();
}
const randomHash = () => `0x${Buffer.from(generatePrivateKey().slice(2), "hex").toString("hex")}` as Hash;

describe(`approval reserves the payout (${db})`, () => {
  it("J44 approving a transfer moves held → payouts (+ fee → fees), not external: APPROVED means to be sent", async () => {
    const [ext0, fee0, pay0] = [
      await systemBalance("external"),
      await systemBalance("fees"),
      await systemBalance("payouts"),
    ];
    const a = await approvedTransfer("10");
    expect(await wld(a.member.id)).toMatchObject({ staked: "19.8", held: "0" });
    expect(new D(await systemBalance("payouts")).minus(pay0).toFixed()).toBe("10");
    expect(new D(await systemBalance("fees")).minus(fee0).toFixed()).toBe("0.2");
    // The funding credits came from external; the approval itself put nothing there.
    expect(new D(await systemBalance("external")).minus(ext0).toFixed()).toBe("-30");
    expect((await requestRow(a.id))?.status).toBe("APPROVED");
  });
});

describe(`POST /api/admin/requests/{id}/payout (${db})`, () => {
  it("J44 a verified hash → SENDING (lower-case, block, VERIFIED), then PAID after the confirmations, once, with one notification", async () => {
    await flush();
    const a = await approvedTransfer("10");
    const hash = await node.pay(a.to, "10");
    const r = await payout(a.admin, a.id, hash.toUpperCase().replace("0X", "0x"));
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({
      id: a.id,
      status: "SENDING",
      payout: { txHash: hash.toLowerCase(), network: "OP", check: "VERIFIED", block: expect.any(Number), paidAt: null },
    });
    const payouts0 = await systemBalance("payouts");
    // Not final yet: a pass leaves it SENDING.
    await node.mine(CONFIRMATIONS - 2);
    expect(await runConfirmationsPass()).toMatchObject({ ran: true, paid: 0 });
    expect((await requestRow(a.id))?.status).toBe("SENDING");
    await node.mine(1);
    const ext0 = await systemBalance("external");
    expect(await runConfirmationsPass()).toMatchObject({ ran: true, paid: 1 });
    expect(await runConfirmationsPass()).toMatchObject({ ran: true, paid: 0 });
    const row = await requestRow(a.id);
    expect(row).toMatchObject({ status: "PAID", payout_tx_hash: hash.toLowerCase(), payout_check: "VERIFIED" });
    expect(row?.paid_at).not.toBeNull();
    expect(new D(await systemBalance("payouts")).minus(payouts0).toFixed()).toBe("-10");
    expect(new D(await systemBalance("external")).minus(ext0).toFixed()).toBe("10");
    expect(await notices(a.member.id, "request_paid")).toBe(1);
    const tl = await call(timelineRoute, "GET", "/x", { cookie: a.member.cookie, params: { id: String(a.id) } });
    expect(tl.body.map((e: { status: string }) => e.status)).toEqual(["PENDING", "APPROVED", "SENDING", "PAID"]);
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action = 'request.paid' and target_id = ${String(a.id)}`,
      ),
    ).toBe(1);
    // The member's inbox says so in Korean, with the hash.
    const inbox = await call(notificationsRoute, "GET", "/api/notifications", { cookie: a.member.cookie });
    const paid = inbox.body.items.find((n: { kind: string }) => n.kind === "request_paid");
    expect(paid).toMatchObject({ title: "전송 송금 완료", href: "/wallet-history" });
    expect(paid.body).toContain(hash.toLowerCase());
    expect(explorerTxUrl("OP", hash)).toBe(`https://optimistic.etherscan.io/tx/${hash.toLowerCase()}`);
  });

  it("J44 a hash that already has the confirmations → PAID at once; the request answers it", async () => {
    const a = await approvedTransfer("7.5", "WITHDRAW");
    const hash = await node.pay(a.to, "7.5");
    await node.mine(CONFIRMATIONS);
    const r = await payout(a.admin, a.id, hash);
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({ status: "PAID", payout: { txHash: hash, check: "VERIFIED" } });
    expect(r.body.request.payout.paidAt).not.toBeNull();
    expect(await notices(a.member.id, "request_paid")).toBe(1);
    expect((await runConfirmationsPass()).paid).toBe(0);
    expect(await notices(a.member.id, "request_paid")).toBe(1);
  });

  it("accepts an Idempotency-Key: a replay answers the first outcome and records nothing twice", async () => {
    const a = await approvedTransfer("6");
    const hash = await node.pay(a.to, "6");
    const key = { "idempotency-key": `pay-${a.id}` };
    const first = await payout(a.admin, a.id, hash, key);
    const again = await payout(a.admin, a.id, hash, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      await countOf(
        sql`select count(*)::text as n from request_events where request_id = ${a.id} and status = 'SENDING'`,
      ),
    ).toBe(1);
    // Without the key, a second recording is refused: the request is no longer APPROVED.
    expect((await payout(a.admin, a.id, hash)).body.code).toBe("CONFLICT");
  });

  describe("J44 refusals: 422 PAYOUT_MISMATCH naming what differs, nothing changes", () => {
    const refused = async (a: Approved, hash: string, mismatch: string[]) => {
      const before = { postings: await postings(), row: await requestRow(a.id) };
      const r = await payout(a.admin, a.id, hash);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: "PAYOUT_MISMATCH", mismatch, detail: expect.any(String) });
      expect(await requestRow(a.id)).toEqual(before.row);
      expect(await postings()).toBe(before.postings);
      expect(await countOf(sql`select count(*)::text as n from payout_hashes where request_id = ${a.id}`)).toBe(0);
      return r;
    };

    it("J44 a transaction that failed (reverted on chain)", async () => {
      const a = await approvedTransfer("10");
      const broke = await node.newAccount("0");
      const hash = await node.pay(a.to, "10", { from: broke, gas: 100_000n });
      await refused(a, hash, ["status"]);
    });

    it("J44 a Transfer of another token", async () => {
      const a = await approvedTransfer("10");
      const other = await node.deployToken();
      await refused(a, await node.pay(a.to, "10", { token: other }), ["token"]);
    });

    it("J44 a Transfer to another address", async () => {
      const a = await approvedTransfer("10");
      const elsewhere = privateKeyToAccount(generatePrivateKey()).address;
      const r = await refused(a, await node.pay(elsewhere, "10"), ["recipient"]);
      expect(r.body.detail).toContain(a.to);
    });

    it("J44 another amount (one wei short, and more)", async () => {
      const a = await approvedTransfer("10");
      await refused(a, await node.pay(a.to, "9.999999999999999999"), ["amount"]);
      await refused(a, await node.pay(a.to, "10.2"), ["amount"]);
      expect(parseUnits("10", 18)).toBe(10n * 10n ** 18n);
    });

    it("J44 another sender when PAYOUT_WALLET_OP is set (and the operator's wallet is accepted)", async () => {
      process.env.PAYOUT_WALLET_OP = node.accounts.operator.address;
      const a = await approvedTransfer("10");
      const stranger = await node.newAccount();
      await refused(a, await node.pay(a.to, "10", { from: stranger }), ["sender"]);
      const ok = await payout(a.admin, a.id, await node.pay(a.to, "10"));
      expect(ok.status).toBe(200);
      expect(ok.body.request.status).toBe("SENDING");
    });

    it("J44 an unknown hash (no receipt)", async () => {
      const a = await approvedTransfer("10");
      await refused(a, randomHash(), ["transaction"]);
    });

    it("J44 a hash already recorded for another request, named in `used` (any case)", async () => {
      const a = await approvedTransfer("10");
      const b = await approvedTransfer("10");
      const hash = await node.pay(a.to, "10");
      expect((await payout(a.admin, a.id, hash)).status).toBe(200);
      const r = await refused(b, hash.toUpperCase().replace("0X", "0x"), ["hash"]);
      expect(r.body.used).toBe(a.id);
    });

    it("a malformed hash is 400 VALIDATION; an unknown request 404", async () => {
      const a = await approvedTransfer("10");
      for (const bad of ["0x12", "", "12".repeat(33), `0x${"g".repeat(64)}`]) {
        const r = await payout(a.admin, a.id, bad);
        expect(r.status).toBe(400);
        expect(r.body.code).toBe("VALIDATION");
      }
      expect((await payout(a.admin, 987654321, randomHash())).status).toBe(404);
    });
  });

  it("J44 only from APPROVED: PENDING, FAILED, SENDING, PAID and a deposit are 409 CONFLICT", async () => {
    await setFreshWldPrice();
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const member = await createUser({ idStatus: "APPROVED", walletAddr: `OP|Upbit|${to}` });
    const admin = await createUser({ role: "ADMIN" });
    await fund(member.id, { staked: "30" });
    const pending = (
      await call(transferRoute, "POST", "/api/transfer-requests", { body: { amount: "5" }, cookie: member.cookie })
    ).body.request.id as number;
    const hash = await node.pay(to, "5");
    expect((await payout(admin, pending, hash)).body.code).toBe("CONFLICT");
    const failed = await approvedTransfer("5");
    expect((await fail(failed.admin, failed.id, "주소 오류")).status).toBe(200);
    expect((await payout(failed.admin, failed.id, await node.pay(failed.to, "5"))).body.code).toBe("CONFLICT");
    const paid = await approvedTransfer("5");
    const paidHash = await node.pay(paid.to, "5");
    await node.mine(CONFIRMATIONS);
    expect((await payout(paid.admin, paid.id, paidHash)).body.request.status).toBe("PAID");
    const again = await payout(paid.admin, paid.id, paidHash);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    const deposit = rowsOf<{ id: string }>(
      await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, krw_amount, price_krw)
        VALUES (${member.id}, 'DEPOSIT', 'WLD', 1, 0, 1, 2800, 2800) RETURNING id::text`),
    )[0]!;
    expect((await payout(admin, Number(deposit.id), randomHash())).body.code).toBe("CONFLICT");
    expect((await fail(admin, Number(deposit.id), "x")).body.code).toBe("CONFLICT");
  });

  it("an RPC endpoint that cannot be read → 503 CHAIN_UNAVAILABLE { network }, nothing changes", async () => {
    const a = await approvedTransfer("10");
    const hash = await node.pay(a.to, "10");
    process.env.RPC_URL_OP = "http://127.0.0.1:9";
    const before = await requestRow(a.id);
    const r = await payout(a.admin, a.id, hash);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: "CHAIN_UNAVAILABLE", network: "OP" });
    expect(await requestRow(a.id)).toEqual(before);
    // The confirmations job leaves an unreachable network for later.
    process.env.RPC_URL_OP = node.rpcUrl;
    expect((await payout(a.admin, a.id, hash)).status).toBe(200);
    process.env.RPC_URL_OP = "http://127.0.0.1:9";
    expect(await runConfirmationsPass()).toMatchObject({ unavailable: ["OP"], paid: 0, reopened: 0 });
    expect((await requestRow(a.id))?.status).toBe("SENDING");
  });
});

describe(`confirmations job (${db})`, () => {
  it("J44 a reorganisation (snapshot/revert) sends SENDING back to APPROVED with the notice; it can be paid again", async () => {
    await flush();
    const a = await approvedTransfer("10");
    const snap = await node.snapshot();
    const hash = await node.pay(a.to, "10");
    expect((await payout(a.admin, a.id, hash)).body.request.status).toBe("SENDING");
    await node.revert(snap);
    const pass = await runConfirmationsPass();
    expect(pass).toMatchObject({ ran: true, reopened: 1, paid: 0 });
    expect(await requestRow(a.id)).toMatchObject({ status: "APPROVED", payout_tx_hash: null, payout_check: null });
    const tl = await call(timelineRoute, "GET", "/x", { cookie: a.admin.cookie, params: { id: String(a.id) } });
    expect(tl.body.at(-1)).toMatchObject({ status: "APPROVED", reason: `reorg ${hash}` });
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action = 'request.payout_reorged' and target_id = ${String(a.id)}`,
      ),
    ).toBe(1);
    // payout_hashes keeps the hash for this request; no coins moved; a new payout can be recorded and paid.
    expect(await countOf(sql`select count(*)::text as n from payout_hashes where request_id = ${a.id}`)).toBe(1);
    expect(await notices(a.member.id, "request_paid")).toBe(0);
    const again = await node.pay(a.to, "10");
    expect((await payout(a.admin, a.id, again)).body.request.status).toBe("SENDING");
    await node.mine(CONFIRMATIONS);
    expect((await runConfirmationsPass()).paid).toBe(1);
    expect((await requestRow(a.id))?.status).toBe("PAID");
  });

  it("J44 two passes at once mark PAID once and notify once", async () => {
    await flush();
    const a = await approvedTransfer("10");
    const b = await approvedTransfer("5");
    expect((await payout(a.admin, a.id, await node.pay(a.to, "10"))).status).toBe(200);
    expect((await payout(b.admin, b.id, await node.pay(b.to, "5"))).status).toBe(200);
    await node.mine(CONFIRMATIONS);
    const ext0 = await systemBalance("external");
    const passes = await Promise.all([runConfirmationsPass(), runConfirmationsPass(), runConfirmationsPass()]);
    expect(passes.reduce((s, p) => s + p.paid, 0)).toBe(2);
    for (const x of [a, b]) {
      expect((await requestRow(x.id))?.status).toBe("PAID");
      expect(await notices(x.member.id, "request_paid")).toBe(1);
      expect(
        await countOf(
          sql`select count(*)::text as n from request_events where request_id = ${x.id} and status = 'PAID'`,
        ),
      ).toBe(1);
    }
    expect(new D(await systemBalance("external")).minus(ext0).toFixed()).toBe("15");
    // The lease is free again after the passes.
    expect((await runConfirmationsPass()).ran).toBe(true);
  });

  it("a lease held by another instance: the pass does nothing", async () => {
    await flush();
    const a = await approvedTransfer("10");
    expect((await payout(a.admin, a.id, await node.pay(a.to, "10"))).status).toBe(200);
    await node.mine(CONFIRMATIONS);
    await exec(sql`INSERT INTO job_leases (name, holder, until) VALUES ('payout-confirmations', 'elsewhere', now() + interval '1 minute')
      ON CONFLICT (name) DO UPDATE SET holder = 'elsewhere', until = now() + interval '1 minute'`);
    expect(await runConfirmationsPass()).toMatchObject({ ran: false, paid: 0 });
    expect((await requestRow(a.id))?.status).toBe("SENDING");
    await exec(sql`UPDATE job_leases SET until = now() - interval '1 second' WHERE name = 'payout-confirmations'`);
    expect(await runConfirmationsPass()).toMatchObject({ ran: true, paid: 1 });
  });
});

describe(`POST /api/admin/requests/{id}/fail (${db})`, () => {
  it("refunds amount + fee in ONE posting (payouts −amount, fees −fee, staked +total), notifies with the reason", async () => {
    const a = await approvedTransfer("10");
    const [pay0, fee0, p0] = [await systemBalance("payouts"), await systemBalance("fees"), await postings()];
    const r = await fail(a.admin, a.id, "받는 주소 확인 불가");
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({ id: a.id, status: "FAILED", reason: "받는 주소 확인 불가", payout: null });
    expect(await postings()).toBe(p0 + 1);
    const legs = rowsOf<{ kind: string; amount: string }>(
      await exec(sql`select a.kind::text as kind, e.amount::text as amount from ledger_entries e
        join ledger_accounts a on a.id = e.account_id join ledger_postings p on p.id = e.posting_id
        where p.idempotency_key = ${`request-fail:${a.id}`} order by a.kind::text`),
    ).map((l) => [l.kind, new D(l.amount).toFixed()]);
    expect(legs).toEqual([
      ["fees", "-0.2"],
      ["payouts", "-10"],
      ["staked", "10.2"],
    ]);
    expect(await wld(a.member.id)).toMatchObject({ staked: "30", held: "0" });
    expect(new D(await systemBalance("payouts")).minus(pay0).toFixed()).toBe("-10");
    expect(new D(await systemBalance("fees")).minus(fee0).toFixed()).toBe("-0.2");
    const hist = await call(txRoute, "GET", "/x", { cookie: a.member.cookie, params: { userId: a.member.userId } });
    expect(hist.body.items[0]).toMatchObject({ type: "TRANSFER", amount: "10.2" });
    expect(await notices(a.member.id, "request_failed")).toBe(1);
    const inbox = await call(notificationsRoute, "GET", "/api/notifications", { cookie: a.member.cookie });
    expect(inbox.body.items[0]).toMatchObject({ kind: "request_failed", title: "전송 송금 실패" });
    expect(inbox.body.items[0].body).toContain("받는 주소 확인 불가");
    const tl = await call(timelineRoute, "GET", "/x", { cookie: a.member.cookie, params: { id: String(a.id) } });
    expect(tl.body.at(-1)).toMatchObject({ status: "FAILED", reason: "받는 주소 확인 불가" });
    // Exactly once.
    expect((await fail(a.admin, a.id, "again")).body.code).toBe("CONFLICT");
    expect(await postings()).toBe(p0 + 1);
  });

  it("a SENDING payout cannot be failed; a reason is 1–500 characters", async () => {
    const a = await approvedTransfer("10");
    for (const reason of ["", "   ", "x".repeat(501)]) expect((await fail(a.admin, a.id, reason)).status).toBe(400);
    expect((await payout(a.admin, a.id, await node.pay(a.to, "10"))).status).toBe(200);
    const r = await fail(a.admin, a.id, "too late");
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("CONFLICT");
  });

  it("J44 a payout racing a fail: exactly one outcome — never both refunded and paid", async () => {
    for (let i = 0; i < 3; i++) {
      const a = await approvedTransfer("10");
      const hash = await node.pay(a.to, "10");
      await node.mine(CONFIRMATIONS);
      const [p, f] = await Promise.all([payout(a.admin, a.id, hash), fail(a.admin, a.id, "race")]);
      expect([p.status, f.status].sort()).toEqual([200, 409]);
      const row = await requestRow(a.id);
      const refunds = await countOf(
        sql`select count(*)::text as n from ledger_postings where idempotency_key = ${`request-fail:${a.id}`}`,
      );
      const paid = await countOf(
        sql`select count(*)::text as n from ledger_postings where idempotency_key = ${`request-paid:${a.id}`}`,
      );
      if (p.status === 200) {
        expect(row?.status).toBe("PAID");
        expect([refunds, paid]).toEqual([0, 1]);
        expect(await wld(a.member.id)).toMatchObject({ staked: "19.8" });
      } else {
        expect(row?.status).toBe("FAILED");
        expect([refunds, paid]).toEqual([1, 0]);
        expect(await wld(a.member.id)).toMatchObject({ staked: "30" });
        expect(await countOf(sql`select count(*)::text as n from payout_hashes where request_id = ${a.id}`)).toBe(0);
      }
      await expectLedgerConsistent();
    }
  });
});

describe(`without an RPC endpoint (${db})`, () => {
  it("J44 the hash is recorded SENDING + UNVERIFIED (확인 불가) and never becomes PAID", async () => {
    await flush();
    delete process.env.RPC_URL_OP;
    const a = await approvedTransfer("10");
    const bogus = randomHash();
    const r = await payout(a.admin, a.id, bogus);
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({
      status: "SENDING",
      payout: { txHash: bogus, check: "UNVERIFIED", block: null },
    });
    for (let i = 0; i < 2; i++) expect((await runConfirmationsPass()).paid).toBe(0);
    expect((await requestRow(a.id))?.status).toBe("SENDING");
    expect(await notices(a.member.id, "request_paid")).toBe(0);
    // A hash is still one request's only: the no-RPC path refuses another request's hash too.
    const b = await approvedTransfer("10");
    expect((await payout(b.admin, b.id, bogus)).body).toMatchObject({ code: "PAYOUT_MISMATCH", used: a.id });
    // Once the network has an endpoint the job checks it: a hash that proves nothing goes back to APPROVED.
    process.env.RPC_URL_OP = node.rpcUrl;
    expect(await runConfirmationsPass()).toMatchObject({ reopened: 1, paid: 0 });
    expect((await requestRow(a.id))?.status).toBe("APPROVED");
  });

  it("J44 an UNVERIFIED payout that the chain proves, once an endpoint exists, becomes VERIFIED and PAID", async () => {
    await flush();
    const a = await approvedTransfer("10");
    const hash = await node.pay(a.to, "10");
    delete process.env.RPC_URL_OP;
    expect((await payout(a.admin, a.id, hash)).body.request.payout.check).toBe("UNVERIFIED");
    await node.mine(CONFIRMATIONS);
    expect((await runConfirmationsPass()).paid).toBe(0);
    process.env.RPC_URL_OP = node.rpcUrl;
    expect((await runConfirmationsPass()).paid).toBe(1);
    expect(await requestRow(a.id)).toMatchObject({ status: "PAID", payout_check: "VERIFIED" });
  });
});
