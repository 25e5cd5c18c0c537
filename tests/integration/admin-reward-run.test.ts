/**
 * The manual reward run (POST /api/admin/staking/rewards/run) and the product minimum of the daily run.
 * The run pays ended KST days only; the route's clock is moved with a fake Date (timers stay real) so that the day
 * the members staked has ended.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as runRoute from "@/app/api/admin/staking/rewards/run/route";
import { getDb, rowsOf } from "@/db/client";
import { memberStakingRates, stakingProducts } from "@/db/schema";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { createUser, fund, wld } from "../factories/money";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const at = (day: string) => new Date(dayEnd(day).getTime() + 5 * 60_000);

afterEach(() => {
  vi.useRealTimers();
});

async function auditRows(actorId: number) {
  return rowsOf<{ target_id: string; after: unknown; memo: string | null }>(
    await (await getDb()).execute(
      sql`SELECT target_id, after, memo FROM audit_log WHERE action = 'admin.staking.reward_run' AND actor_id = ${actorId} ORDER BY id`,
    ),
  );
}

describe(`manual reward run (${kind})`, () => {
  it("pays an ended day like the cron run, once; a repeat pays nothing; audited with the memo; the minimum holds", async () => {
    const db = await getDb();
    // Rate 36.5 %: one day pays balance / 1000. A product members choose (minimum 1000 WLD), then the coin's
    // default product (the newest active one, minimum 100 WLD).
    const [chosen] = await db
      .insert(stakingProducts)
      .values({ coinSymbol: "WLD", name: "chosen", annualRate: "36.5", minAmount: "1000" })
      .returning({ id: stakingProducts.id });
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "min", annualRate: "36.5", minAmount: "100" });
    const chooserLow = await createUser();
    const chooserHigh = await createUser();
    await fund(chooserLow.id, { staked: "500" });
    await fund(chooserHigh.id, { staked: "1500" });
    for (const c of [chooserLow, chooserHigh])
      await db.insert(memberStakingRates).values({ userId: c.id, coinSymbol: "WLD", productId: chosen!.id });
    const small = await createUser();
    const big = await createUser();
    const own = await createUser();
    await fund(small.id, { staked: "50" });
    await fund(big.id, { staked: "150" });
    await fund(own.id, { staked: "50" });
    await db.insert(memberStakingRates).values({ userId: own.id, coinSymbol: "WLD", annualRate: "73" });
    const d = kstDay(new Date());

    vi.useFakeTimers({ now: at(d), toFake: ["Date"] });
    const admin = await createUser({ role: "ADMIN" });
    const run = (body: unknown) =>
      call(runRoute, "POST", "/api/admin/staking/rewards/run", {
        cookie: admin.cookie,
        body,
        headers: { "x-audit-memo": encodeURIComponent("월말 정산") },
      });
    const first = await run({ date: d });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ membersPaid: 3, totalPaid: "1.75", remaining: 0 });
    expect(first.body.days).toEqual([{ day: d, membersPaid: 3, totalPaid: "1.75", alreadyPaid: false }]);
    // Below the product minimum: nothing; above: 0.15; a member's own rate has no minimum: 50 × 73 % / 365 = 0.1.
    expect((await wld(small.id)).rewards).toBe("0");
    expect((await wld(big.id)).rewards).toBe("0.15");
    expect((await wld(own.id)).rewards).toBe("0.1");
    // The chosen product's own minimum: 500 < 1000 earns nothing, 1500 earns 1.5.
    expect((await wld(chooserLow.id)).rewards).toBe("0");
    expect((await wld(chooserHigh.id)).rewards).toBe("1.5");

    const again = await run({ date: d });
    expect(again.body.days).toEqual([{ day: d, membersPaid: 0, totalPaid: "0", alreadyPaid: true }]);
    const pending = await run({});
    expect(pending.status).toBe(200);
    expect(pending.body.membersPaid).toBe(0);
    expect((await wld(big.id)).rewards).toBe("0.15");

    const rows = await auditRows(admin.id);
    expect(rows.map((r) => r.target_id)).toEqual([d, d, "pending"]);
    expect(rows.every((r) => r.memo === "월말 정산")).toBe(true);
    expect(rows[0]?.after).toMatchObject({ membersPaid: 3, totalPaid: "1.75" });

    // A day that has not ended, or not a day: 400.
    const future = await run({ date: addDays(d, 1) });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe("VALIDATION");
    expect((await run({ date: "2025-02-30" })).status).toBe(400);
    vi.useRealTimers();
    await expectLedgerConsistent();
  });
});
