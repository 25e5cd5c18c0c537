/** POST /api/cron/accrue through the real handler: bearer secret, 404 when unset, idempotent days. */
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { addDays, kstDay } from "@/lib/kst-day";
import * as cron from "@/app/api/cron/accrue/route";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

const SECRET = "cron-secret-for-tests-0123456789";
const URL = "/api/cron/accrue";
const bearer = (s: string) => ({ authorization: `Bearer ${s}` });

afterEach(() => {
  delete process.env.CRON_SECRET;
});

describe("POST /api/cron/accrue", () => {
  it("does not exist while CRON_SECRET is unset (404), whatever is sent", async () => {
    delete process.env.CRON_SECRET;
    expect((await call(cron, "POST", URL, { body: {} })).status).toBe(404);
    expect((await call(cron, "POST", URL, { body: {}, headers: bearer(SECRET) })).status).toBe(404);
  });

  it("refuses a missing or wrong secret with 401 and pays nothing", async () => {
    process.env.CRON_SECRET = SECRET;
    const db = await getDb();
    const admin = await createUser({ role: "SUPERADMIN" });
    for (const headers of [{}, bearer("wrong-secret-wrong-secret"), bearer(`${SECRET}x`), { authorization: SECRET }]) {
      const res = await call(cron, "POST", URL, { body: {}, headers, cookie: admin.cookie });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("UNAUTHENTICATED");
    }
    const { stakingRuns } = await import("@/db/schema");
    expect(await db.select().from(stakingRuns)).toEqual([]);
  });

  it("pays an ended day once; the same day again answers 200 with nothing paid; an open day is 400", async () => {
    process.env.CRON_SECRET = SECRET;
    const db = await getDb();
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "t", annualRate: "12" });
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "800" });
    await move(db, { userId: u.id, coin: "WLD", amount: "800", from: "holding", to: "staked" });

    const today = kstDay(new Date());
    const open = await call(cron, "POST", URL, { body: { date: today }, headers: bearer(SECRET) });
    expect(open.status).toBe(400);
    const bad = await call(cron, "POST", URL, { body: { date: "2031-13-01" }, headers: bearer(SECRET) });
    expect(bad.status).toBe(400);

    // Yesterday ended before anything was staked: it is paid with nobody to pay.
    const yesterday = addDays(today, -1);
    const first = await call(cron, "POST", URL, { body: { date: yesterday }, headers: bearer(SECRET) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      days: [{ day: yesterday, membersPaid: 0, totalPaid: "0", alreadyPaid: false }],
      membersPaid: 0,
      totalPaid: "0",
      remaining: 0,
      alreadyPaid: false,
    });
    const again = await call(cron, "POST", URL, { body: { date: yesterday }, headers: bearer(SECRET.toString()) });
    expect(again.status).toBe(200);
    expect(again.body.days[0]).toMatchObject({ day: yesterday, membersPaid: 0, totalPaid: "0", alreadyPaid: true });

    // Without a date: every ended day not yet paid — none (today has not ended).
    const none = await call(cron, "POST", URL, { headers: bearer(SECRET) });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ days: [], membersPaid: 0, totalPaid: "0", remaining: 0 });
    expect((await memberBalances(db, u.id)).WLD?.rewards).toBe("0");
    await expectLedgerConsistent();
  });

  it("parallel cron calls for one day pay once", async () => {
    process.env.CRON_SECRET = SECRET;
    const day = addDays(kstDay(new Date()), -2);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(cron, "POST", URL, { body: { date: day }, headers: bearer(SECRET) })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.days[0].alreadyPaid === false)).toHaveLength(1);
    await expectLedgerConsistent();
  });
});
