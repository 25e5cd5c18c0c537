/** The demo seed and the reward run fit together: seeded days are listed and never paid again. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { memberBalances } from "@/lib/ledger";
import { stakingHistory } from "@/db/queries/staking";
import { rewardDays } from "@/db/queries/staking-admin";
import { accrueRewards, pendingDays } from "@/lib/staking/run";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { seedDemo } from "@/lib/seed";
import { expectLedgerConsistent } from "../support/ledger";

describe("demo seed and the reward run", () => {
  it("continues after the five seeded days without paying them twice", async () => {
    const db = await getDb();
    const now = new Date();
    expect(await seedDemo(db, now)).toBe(true);
    const today = kstDay(now);
    const seeded = await rewardDays(db, { offset: 0, limit: 10 });
    expect(seeded.items.map((d) => d.day)).toEqual([1, 2, 3, 4, 5].map((n) => addDays(today, -n)));
    expect(seeded.items[0]).toMatchObject({ membersPaid: 1, totalPaid: "0.26301369" });
    expect(await pendingDays(db, now)).toEqual([]);

    // Re-running a seeded day pays nothing (the unique reward row per member, coin and day).
    const again = await accrueRewards(db, { date: addDays(today, -1), now });
    expect(again.membersPaid).toBe(0);

    // The next morning the run pays today on the demo's 800 staked WLD at 12 %.
    const tomorrow = new Date(dayEnd(today).getTime() + 5 * 60_000);
    const run = await accrueRewards(db, { now: tomorrow });
    expect(run.days.map((d) => [d.day, d.membersPaid, d.totalPaid])).toEqual([[today, 1, "0.26301369"]]);
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.userId, "demo"));
    const [latest] = await stakingHistory(db, { userId: demo!.id, offset: 0, limit: 1 });
    expect(latest?.day).toBe(today);
    expect((await memberBalances(db, demo!.id)).WLD?.rewards).toBe("1.57808214");
    await expectLedgerConsistent();
  });
});
