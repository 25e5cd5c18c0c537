/**
 * The transactions CSV adds up. A member buys, swaps, earns a daily reward, sends, is credited and
 * debited by an administrator (with and without a history row, holding and rewards) and has history rows hidden;
 * the file downloaded through the real route has every posting — hidden rows marked — with plain-number amounts,
 * and each balance column summed per coin equals that ledger balance. The buy is valued at its quote, the reward at
 * its day's stored price; the history API says how many rows are hidden.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rewardRunRoute from "@/app/api/admin/staking/rewards/run/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as hideRoute from "@/app/api/admin/transactions/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as coinUnhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as txCsvRoute from "@/app/api/users/[userId]/export/transactions.csv/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { getDb } from "@/db/client";
import { priceSnapshots, stakingProducts } from "@/db/schema";
import { memberBalances } from "@/lib/ledger";
import { D } from "@/lib/money";
import { dayEnd, kstDay } from "@/lib/kst-day";
import { approvedMember, createDepositRequestRow, createUser } from "../factories/money";
import type { TestUser } from "../factories/users";
import { csvDownload, parseCsv } from "../support/csv";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

afterEach(() => {
  vi.useRealTimers();
});

const patch = (route: object, path: string, admin: TestUser, member: TestUser, body: unknown) =>
  call(route, "PATCH", `/api/admin/users/${member.id}/${path}`, {
    body,
    cookie: admin.cookie,
    params: { id: String(member.id) },
  });

describe(`the transactions CSV sums to the balances (${kind})`, () => {
  it("has every posting, hidden rows marked, and each balance column adds up to the ledger", async () => {
    const db = await getDb();
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "sums", annualRate: "36.5", minAmount: "0" });
    const admin = await createUser({ role: "ADMIN" });
    const member = await approvedMember();
    const ok = (r: { status: number; body: unknown }, status = 200) =>
      expect(r.status, JSON.stringify(r.body)).toBe(status);

    // A buy of 10 WLD quoted at 2,000 KRW (the spot price is 2,800 by then: the file uses the quote).
    const buy = await createDepositRequestRow(member.id);
    ok(
      await call(decideRoute, "PATCH", `/api/admin/requests/${buy}`, {
        body: { action: "approve", krwReceived: "20000" },
        cookie: admin.cookie,
        params: { id: String(buy) },
      }),
    );
    // An administrator's credit with a history row, and the member's swap into the lock.
    ok(await patch(coinRoute, "coin", admin, member, { symbol: "WLD", amount: "100", action: "DEPOSIT" }));
    ok(
      await call(swapRoute, "POST", `/api/users/${member.userId}/swap`, {
        body: { amount: "80" },
        cookie: member.cookie,
        params: { userId: member.userId },
      }),
    );

    // Today's reward (80 × 36.5 % / 365 = 0.08), run once the day has ended; the day's last stored price is 1,500.
    const day = kstDay(new Date());
    const end = dayEnd(day).getTime();
    await db.insert(priceSnapshots).values([
      { symbol: "WLD", series: "ticker", time: new Date(end - 60_000), priceKrw: "1500", source: "upbit" },
      { symbol: "WLD", series: "ticker", time: new Date(end + 3_600_000), priceKrw: "99999", source: "upbit" },
    ]);
    vi.useFakeTimers({ now: new Date(end + 5 * 60_000), toFake: ["Date"] });
    const runner = await createUser({ role: "ADMIN" });
    ok(
      await call(rewardRunRoute, "POST", "/api/admin/staking/rewards/run", {
        cookie: runner.cookie,
        body: { date: day },
      }),
    );
    vi.useRealTimers();

    // A send that was paid out, and one still waiting (its hold moves nothing between the file's columns).
    const sent = await call(transferRoute, "POST", "/api/transfer-requests", {
      body: { coinSymbol: "WLD", amount: "10", type: "TRANSFER" },
      cookie: member.cookie,
    });
    ok(sent, 201);
    ok(
      await call(decideRoute, "PATCH", `/api/admin/requests/${sent.body.request.id}`, {
        body: { action: "approve" },
        cookie: admin.cookie,
        params: { id: String(sent.body.request.id) },
      }),
    );
    ok(
      await call(transferRoute, "POST", "/api/transfer-requests", {
        body: { coinSymbol: "WLD", amount: "5", type: "WITHDRAW" },
        cookie: member.cookie,
      }),
      201,
    );

    // Debits and credits without a history row: the holding and the rewards.
    ok(await patch(coinUnhistRoute, "coinunhist", admin, member, { symbol: "WLD", amount: "3", action: "WITHDRAW" }));
    ok(await patch(coinUnhistRoute, "coinunhist", admin, member, { symbol: "WLD", amount: "1.5", action: "DEPOSIT" }));
    ok(await patch(interestRoute, "interest", admin, member, { amount: "0.03", action: "withdraw" }));

    // Two history rows hidden: the buy and the administrator's credit.
    const history = await call(txRoute, "GET", `/api/transactions/by-id/${member.userId}?limit=50`, {
      cookie: member.cookie,
      params: { userId: member.userId },
    });
    const items = history.body.items as { id: number; type: string; amount: string }[];
    const deposits = items.filter((i) => i.type === "DEPOSIT").map((i) => i.id);
    expect(deposits).toHaveLength(2);
    for (const id of deposits) {
      ok(
        await call(hideRoute, "DELETE", `/api/admin/transactions/${id}`, {
          cookie: admin.cookie,
          params: { id: String(id) },
        }),
      );
    }
    const after = await call(txRoute, "GET", `/api/transactions/by-id/${member.userId}?limit=50`, {
      cookie: member.cookie,
      params: { userId: member.userId },
    });
    expect(after.body.hidden).toBe(2);
    expect(after.body.total).toBe(items.length - 2);

    const res = await csvDownload(txCsvRoute, {
      cookie: member.cookie,
      target: member.userId,
      path: "transactions.csv",
    });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    const col = (name: string) => header!.indexOf(name);
    const [amount, holding, lock, rewards, krw, price, source, screen] = [
      "수량",
      "보유 변동",
      "보호 잠금 변동",
      "보상 변동",
      "원화 환산(KRW)",
      "적용 시세(KRW)",
      "적용 시세 출처",
      "화면 내역",
    ].map(col) as [number, number, number, number, number, number, number, number];
    for (const r of rows) {
      for (const i of [amount, holding, lock, rewards]) expect(r[i]).toMatch(PLAIN_NUMBER);
      if (r[krw]) expect(r[krw]).toMatch(PLAIN_NUMBER);
    }
    // Each column, summed per coin, is that balance (the lock: staked + held).
    const b = (await memberBalances(db, member.id, ["WLD"])).WLD!;
    const sum = (i: number) => rows.filter((r) => r[2] === "WLD").reduce((s, r) => s.plus(r[i]!), new D(0));
    expect(sum(holding).toFixed()).toBe(new D(b.holding).toFixed());
    expect(sum(lock).toFixed()).toBe(new D(b.staked).plus(b.held).toFixed());
    expect(sum(rewards).toFixed()).toBe(new D(b.rewards).toFixed());
    expect(new D(b.rewards).toFixed()).toBe("0.05");
    expect(new D(b.held).toFixed()).not.toBe("0");

    // The hidden rows are there, marked; the buy at its quote; the reward at its day's price; a debit negative.
    expect(rows.filter((r) => r[screen] === "숨김(관리자)").map((r) => r[1])).toEqual(["관리자 지급", "구매"]);
    const buyRow = rows.find((r) => r[1] === "구매")!;
    expect([buyRow[amount], buyRow[price], buyRow[krw], buyRow[source]]).toEqual([
      "10",
      "2000",
      "20000.00",
      "구매 신청 시 견적가",
    ]);
    const reward = rows.find((r) => r[1] === "스테이킹 보상")!;
    expect([reward[rewards], reward[price], reward[krw], reward[source], reward[screen]]).toEqual([
      "0.08",
      "1500",
      "120.00",
      "upbit 보상일 시세",
      "보상 내역",
    ]);
    const debit = rows.find((r) => r[1] === "관리자 조정(차감)")!;
    expect([debit[amount], debit[holding], debit[screen]]).toEqual(["-3", "-3", "미표시"]);
    expect(rows.find((r) => r[1] === "관리자 보상 회수")![rewards]).toBe("-0.03");
    expect(rows.find((r) => r[1] === "전송")![lock]).toMatch(/^-10\.\d+$|^-10$/);
    await expectLedgerConsistent();
  });
});
