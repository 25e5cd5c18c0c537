/**
 * The daily reward run on a real database: pays once however often or concurrently it runs, pays the
 * day-end balance (a swap during the run is wholly in or wholly out), rounds down to 8 decimals.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { memberStakingRates, stakingProducts } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { D } from "@/lib/money";
import { dailyReward, rewardSql } from "@/lib/staking/rates";
import { accrueRewards, dayEndBalances, runRewardDay } from "@/lib/staking/run";
import { dayEnd, kstDay } from "@/lib/kst-day";
import { createUser } from "../factories/users";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const after = (day: string, minutes = 5) => new Date(dayEnd(day).getTime() + minutes * 60_000);

async function stakedMember(amount: string, holding = "0") {
  const db = await getDb();
  const u = await createUser();
  const total = new D(amount).plus(holding);
  await credit(db, { userId: u.id, coin: "WLD", amount: total.toFixed() });
  await move(db, { kind: "SWAP", userId: u.id, coin: "WLD", amount, from: "holding", to: "staked" });
  return u;
}

async function rewardsOf(userId: number) {
  const db = await getDb();
  return rowsOf<{ day: string; amount: string; staked_balance: string; annual_rate: string }>(
    await db.execute(sql`
      SELECT day::text AS day, amount::text AS amount, staked_balance::text AS staked_balance, annual_rate::text AS annual_rate
      FROM staking_rewards WHERE user_id = ${userId} ORDER BY day`),
  );
}

beforeAll(async () => {
  const db = await getDb();
  await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "test", annualRate: "12" });
});

describe("reward rounding", () => {
  const table: [string, string, string][] = [
    ["800", "12", "0.26301369"],
    ["1", "12", "0.00032876"],
    ["100", "3.65", "0.01"],
    ["0.00000001", "12", "0"],
    ["1000000", "0.000001", "0.00002739"],
    ["36500", "1", "1"],
    ["123.456789012345678901", "7.5", "0.02536783"],
    ["999999999.999999999999999999", "100", "2739726.02739726"],
    ["5", "0", "0"],
  ];
  it.each(table)("balance %s, rate %s → %s a day (TypeScript)", (balance, rate, expected) => {
    expect(dailyReward(balance, rate).toFixed()).toBe(new D(expected).toFixed());
  });
  it("SQL computes the same table exactly", async () => {
    const db = await getDb();
    for (const [balance, rate, expected] of table) {
      const [row] = rowsOf<{ r: string }>(
        await db.execute(
          sql`SELECT ${rewardSql(sql`${balance}::numeric(38,18)`, sql`${rate}::numeric(12,6)`)}::text AS r`,
        ),
      );
      expect(new D(row!.r).toFixed()).toBe(new D(expected).toFixed());
    }
  });
});

describe("daily reward run", () => {
  it("A5 pays the day once, however often it runs", async () => {
    const db = await getDb();
    const u = await stakedMember("800", "5");
    const day = "2031-01-10";
    const first = await runRewardDay(db, day, { now: after(day) });
    expect(first.alreadyPaid).toBe(false);
    expect(first.membersPaid).toBeGreaterThanOrEqual(1);
    const second = await runRewardDay(db, day, { now: after(day) });
    expect(second).toEqual({ day, membersPaid: 0, totalPaid: "0", alreadyPaid: true });
    const again = await accrueRewards(db, { date: day, now: after(day, 600) });
    expect(again.membersPaid).toBe(0);

    expect(await rewardsOf(u.id)).toEqual([
      { day, amount: "0.263013690000000000", staked_balance: "800.000000000000000000", annual_rate: "12.000000" },
    ]);
    expect((await memberBalances(db, u.id)).WLD).toEqual({
      holding: "5",
      staked: "800",
      held: "0",
      rewards: "0.26301369",
    });
    const [run] = rowsOf<{ members_paid: number; finished: boolean }>(
      await db.execute(
        sql`SELECT members_paid, finished_at IS NOT NULL AS finished FROM staking_runs WHERE day = ${day}`,
      ),
    );
    expect(run?.finished).toBe(true);
    const postings = rowsOf<{ n: string; entries: string }>(
      await db.execute(sql`
        SELECT count(DISTINCT p.id)::text AS n, count(e.id)::text AS entries FROM ledger_postings p
        LEFT JOIN ledger_entries e ON e.posting_id = p.id WHERE p.idempotency_key = ${`reward-run:WLD:${day}`}`),
    );
    expect(postings[0]?.n).toBe("1");
    expect(Number(postings[0]?.entries)).toBe(run!.members_paid + 1);
    await expectLedgerConsistent();
  });

  it("refuses a day that has not ended", async () => {
    const db = await getDb();
    await expect(runRewardDay(db, "2031-02-01", { now: new Date("2031-02-01T23:00:00+09:00") })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(runRewardDay(db, "2031-02-30", { now: new Date("2032-01-01") })).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("uses the member's own rate over the product's, and pays nothing at rate 0", async () => {
    const db = await getDb();
    const a = await stakedMember("1000");
    const b = await stakedMember("1000");
    await db.insert(memberStakingRates).values([
      { userId: a.id, coinSymbol: "WLD", annualRate: "36.5" },
      { userId: b.id, coinSymbol: "WLD", annualRate: "0" },
    ]);
    const day = "2031-03-01";
    await runRewardDay(db, day, { now: after(day) });
    expect((await rewardsOf(a.id)).map((r) => r.amount)).toEqual(["1.000000000000000000"]);
    expect(await rewardsOf(b.id)).toEqual([]);
    await expectLedgerConsistent();
  });

  it(`A5 two concurrent runs of the same day pay once (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = await getDb();
    const members = await Promise.all(Array.from({ length: 5 }, () => stakedMember("365")));
    const day = "2031-04-01";
    const results = await Promise.all(Array.from({ length: 4 }, () => runRewardDay(db, day, { now: after(day) })));
    expect(results.filter((r) => !r.alreadyPaid)).toHaveLength(1);
    for (const m of members) {
      expect((await rewardsOf(m.id)).map((r) => r.amount)).toEqual(["0.120000000000000000"]);
      expect((await memberBalances(db, m.id)).WLD?.rewards).toBe("0.12");
    }
    await expectLedgerConsistent();
  });

  it(`a swap during the run is wholly in or wholly out of the day's balance (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = await getDb();
    // The run pays "today" as if it had ended, while members keep swapping holding → staked.
    const now = new Date();
    const { kstDay } = await import("@/lib/kst-day");
    const day = kstDay(now);
    const runNow = after(day);
    const members = await Promise.all(Array.from({ length: 20 }, () => stakedMember("100", "50")));
    const swaps = members.map((m) =>
      move(db, { kind: "SWAP", userId: m.id, coin: "WLD", amount: "50", from: "holding", to: "staked" }),
    );
    const [run] = await Promise.all([runRewardDay(db, day, { now: runNow }), ...swaps]);
    expect(run.alreadyPaid).toBe(false);
    let inCount = 0;
    for (const m of members) {
      const rows = await rewardsOf(m.id);
      expect(rows).toHaveLength(1);
      const used = new D(rows[0]!.staked_balance);
      // 100 (swap not yet committed when the run read) or 150 (swap committed) — never anything else.
      expect(["100", "150"]).toContain(used.toFixed());
      if (used.eq(150)) inCount += 1;
      expect(new D(rows[0]!.amount).toFixed()).toBe(dailyReward(used, "12").toFixed());
      expect((await memberBalances(db, m.id)).WLD).toMatchObject({ staked: "150", holding: "0" });
    }
    console.log(`[swap during run] ${inCount} of 20 swaps fell in, ${20 - inCount} out`);
    await expectLedgerConsistent();
  });

  it.skipIf(!onPostgres())(
    "a swap still uncommitted when the run reads is wholly out, and the run does not wait for it",
    async () => {
      const db = await getDb();
      // A future day: had the swap been committed, its entries (created now) would count.
      const day = "2031-06-01";
      const u = await stakedMember("100", "50");
      let swapped!: () => void;
      let release!: () => void;
      const swapDone = new Promise<void>((r) => {
        swapped = r;
      });
      const gate = new Promise<void>((r) => {
        release = r;
      });
      // The swap's transaction moves 50 into the stake, then stays open while the day is paid.
      const held = db.transaction(async (tx) => {
        await move(tx, { kind: "SWAP", userId: u.id, coin: "WLD", amount: "50", from: "holding", to: "staked" });
        swapped();
        await gate;
      });
      await swapDone;
      const run = await runRewardDay(db, day, { now: after(day) });
      release();
      await held;
      expect(run.alreadyPaid).toBe(false);
      const rows = await rewardsOf(u.id);
      expect(rows.map((r) => [new D(r.staked_balance).toFixed(), new D(r.amount).toFixed()])).toEqual([
        ["100", dailyReward("100", "12").toFixed()],
      ]);
      expect((await memberBalances(db, u.id)).WLD).toMatchObject({ staked: "150", holding: "0" });
      await expectLedgerConsistent();
    },
  );

  it("reads the day-end balances without reading the ledger's history: entries since the end only, by BRIN", async () => {
    const db = await getDb();
    await stakedMember("100");
    const end = dayEnd(kstDay(new Date())).toISOString();
    type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
    const plan = await db.transaction(async (tx) => {
      // As if ledger_entries were large (a test database is small enough to be read whole): how the planner
      // would reach its rows when reading them all is not an option it prefers.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const [row] = rowsOf<{ "QUERY PLAN": unknown }>(
        await tx.execute(sql`EXPLAIN (FORMAT JSON) SELECT * FROM (${dayEndBalances("WLD", end)}) b`),
      );
      const raw = row!["QUERY PLAN"];
      return (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    });
    const nodes: PlanNode[] = [];
    const walk = (n: PlanNode) => {
      nodes.push(n);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan[0].Plan);
    const entryReads = nodes.filter((n) => n["Relation Name"] === "ledger_entries");
    expect(entryReads.length).toBeGreaterThan(0);
    // Each read of ledger_entries is a bitmap heap scan driven by the BRIN index on created_at: no scan of the
    // whole table and no walk of the account index over every entry ever written.
    for (const n of entryReads) {
      expect(n["Node Type"]).toBe("Bitmap Heap Scan");
      expect(n.Plans?.map((c) => c["Index Name"])).toEqual(["ledger_entries_created_brin"]);
    }
  });

  it("a swap after the day ended is not in that day's balance", async () => {
    const db = await getDb();
    const u = await stakedMember("100", "100");
    // The day ended before this swap: only the first 100 were staked at its end.
    const { kstDay, addDays } = await import("@/lib/kst-day");
    const yesterday = addDays(kstDay(new Date()), -1);
    await move(db, { kind: "SWAP", userId: u.id, coin: "WLD", amount: "100", from: "holding", to: "staked" });
    await runRewardDay(db, yesterday, { now: new Date() });
    // Every entry of u was created today, so yesterday's day-end balance was zero: no reward at all.
    expect(await rewardsOf(u.id)).toEqual([]);
    await expectLedgerConsistent();
  });
});
