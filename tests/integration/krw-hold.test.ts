/**
 * The KRW hold (SECURITY.md J43) through the real routes: WLD bought with KRW (a deposit request approved by an
 * administrator, directly or through a four-eyes proposal) cannot leave as crypto for KRW_HOLD_HOURS (24) after the
 * credit — also once swapped into the lock, where transfers come from. A request above what is sendable is refused with
 * 403 KRW_HOLD { heldAmount, opensAt, sendable }; the transfer screen's status shows the hold first; parallel requests
 * cannot together take held coins. Time moves with lib/clock's test clock (credited_at is the application clock).
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as approveProposalRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { setTestClock } from "@/lib/clock";
import { resetPriceFeeds } from "@/lib/prices";
import { countOf, createUser, fund, OP_WALLET, setFreshWldPrice, snapshot, wld } from "../factories/money";
import { askTransfer as ask, withdrawStatusOf } from "../factories/transfer-requests";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
const HOUR = 3_600_000;
const T0 = Date.parse("2031-07-01T00:00:30Z"); // 09:00:30 KST
const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString();

const cancel = (u: TestUser, id: number) =>
  call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } });
const status = async (u: TestUser) => (await withdrawStatusOf(u)).body;
const swap = (u: TestUser, amount: string) =>
  call(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
    body: { amount },
    cookie: u.cookie,
    params: { userId: u.userId },
  });

/** The member buys WLD for `krw` (at ₩2,800) and `admin` approves it: answers the approval's response. */
async function buy(u: TestUser, admin: TestUser, krw: string) {
  await setFreshWldPrice(new Date(), "2");
  resetPriceFeeds();
  const dep = await call(depositRoute, "POST", "/api/requests/deposit", {
    body: { coinSymbol: "WLD", amount: krw },
    cookie: u.cookie,
  });
  expect(dep.status, dep.text).toBe(201);
  const id = dep.body.request.id as number;
  return call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { action: "approve", krwReceived: krw },
  });
}

async function boughtMember(oldStaked: string) {
  const u = await createUser({ idStatus: "APPROVED", walletAddr: OP_WALLET });
  const admin = await createUser({ role: "ADMIN" });
  if (oldStaked !== "0") await fund(u.id, { staked: oldStaked });
  return { u, admin };
}

afterEach(() => setTestClock(null));

describe(`J43 the KRW hold (${dbName})`, () => {
  it("coins bought 23 hours ago cannot leave after a swap into the lock; at 24 hours they can", async () => {
    setTestClock(at(0));
    const { u, admin } = await boughtMember("100");
    const approved = await buy(u, admin, "140000"); // 50 WLD at ₩2,800
    expect(approved.status, approved.text).toBe(200);
    expect(await wld(u.id)).toMatchObject({ holding: "50", staked: "100" });
    // Still in holding, the bought coins keep nothing of the lock back: all of the old staked 100 may go.
    expect((await status(u)).krwHold).toEqual({ amount: "50", inLock: "0", releasesAt: at(24) });
    const early = await ask(u, { amount: "99.8" });
    expect(early.status, early.text).toBe(201);
    expect((await cancel(u, early.body.request.id)).status).toBe(200);

    expect((await swap(u, "50")).status).toBe(200); // into the lock: staked 150, of which 50 bought
    expect((await status(u)).krwHold).toEqual({ amount: "50", inLock: "50", releasesAt: at(24) });

    setTestClock(at(23));
    const before = await snapshot(u.id);
    const held = await ask(u, { amount: "120" });
    expect(held.status).toBe(403);
    expect(held.body).toEqual({
      code: "KRW_HOLD",
      heldAmount: "50",
      opensAt: at(24),
      opensAtKst: "2031-07-02 09:01 KST",
      sendable: "99.80",
      hours: 24,
      error:
        "원화로 구매한 WLD는 24시간 동안 출금할 수 없습니다. 이 수량은 2031-07-02 09:01 KST부터 신청할 수 있고, 지금은 99.80 WLD까지 신청할 수 있습니다.",
    });
    expect((await ask(u, { amount: "120", type: "WITHDRAW" }, "en")).body.error).toBe(
      "WLD bought with KRW cannot leave for 24 hours. This amount can be requested from 2031-07-02 09:01 KST; up to 99.80 WLD can be requested now.",
    );
    expect(await snapshot(u.id)).toEqual(before);
    // What is sendable goes (amount + fee = 100 = staked − inLock); one unit more does not.
    expect((await ask(u, { amount: "99.81", type: "WITHDRAW" })).body.code).toBe("KRW_HOLD");
    const fits = await ask(u, { amount: "99.8", type: "WITHDRAW" });
    expect(fits.status, fits.text).toBe(201);
    expect((await cancel(u, fits.body.request.id)).status).toBe(200);

    setTestClock(new Date(T0 + 24 * HOUR - 1000).toISOString()); // a second before
    expect((await ask(u, { amount: "120" })).body.code).toBe("KRW_HOLD");
    setTestClock(at(24));
    expect((await status(u)).krwHold).toEqual({ amount: "0", inLock: "0", releasesAt: null });
    const ok = await ask(u, { amount: "120" });
    expect(ok.status, ok.text).toBe(201);
    expect(await wld(u.id)).toMatchObject({ staked: "29.8", held: "120.2" });
    await expectLedgerConsistent();
  });

  it("opensAt is when enough of several purchases has aged out for this amount", async () => {
    setTestClock(at(0));
    const { u, admin } = await boughtMember("0");
    expect((await buy(u, admin, "84000")).status).toBe(200); // 30 WLD at T0
    setTestClock(at(2));
    expect((await buy(u, admin, "84000")).status).toBe(200); // 30 WLD at T0 + 2 h
    expect((await swap(u, "60")).status).toBe(200);
    setTestClock(at(3));
    expect((await status(u)).krwHold).toEqual({ amount: "60", inLock: "60", releasesAt: at(26) });
    // 25 (+ 0.2) goes once the first 30 opened; 50 (+ 0.2) needs both.
    expect((await ask(u, { amount: "25" })).body).toMatchObject({
      code: "KRW_HOLD",
      opensAt: at(24),
      sendable: "0.00",
    });
    expect((await ask(u, { amount: "50" })).body).toMatchObject({ code: "KRW_HOLD", opensAt: at(26) });
    setTestClock(at(24));
    expect((await status(u)).krwHold).toEqual({ amount: "30", inLock: "30", releasesAt: at(26) });
    expect((await ask(u, { amount: "25" })).status).toBe(201);
    expect((await ask(u, { amount: "30", type: "WITHDRAW" })).body).toMatchObject({
      code: "KRW_HOLD",
      heldAmount: "30",
      sendable: "4.60", // 60 − 25.2 held − 30 in the lock − 0.2 fee
      opensAt: at(26),
    });
    await expectLedgerConsistent();
  });

  it("a deposit credited through a four-eyes proposal starts the hold when the second administrator approves", async () => {
    setTestClock(at(0));
    const { u, admin } = await boughtMember("0");
    const second = await createUser({ role: "ADMIN" });
    const first = await buy(u, admin, "3080000"); // 1,100 WLD: above FOUR_EYES_LIMIT, a proposal
    expect(first.status, first.text).toBe(202);
    setTestClock(at(1));
    const approved = await call(
      approveProposalRoute,
      "POST",
      `/api/admin/proposals/${first.body.proposal.id}/approve`,
      {
        cookie: second.cookie,
        params: { id: String(first.body.proposal.id) },
      },
    );
    expect(approved.status, approved.text).toBe(200);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM requests WHERE user_id = ${u.id} AND type = 'DEPOSIT' AND credited_at = ${at(1)}::timestamptz`,
      ),
    ).toBe(1);
    expect((await status(u)).krwHold).toEqual({ amount: "1100", inLock: "0", releasesAt: at(25) });
    await expectLedgerConsistent();
  });

  it(`parallel requests of both types cannot together take held coins (${dbName})`, async () => {
    setTestClock(at(0));
    const { u, admin } = await boughtMember("100");
    expect((await buy(u, admin, "140000")).status).toBe(200);
    expect((await swap(u, "50")).status).toBe(200); // staked 150, 50 of it held: 100 may go, fee included
    setTestClock(at(1));
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all([
        ask(u, { amount: "60", type: "TRANSFER" }),
        ask(u, { amount: "60", type: "WITHDRAW" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
      expect(results.find((r) => r.status === 403)!.body).toMatchObject({ code: "KRW_HOLD", sendable: "39.60" });
      expect(await wld(u.id)).toMatchObject({ staked: "89.8", held: "60.2" });
      const made = results.find((r) => r.status === 201)!;
      expect((await cancel(u, made.body.request.id)).status).toBe(200);
    }
    await expectLedgerConsistent();
  });
});
