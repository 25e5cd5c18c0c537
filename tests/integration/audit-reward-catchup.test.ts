/**
 * Reward days cannot be skipped for good. Catch-up compares the calendar (from the
 * first day anything was staked) with the paid runs, so a run for a later day (`--date`, the cron body)
 * leaves no earlier day unpaid.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { accrueRewards, pendingDays } from "@/lib/staking/run";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { createUser, fund, wld } from "../factories/money";
import { expectLedgerConsistent } from "../support/ledger";

const at = (day: string) => new Date(dayEnd(day).getTime() + 5 * 60_000);

describe("reward catch-up (issue 10 finding 10)", () => {
  it("a run for D+3 first, then catch-up pays D, D+1 and D+2 exactly once", async () => {
    const db = await getDb();
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "t", annualRate: "36.5" });
    const u = await createUser();
    await fund(u.id, { staked: "1000" });
    const d = kstDay(new Date());
    const now = at(addDays(d, 3));

    const late = await accrueRewards(db, { date: addDays(d, 3), now });
    expect(late.days.map((x) => [x.day, x.membersPaid])).toEqual([[addDays(d, 3), 1]]);
    expect(await pendingDays(db, now)).toEqual([d, addDays(d, 1), addDays(d, 2)]);

    const caught = await accrueRewards(db, { now });
    expect(caught.days.map((x) => [x.day, x.membersPaid, x.totalPaid])).toEqual([
      [d, 1, "1"],
      [addDays(d, 1), 1, "1"],
      [addDays(d, 2), 1, "1"],
    ]);
    expect(caught.remaining).toBe(0);
    expect((await accrueRewards(db, { now })).days).toEqual([]);

    const days = rowsOf<{ day: string; n: string }>(
      await db.execute(
        sql`SELECT day::text AS day, count(*)::text AS n FROM staking_rewards WHERE user_id = ${u.id} GROUP BY day ORDER BY day`,
      ),
    );
    expect(days).toEqual([0, 1, 2, 3].map((n) => ({ day: addDays(d, n), n: "1" })));
    expect(await wld(u.id)).toMatchObject({ rewards: "4" });
    await expectLedgerConsistent();
  });
});
