/**
 * A paid day stays paid. Running a reward day again — by hand (POST /api/admin/staking/rewards/run)
 * or by the cron call (POST /api/cron/accrue) — answers 200 with `alreadyPaid: true` and the day's recorded
 * completion time, pays nothing, and leaves the day's staking_runs row (its completion time above all) as it was.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as cron from "@/app/api/cron/accrue/route";
import * as runRoute from "@/app/api/admin/staking/rewards/run/route";
import { getDb, rowsOf } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { dayEnd, kstDay } from "@/lib/kst-day";
import { createUser, fund, wld } from "../factories/money";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const SECRET = "cron-secret-for-tests-0123456789";

afterEach(() => {
  vi.useRealTimers();
  delete process.env.CRON_SECRET;
});

async function runRow(day: string) {
  const [row] = rowsOf<{ started: string; finished: string; members: number; total: string }>(
    await (await getDb()).execute(sql`
      SELECT started_at::text AS started, finished_at::text AS finished, members_paid AS members,
        trim_scale(total_paid)::text AS total
      FROM staking_runs WHERE day = ${day}::date`),
  );
  return row;
}

describe(`a reward day already paid (${kind})`, () => {
  it("answers alreadyPaid by hand and from the cron, pays nothing and keeps its completion time", async () => {
    const db = await getDb();
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "paid-day", annualRate: "36.5" });
    const member = await createUser();
    await fund(member.id, { staked: "100" });
    const day = kstDay(new Date());
    vi.useFakeTimers({ now: new Date(dayEnd(day).getTime() + 5 * 60_000), toFake: ["Date"] });
    const admin = await createUser({ role: "ADMIN" });
    const run = () =>
      call(runRoute, "POST", "/api/admin/staking/rewards/run", { cookie: admin.cookie, body: { date: day } });

    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ alreadyPaid: false, membersPaid: 1, totalPaid: "0.1" });
    expect(first.body.finishedAt).toBeUndefined();
    const paid = await runRow(day);
    expect(paid?.finished).toBeTruthy();

    // Some time later, again by hand: said so, nothing paid, the row as it was.
    await new Promise((r) => setTimeout(r, 20));
    const again = await run();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyPaid: true, membersPaid: 0, totalPaid: "0" });
    expect(again.body.days).toEqual([{ day, membersPaid: 0, totalPaid: "0", alreadyPaid: true }]);
    expect(Date.parse(again.body.finishedAt)).toBe(Date.parse(paid!.finished));
    expect(await runRow(day)).toEqual(paid);

    // The cron call answers the same.
    process.env.CRON_SECRET = SECRET;
    const fromCron = await call(cron, "POST", "/api/cron/accrue", {
      body: { date: day },
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(fromCron.status).toBe(200);
    expect(fromCron.body).toMatchObject({ alreadyPaid: true, membersPaid: 0, totalPaid: "0" });
    expect(Date.parse(fromCron.body.finishedAt)).toBe(Date.parse(paid!.finished));
    expect(await runRow(day)).toEqual(paid);
    expect((await wld(member.id)).rewards).toBe("0.1");
    await expectLedgerConsistent();
  });
});
