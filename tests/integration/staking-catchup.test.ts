/**
 * Catching up: missed days are paid in order, one by one, and the scheduled run pays once even when
 * several instances fire together (advisory lock on PostgreSQL, idempotency keys everywhere).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { accrueRewards, pendingDays } from "@/lib/staking/run";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { runScheduledAccrual } from "@/lib/staking/timer";
import { createUser } from "../factories/users";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const at = (day: string, minutes = 5) => new Date(dayEnd(day).getTime() + minutes * 60_000);

describe("catch-up", () => {
  it("pays nothing before anything was staked, then a 3-day gap as three days in order", async () => {
    const db = await getDb();
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "t", annualRate: "36.5" });
    const today = kstDay(new Date());
    // Nothing is staked yet: no day is pending, a run pays nothing.
    expect(await pendingDays(db, at(today))).toEqual([]);

    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "1000" });
    await move(db, { userId: u.id, coin: "WLD", amount: "1000", from: "holding", to: "staked" });

    // The scheduler at 00:05 the next day pays today (the first day anything was staked).
    const first = await accrueRewards(db, { now: at(today) });
    expect(first.days.map((d) => [d.day, d.membersPaid, d.totalPaid])).toEqual([[today, 1, "1"]]);

    // Three days are missed; the run at 00:05 of the fourth day pays them in order.
    const later = at(addDays(today, 3));
    expect(await pendingDays(db, later)).toEqual([addDays(today, 1), addDays(today, 2), addDays(today, 3)]);
    const caught = await accrueRewards(db, { now: later });
    expect(caught.days.map((d) => d.day)).toEqual([addDays(today, 1), addDays(today, 2), addDays(today, 3)]);
    expect(caught.membersPaid).toBe(3);
    expect(caught.totalPaid).toBe("3");
    expect(await pendingDays(db, later)).toEqual([]);
    expect((await accrueRewards(db, { now: later })).days).toEqual([]);

    const days = rowsOf<{ day: string; amount: string }>(
      await db.execute(
        sql`SELECT day::text AS day, amount::text AS amount FROM staking_rewards WHERE user_id = ${u.id} ORDER BY day`,
      ),
    );
    expect(days.map((d) => d.day)).toEqual([0, 1, 2, 3].map((n) => addDays(today, n)));
    const runs = rowsOf<{ day: string; members_paid: number; total_paid: string }>(
      await db.execute(
        sql`SELECT day::text AS day, members_paid, total_paid::text AS total_paid FROM staking_runs ORDER BY day`,
      ),
    );
    expect(runs.map((r) => [r.day, r.members_paid, r.total_paid])).toEqual(
      [0, 1, 2, 3].map((n) => [addDays(today, n), 1, "1.000000000000000000"]),
    );
    expect((await memberBalances(db, u.id)).WLD?.rewards).toBe("4");
    await expectLedgerConsistent();
  });

  it(`A5 several instances firing the scheduled run at once pay each day once (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "365" });
    await move(db, { userId: u.id, coin: "WLD", amount: "365", from: "holding", to: "staked" });
    const today = kstDay(new Date());
    const now = at(addDays(today, 6));
    const results = await Promise.all(Array.from({ length: 4 }, () => runScheduledAccrual(now)));
    const paid = results.flatMap((r) => r?.days ?? []).filter((d) => !d.alreadyPaid);
    expect(paid.map((d) => d.day)).toEqual([4, 5, 6].map((n) => addDays(today, n)));
    const rows = rowsOf<{ n: string }>(
      await db.execute(sql`SELECT count(*)::text AS n FROM staking_rewards WHERE user_id = ${u.id}`),
    );
    expect(rows[0]?.n).toBe("3");
    // 365 at 36.5 % pays 0.365 a day.
    expect((await memberBalances(db, u.id)).WLD?.rewards).toBe("1.095");
    await expectLedgerConsistent();
  });
});
