/**
 * The member's CSV downloads for tax filing, through the real routes. The CSV's amounts are
 * the history APIs' for the same rows; dates are KST; the KRW value is amount × the nearest stored spot price at
 * or before the row's time (computed here with big.js); another member's export is refused.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rewardRunRoute from "@/app/api/admin/staking/rewards/run/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import * as rewardsCsvRoute from "@/app/api/users/[userId]/export/rewards.csv/route";
import * as txCsvRoute from "@/app/api/users/[userId]/export/transactions.csv/route";
import * as stakingHistoryRoute from "@/app/api/users/[userId]/staking-history/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { getDb, rowsOf } from "@/db/client";
import { priceSnapshots, stakingProducts } from "@/db/schema";
import { D } from "@/lib/money";
import { dayEnd, kstDay } from "@/lib/kst-day";
import { createDepositRequestRow, createUser, fund } from "../factories/money";
import type { TestUser } from "../factories/users";
import { csvDownload, parseCsv } from "../support/csv";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

const kstOf = (iso: string) => new Date(Date.parse(iso) + 9 * HOUR).toISOString().slice(0, 19).replace("T", " ");
const krw = (amount: string, price: string) => new D(amount).times(price).round(2, D.roundHalfUp).toFixed(2);

async function ticker(symbol: string, at: Date, priceKrw: string) {
  const db = await getDb();
  await db
    .insert(priceSnapshots)
    .values({ symbol, series: "ticker", time: at, priceKrw, source: "upbit", fetchedAt: at })
    .onConflictDoNothing();
}

/** The download as the bytes arrived (a text() read would drop the BOM), decoded keeping it. */
const csv = (route: { GET: unknown }, u: TestUser, path: string, target = u.userId, locale?: "en") =>
  csvDownload(route, { cookie: u.cookie, target, path, locale });

describe(`GET /api/users/{userId}/export/transactions.csv (${kind})`, () => {
  it("has the history API's rows and amounts, KST times, and KRW at the nearest earlier stored price", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser({ idStatus: "APPROVED" });
    const t0 = Date.now();
    // Prices around the rows: the one at or before each row's time counts, never a later one.
    await ticker("WLD", new Date(t0 - 2 * HOUR), "2000");
    await ticker("WLD", new Date(t0 - HOUR), "2512.5");
    await ticker("WLD", new Date(t0 + 5 * HOUR), "99999");
    const id = await createDepositRequestRow(member.id);
    expect(
      (
        await call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
          body: { action: "approve", krwReceived: "20000" },
          cookie: admin.cookie,
          params: { id: String(id) },
        })
      ).status,
    ).toBe(200);
    const swap = await call(swapRoute, "POST", `/api/users/${member.userId}/swap`, {
      body: { amount: "3.123456789012345678" },
      cookie: member.cookie,
      params: { userId: member.userId },
    });
    expect(swap.status).toBe(200);

    const res = await csv(txCsvRoute, member, "transactions.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-\d{12}\.csv"$/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      "일시(KST)",
      "구분",
      "코인",
      "수량",
      "보유 변동",
      "보호 잠금 변동",
      "보상 변동",
      "원화 환산(KRW)",
      "적용 시세(KRW)",
      "적용 시세 시각(KST)",
      "적용 시세 출처",
      "화면 내역",
      "번호",
      "원장 번호",
    ]);

    const api = await call(txRoute, "GET", `/api/transactions/by-id/${member.userId}?limit=50`, {
      cookie: member.cookie,
      params: { userId: member.userId },
    });
    expect(api.status).toBe(200);
    expect(api.body.hidden).toBe(0);
    const items = api.body.items as { id: number; type: string; amount: string; createdAt: string }[];
    expect(items).toHaveLength(2);
    expect(rows.map((r) => Number(r[12]))).toEqual(items.map((i) => i.id));
    for (const [i, item] of items.entries()) {
      const r = rows[i]!;
      expect(r[3]).toBe(item.amount);
      expect(r[0]).toBe(kstOf(item.createdAt));
      expect(r[2]).toBe("WLD");
      expect(r[11]).toBe("표시");
    }
    // The swap at the nearest earlier spot price; the buy at the price its request quoted (2000), not the spot.
    const [swapRow, buyRow] = rows as [string[], string[]];
    expect(swapRow.slice(1, 7)).toEqual([
      "보호 잠금으로 이동",
      "WLD",
      "3.123456789012345678",
      "-3.123456789012345678",
      "3.123456789012345678",
      "0",
    ]);
    expect(swapRow.slice(8, 11)).toEqual(["2512.5", kstOf(new Date(t0 - HOUR).toISOString()), "upbit 현재가"]);
    expect(swapRow[7]).toBe("7847.69"); // 3.123456789012345678 × 2512.5 = 7847.6851…, half-up to 0.01 KRW
    expect(buyRow.slice(1, 7)).toEqual(["구매", "WLD", "10", "10", "0", "0"]);
    expect(buyRow.slice(7, 9)).toEqual([krw("10", "2000"), "2000"]);
    expect(buyRow[10]).toBe("구매 신청 시 견적가");
    await expectLedgerConsistent();
  });

  it("says when no price was stored before a row, in English for an English reader", async () => {
    const member = await createUser();
    await fund(member.id, { staked: "5" });
    // The only BTC price is later than the row: no KRW value, and the reason in the source column.
    const db = await getDb();
    await ticker("BTC", new Date(Date.now() + 10 * HOUR), "150000000");
    const { credit } = await import("@/lib/ledger");
    await credit(db, {
      userId: member.id,
      coin: "BTC",
      amount: "0.5",
      memberTx: [{ userId: member.id, type: "DEPOSIT", coinSymbol: "BTC", amount: "0.5" }],
    });
    const res = await csv(txCsvRoute, member, "transactions.csv", member.userId, "en");
    const [header, ...rows] = parseCsv(res.text);
    expect(header?.slice(0, 8)).toEqual([
      "Date (KST)",
      "Kind",
      "Coin",
      "Amount",
      "Holding change",
      "Protected lock change",
      "Rewards change",
      "KRW value",
    ]);
    const btc = rows.find((r) => r[2] === "BTC")!;
    expect(btc.slice(1, 12)).toEqual([
      "Deposit",
      "BTC",
      "0.5",
      "0.5",
      "0",
      "0",
      "",
      "",
      "",
      "No stored price at or before this time",
      "Shown",
    ]);
  });

  it("is the caller's own only: another member's handle is refused, and a guest is asked to log in", async () => {
    const member = await createUser();
    const other = await createUser();
    const refused = await csv(txCsvRoute, other, "transactions.csv", member.userId);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toMatch(/일시/);
    const rewards = await csv(rewardsCsvRoute, other, "rewards.csv", member.userId);
    expect(rewards.status).toBe(403);
    const guest = await call(txCsvRoute, "GET", `/api/users/${member.userId}/export/transactions.csv`, {
      params: { userId: member.userId },
    });
    expect(guest.status).toBe(401);
  });
});

describe(`GET /api/users/{userId}/export/rewards.csv (${kind})`, () => {
  it("has the staking-history API's rewards, with the day, KST time paid and KRW at the time", async () => {
    const db = await getDb();
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "export", annualRate: "36.5", minAmount: "0" });
    const member = await createUser();
    await fund(member.id, { staked: "123.45" });
    const day = kstDay(new Date());
    vi.useFakeTimers({ now: new Date(dayEnd(day).getTime() + 5 * 60_000), toFake: ["Date"] });
    const admin = await createUser({ role: "ADMIN" });
    const run = await call(rewardRunRoute, "POST", "/api/admin/staking/rewards/run", {
      cookie: admin.cookie,
      body: { date: day },
    });
    expect(run.status).toBe(200);
    const me = await createUserCookie(member);
    const api = await call(stakingHistoryRoute, "GET", `/api/users/${member.userId}/staking-history?limit=50`, {
      cookie: me,
      params: { userId: member.userId },
    });
    expect(api.status).toBe(200);
    const items = api.body as { id: number; amount: string; createdAt: string; day: string; coinSymbol: string }[];
    expect(items).toHaveLength(1);
    // The day's stored price: the last one up to the moment the reward fell due (00:05 KST the
    // next day), whenever the run paid it — not a later one.
    const dueAt = dayEnd(day).getTime() + 5 * 60_000;
    await ticker("WLD", new Date(dueAt - 60_000), "1999.99");
    await ticker("WLD", new Date(dueAt + 60_000), "88888");

    const res = await csv(rewardsCsvRoute, { ...member, cookie: me }, "rewards.csv");
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    expect(header?.slice(0, 6)).toEqual(["일시(KST)", "보상일", "구분", "코인", "수량", "원화 환산(KRW)"]);
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(Number(r[11])).toBe(items[0]!.id);
    expect(r[4]).toBe(items[0]!.amount);
    expect(r[4]).toBe("0.12345");
    expect(r[0]).toBe(kstOf(items[0]!.createdAt));
    expect(r[1]).toBe(day);
    expect(r.slice(2, 4)).toEqual(["스테이킹 보상", "WLD"]);
    expect(r[6]).toBe("1999.99");
    expect(r[5]).toBe(krw(items[0]!.amount, "1999.99"));
    expect(r.slice(9, 11)).toEqual(["123.45", "36.5"]);
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM staking_rewards WHERE user_id = ${member.id}`),
    );
    expect(row?.n).toBe(1);
    await expectLedgerConsistent();
  });
});

/** A fresh session cookie for `u` at the (possibly faked) current time. */
async function createUserCookie(u: TestUser): Promise<string> {
  const { cookieFor } = await import("../factories/users");
  const db = await getDb();
  const [row] = rowsOf<{ id: number; user_id: string; session_version: number; role: "USER" }>(
    await db.execute(sql`SELECT id, user_id, session_version, role FROM users WHERE id = ${u.id}`),
  );
  return cookieFor({ id: row!.id, userId: row!.user_id, sessionVersion: row!.session_version, role: row!.role });
}
