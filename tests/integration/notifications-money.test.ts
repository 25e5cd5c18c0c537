/**
 * Told about their money. An administrator's credit or debit (holding with and without a history
 * row, rewards), a request received (buy, transfer, withdraw) and a rate change (the member's own rate, a product
 * change that reaches their stake) each write the member's notification through the real routes — in the change's
 * transaction, and for a four-eyes change when it is applied, not when it is proposed. Rendered in Korean and English.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as productRoute from "@/app/api/admin/staking-products/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as coinUnhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as memberRateRoute from "@/app/api/admin/users/[id]/staking-rate/route";
import * as inboxRoute from "@/app/api/notifications/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { memberStakingRates, stakingProducts } from "@/db/schema";
import { approvedMember, createUser, fund, setFreshWldPrice } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";

async function told(userId: number, kindName?: string) {
  return rowsOf<{ kind: string; params: any }>(
    await (await getDb()).execute(sql`
      SELECT kind, params FROM notifications
      WHERE user_id = ${userId} ${kindName ? sql`AND kind = ${kindName}` : sql``} ORDER BY id`),
  ).map((r) => [r.kind, r.params]);
}

const patch = (route: object, path: string, admin: TestUser, member: TestUser, body: unknown) =>
  call(route, "PATCH", `/api/admin/users/${member.id}/${path}`, {
    body,
    cookie: admin.cookie,
    params: { id: String(member.id) },
  });

const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

async function inbox(u: TestUser, locale: "ko" | "en") {
  const r = await call(inboxRoute, "GET", "/api/notifications?limit=50", {
    cookie: locale === "en" ? `${u.cookie}; NEXT_LOCALE=en` : u.cookie,
  });
  expect(r.status).toBe(200);
  return (r.body.items as { title: string; body: string; href: string }[]).map((i) => [i.title, i.body]);
}

describe(`notifications of the member's money (${kind})`, () => {
  it("an administrator's credit and debit of the holding and the rewards, and a four-eyes credit once approved", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const second = await createUser({ role: "ADMIN" });
    const member = await createUser();
    await fund(member.id, { holding: "20" });
    expect(
      (await patch(coinRoute, "coin", admin, member, { symbol: "WLD", amount: "12.5", action: "DEPOSIT" })).status,
    ).toBe(200);
    expect(
      (await patch(coinUnhistRoute, "coinunhist", admin, member, { symbol: "WLD", amount: "3", action: "WITHDRAW" }))
        .status,
    ).toBe(200);
    expect(
      (await patch(coinUnhistRoute, "coinunhist", admin, member, { symbol: "WLD", amount: "1", action: "DEPOSIT" }))
        .status,
    ).toBe(200);
    expect((await patch(interestRoute, "interest", admin, member, { amount: "0.5", action: "deposit" })).status).toBe(
      200,
    );
    expect((await patch(interestRoute, "interest", admin, member, { amount: "0.25", action: "withdraw" })).status).toBe(
      200,
    );
    // A debit refused (more than the holding) changes nothing and tells nothing.
    expect(
      (await patch(coinUnhistRoute, "coinunhist", admin, member, { symbol: "WLD", amount: "50", action: "WITHDRAW" }))
        .status,
    ).toBe(409);
    expect(await told(member.id)).toEqual([
      ["balance_credited", { coin: "WLD", amount: "12.5", account: "holding" }],
      ["balance_debited", { coin: "WLD", amount: "3", account: "holding" }],
      ["balance_credited", { coin: "WLD", amount: "1", account: "holding" }],
      ["balance_credited", { coin: "WLD", amount: "0.5", account: "rewards" }],
      ["balance_debited", { coin: "WLD", amount: "0.25", account: "rewards" }],
    ]);

    // Above the four-eyes limit: proposed, nothing told; told when another administrator approves it.
    const big = await patch(coinRoute, "coin", admin, member, {
      symbol: "WLD",
      amount: "5000",
      action: "DEPOSIT",
      reason: "이벤트 지급",
    });
    expect(big.status).toBe(202);
    expect(await told(member.id)).toHaveLength(5);
    expect((await approve(second, big.body.proposal.id)).status).toBe(200);
    expect((await told(member.id)).at(-1)).toEqual([
      "balance_credited",
      { coin: "WLD", amount: "5000", account: "holding" },
    ]);

    const ko = await inbox(member, "ko");
    expect(ko[0]).toEqual(["관리자 지급", "관리자가 보유 잔액에 5,000 WLD만큼 지급했습니다."]);
    expect(ko).toContainEqual(["관리자 차감", "관리자가 보상 잔액에서 0.25 WLD만큼 차감했습니다."]);
    const en = await inbox(member, "en");
    expect(en).toContainEqual([
      "Debited by an administrator",
      "An administrator took 3 WLD from your holding balance.",
    ]);
    expect(en[0]).toEqual([
      "Credited by an administrator",
      "An administrator added 5,000 WLD to your holding balance.",
    ]);
    await expectLedgerConsistent();
  });

  it("a buy, a transfer and a withdraw request received; a refused request tells nothing", async () => {
    await setFreshWldPrice();
    const member = await approvedMember();
    await fund(member.id, { staked: "60" });
    const buy = await call(depositRoute, "POST", "/api/requests/deposit", {
      body: { coinSymbol: "WLD", amount: "10000", type: "DEPOSIT" },
      cookie: member.cookie,
    });
    expect(buy.status).toBe(201);
    const send = (type: string, amount: string) =>
      call(transferRoute, "POST", "/api/transfer-requests", {
        body: { coinSymbol: "WLD", amount, type },
        cookie: member.cookie,
      });
    const transfer = await send("TRANSFER", "10");
    expect(transfer.status).toBe(201);
    const withdraw = await send("WITHDRAW", "5");
    expect(withdraw.status).toBe(201);
    expect((await send("TRANSFER", "1")).status).toBe(409); // one pending transfer: refused, nothing told
    expect(await told(member.id)).toEqual([
      ["request_received", { requestId: buy.body.request.id, type: "DEPOSIT", coin: "WLD", amount: "3.571428" }],
      ["request_received", { requestId: transfer.body.request.id, type: "TRANSFER", coin: "WLD", amount: "10" }],
      ["request_received", { requestId: withdraw.body.request.id, type: "WITHDRAW", coin: "WLD", amount: "5" }],
    ]);
    const ko = await inbox(member, "ko");
    expect(ko[0]).toEqual([
      "출금 신청 접수",
      `출금 신청 ${withdraw.body.request.id}번(5 WLD)이 접수되었습니다. 처리되면 다시 알려드립니다.`,
    ]);
    expect(ko[2]![0]).toBe("구매 신청 접수");
    const en = await inbox(member, "en");
    expect(en[1]).toEqual([
      "Transfer request received",
      `Transfer request no. ${transfer.body.request.id} (10 WLD) was received. We will tell you when it has been handled.`,
    ]);
    await expectLedgerConsistent();
  });

  it("a rate change: the member's own rate when approved, a product change to the stakers it reaches", async () => {
    const db = await getDb();
    const [product] = await db
      .insert(stakingProducts)
      .values({ coinSymbol: "WLD", name: "rates", annualRate: "36.5", minAmount: "0" })
      .returning({ id: stakingProducts.id });
    const admin = await createUser({ role: "ADMIN" });
    const second = await createUser({ role: "ADMIN" });
    const staker = await createUser();
    const own = await createUser();
    const idle = await createUser();
    await fund(staker.id, { staked: "100" });
    await fund(own.id, { staked: "100" });
    await db.insert(memberStakingRates).values({ userId: own.id, coinSymbol: "WLD", annualRate: "50" });

    // The member's own rate: a proposal first (nothing told), told when applied.
    const proposed = await patch(memberRateRoute, "staking-rate", admin, staker, {
      coinSymbol: "WLD",
      rate: "40",
      reason: "우수 회원",
    });
    expect(proposed.status).toBe(202);
    expect(await told(staker.id)).toEqual([]);
    expect((await approve(second, proposed.body.proposal.id)).status).toBe(200);
    expect(await told(staker.id)).toEqual([["rate_changed", { coin: "WLD", before: "36.5", after: "40" }]]);
    await db.execute(sql`DELETE FROM member_staking_rates WHERE user_id = ${staker.id}`);

    // A product's new rate waits for a second administrator: told on approval, to the staker it pays only.
    const change = (body: unknown) =>
      call(productRoute, "PATCH", `/api/admin/staking-products/${product!.id}`, {
        body,
        cookie: admin.cookie,
        params: { id: String(product!.id) },
      });
    const lower = await change({ annualRate: "10", reason: "금리 조정" });
    expect(lower.status).toBe(202);
    expect(await told(staker.id, "rate_changed")).toHaveLength(1);
    expect((await approve(second, lower.body.proposal.id)).status).toBe(200);
    expect((await told(staker.id, "rate_changed")).at(-1)).toEqual([
      "rate_changed",
      { coin: "WLD", before: "36.5", after: "10" },
    ]);
    // A higher minimum applies at once: the stake below it now earns nothing, and the staker is told.
    expect((await change({ minAmount: "200" })).status).toBe(200);
    expect((await told(staker.id, "rate_changed")).at(-1)).toEqual([
      "rate_changed",
      { coin: "WLD", before: "10", after: "0" },
    ]);
    // A member on their own rate, and one with nothing staked, are not reached.
    expect(await told(own.id)).toEqual([]);
    expect(await told(idle.id)).toEqual([]);

    expect((await inbox(staker, "ko"))[0]).toEqual([
      "WLD 스테이킹 이율 변경",
      "WLD 스테이킹 연 이율이 10%에서 0%로 바뀌었습니다. 다음 보상일부터 적용됩니다.",
    ]);
    expect((await inbox(staker, "en"))[1]).toEqual([
      "WLD staking rate changed",
      "The annual rate of your WLD staking changed from 36.5% to 10%. It applies from the next reward day.",
    ]);
    await expectLedgerConsistent();
  });
});
