/**
 * A transfer request is one statement (the SQL function transfer_request_open, db/migrations/0011) — the
 * member's lock, the request, the accounts' lock, today's usage, the hold and its timeline event — and every
 * refusal of it, even one judged after the request row was written, leaves nothing behind when it runs on its own.
 * Its cancel is one statement too (request_cancel). Every other rule of both is tested through the routes in
 * requests-transfer, cooldown-limits, two-factor, notifications and the audit tests, which run unchanged.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as route from "@/app/api/transfer-requests/route";
import { getDb } from "@/db/client";
import { D } from "@/lib/money";
import { createTransferRequest } from "@/lib/wallet/requests";
import { approvedMember, countOf, ERC20_WALLET, fund, OP_WALLET, snapshot, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const ask = (u: TestUser, body: unknown) => call(route, "POST", "/api/transfer-requests", { body, cookie: u.cookie });

/**
 * The statements postgres.js sends while `work` runs (its `debug` hook, read on every query). PostgreSQL only:
 * the embedded driver has no such hook, and the statement count is the server's round trips.
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const client = (await getDb()) as unknown as { $client: { options: { debug?: unknown } } };
  const options = client.$client.options;
  const seen: string[] = [];
  const before = options.debug;
  options.debug = (_connection: number, query: string) => seen.push(query.replace(/\s+/g, " ").trim().slice(0, 60));
  try {
    await work();
  } finally {
    options.debug = before;
  }
  return seen;
}

describe(`transfer request in one statement (${where})`, () => {
  it.skipIf(!onPostgres())(
    "POST /api/transfer-requests sends two statements: the session and the request",
    async () => {
      const u = await approvedMember();
      await fund(u.id, { staked: "50" });
      // A first request warms what a running server holds already (the price in memory, the driver's types).
      expect((await ask(u, { coinSymbol: "WLD", amount: "5", type: "WITHDRAW" })).status).toBe(201);
      let res: Awaited<ReturnType<typeof ask>> | undefined;
      const sent = await statementsDuring(async () => {
        res = await ask(u, { coinSymbol: "WLD", amount: "10", type: "TRANSFER" });
      });
      expect(res?.status).toBe(201);
      expect(sent, sent.join("\n")).toHaveLength(2);
      // One statement (its start, 60 characters): CTEs read the maintenance pause (lib/maintenance) and the account's
      // freeze, then open the request with transfer_request_open.
      expect(sent[1]).toMatch(/^WITH (paused|frozen|opened) AS \(/);
      expect(await wld(u.id)).toMatchObject({ staked: "34.6", held: "15.4" });
      await expectLedgerConsistent();
    },
  );

  it.skipIf(!onPostgres())(
    "DELETE /api/transfer-requests/{id} sends two statements: the session and the cancel",
    async () => {
      const u = await approvedMember();
      await fund(u.id, { staked: "50" });
      const cancel = (id: number) =>
        call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } });
      const first = await ask(u, { coinSymbol: "WLD", amount: "5", type: "WITHDRAW" });
      expect((await cancel(first.body.request.id)).status).toBe(200);
      const made = await ask(u, { coinSymbol: "WLD", amount: "10", type: "TRANSFER" });
      let res: Awaited<ReturnType<typeof cancel>> | undefined;
      const sent = await statementsDuring(async () => {
        res = await cancel(made.body.request.id);
      });
      expect(res?.status).toBe(200);
      expect(res?.body).toEqual({ request: { id: made.body.request.id, status: "CANCELLED" } });
      expect(sent, sent.join("\n")).toHaveLength(2);
      expect(sent[1]).toMatch(/^SELECT request_cancel\(/);
      expect(await wld(u.id)).toMatchObject({ staked: "50", held: "0" });
      // A second cancel is refused and changes nothing.
      expect((await cancel(made.body.request.id)).body).toMatchObject({ code: "CONFLICT" });
      expect(await wld(u.id)).toMatchObject({ staked: "50", held: "0" });
      await expectLedgerConsistent();
    },
  );

  it("a refusal judged after the request row was written (over the maximum, over the daily limit) leaves nothing", async () => {
    const db = await getDb();
    const u = await approvedMember();
    await fund(u.id, { staked: "10" });
    const before = await snapshot(u.id);
    const events = () => countOf(sql`select count(*)::text as n from request_events`);
    const eventsBefore = await events();
    const over = await ask(u, { coinSymbol: "WLD", amount: "9.81", type: "TRANSFER" });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: "ABOVE_MAXIMUM", spendable: "9.80", staked: "10", fee: "0.2" });
    // ₩2,000,000 a day at ₩2,800 a coin: 5 coins are ₩14,000, so a price of ₩500,000 makes them ₩2,500,000.
    await expect(
      createTransferRequest(db, {
        userId: u.id,
        type: "WITHDRAW",
        coin: "WLD",
        amount: new D("5"),
        priceKrw: "500000",
        walletAddr: OP_WALLET,
      }),
    ).rejects.toMatchObject({
      code: "DAILY_LIMIT",
      params: { allowedKrw: "2000000", allowedAmount: "4", limitKrw: "2000000" },
    });
    expect(await snapshot(u.id)).toEqual(before);
    expect(await events()).toBe(eventsBefore);
    // The one-pending slot is free again: the refused rows never committed.
    expect((await ask(u, { coinSymbol: "WLD", amount: "9.8", type: "TRANSFER" })).status).toBe(201);
    await expectLedgerConsistent();
  });

  it("the fee follows the address on the locked member row when the caller's copy is out of date", async () => {
    const db = await getDb();
    const u = await approvedMember(ERC20_WALLET);
    await fund(u.id, { staked: "20" });
    // The caller read an OP address (fee 0.2); the row holds an ERC20 one (fee 1.5): the request is asked again.
    const made = await createTransferRequest(db, {
      userId: u.id,
      type: "TRANSFER",
      coin: "WLD",
      amount: new D("10"),
      priceKrw: "2800",
      walletAddr: OP_WALLET,
    });
    expect(made).toMatchObject({ amount: "10", fee: "1.5", total: "11.5", status: "PENDING" });
    expect(await wld(u.id)).toMatchObject({ staked: "8.5", held: "11.5" });
    expect(await countOf(sql`select count(*)::text as n from requests where user_id = ${u.id}`)).toBe(1);
    await expectLedgerConsistent();
  });
});
