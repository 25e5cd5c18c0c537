/**
 * Deactivated members take no credits (docs/security.md, lessons of our own audit). Every use case that credits a
 * member (admin coin, coinunhist, interest, staking withdraw, deposit approval, reward runs) locks the member row in
 * its transaction and refuses a DEACTIVATED member with 404 NOT_FOUND — also one deactivated while the credit
 * was under way: the credit waits for the deactivation and is then refused.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as deactivateRoute from "@/app/api/admin/users/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as unhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as stakingRoute from "@/app/api/admin/users/[id]/staking/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import { getDb } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { accrueRewards } from "@/lib/staking/run";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { countOf, createUser, fund, setFreshWldPrice, wld, whileDeactivating } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const adminPatch = (route: object, admin: TestUser, u: TestUser, path: string, body: unknown) =>
  call(route, "PATCH", `/api/admin/users/${u.id}/${path}`, {
    cookie: admin.cookie,
    params: { id: String(u.id) },
    body,
  });

const credits: [string, object, string, unknown][] = [
  ["coin", coinRoute, "coin", { symbol: "WLD", amount: "10", action: "DEPOSIT" }],
  ["coinunhist", unhistRoute, "coinunhist", { symbol: "WLD", amount: "10", action: "deposit" }],
  ["interest", interestRoute, "interest", { amount: "10", action: "deposit" }],
  ["staking withdraw", stakingRoute, "staking", { symbol: "WLD", amount: "10", action: "withdraw" }],
];

describe("deactivated members take no credits (issue 10)", () => {
  it.runIf(onPostgres()).each(credits)(
    "admin %s waits for a deactivation in progress and is then refused with 404 (PostgreSQL)",
    async (_name, route, path, body) => {
      const admin = await createUser({ role: "ADMIN" });
      const u = await createUser();
      await fund(u.id, { staked: "50" });
      const before = await wld(u.id);
      const { early, result } = await whileDeactivating(u.id, () => adminPatch(route, admin, u, path, body));
      expect(early).toBe("waiting");
      expect(result.status).toBe(404);
      expect(result.body.code).toBe("NOT_FOUND");
      expect(await wld(u.id)).toEqual(before);
      await expectLedgerConsistent();
    },
  );

  it.runIf(onPostgres())(
    "a deposit approval waits for a deactivation in progress and is then refused (PostgreSQL)",
    async () => {
      await setFreshWldPrice();
      const admin = await createUser({ role: "ADMIN" });
      const u = await createUser();
      const dep = await call(depositRoute, "POST", "/api/requests/deposit", {
        cookie: u.cookie,
        body: { amount: "28000" },
      });
      const id = dep.body.request.id as number;
      const { early, result } = await whileDeactivating(u.id, () =>
        call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
          cookie: admin.cookie,
          params: { id: String(id) },
          body: { action: "approve" },
        }),
      );
      expect(early).toBe("waiting");
      expect(result.status).toBe(404);
      expect(await wld(u.id)).toMatchObject({ holding: "0" });
      await expectLedgerConsistent();
    },
  );

  it.runIf(onPostgres())(
    "a reward run waits for a deactivation in progress and pays the member nothing (PostgreSQL)",
    async () => {
      const db = await getDb();
      await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "t", annualRate: "36.5" });
      const payee = await createUser();
      const leaving = await createUser();
      await fund(payee.id, { staked: "1000" });
      await fund(leaving.id, { staked: "1000" });
      const day = kstDay(new Date());
      const now = new Date(dayEnd(day).getTime() + 5 * 60_000);
      const { early, result } = await whileDeactivating(leaving.id, () => accrueRewards(db, { date: day, now }));
      expect(early).toBe("waiting");
      expect(result.days[0]?.membersPaid).toBeGreaterThanOrEqual(1);
      expect(await wld(leaving.id)).toMatchObject({ rewards: "0" });
      expect(await wld(payee.id)).toMatchObject({ rewards: "1" });
      expect(await countOf(sql`SELECT count(*)::text AS n FROM staking_rewards WHERE user_id = ${leaving.id}`)).toBe(0);
      // The next day's run finds the member deactivated as well.
      await accrueRewards(db, { date: addDays(day, 1), now: new Date(now.getTime() + 86_400_000) });
      expect(await wld(leaving.id)).toMatchObject({ rewards: "0" });
      await expectLedgerConsistent();
    },
  );

  it(`credits racing the real deactivation land before it or not at all (${onPostgres() ? "PostgreSQL" : "PGlite"}, 8 rounds)`, async () => {
    const admin = await createUser({ role: "ADMIN" });
    for (let round = 0; round < 8; round++) {
      const u = await createUser();
      const [credit, off] = await Promise.all([
        adminPatch(coinRoute, admin, u, "coin", { symbol: "WLD", amount: "10", action: "DEPOSIT" }),
        call(deactivateRoute, "DELETE", `/api/admin/users/${u.id}`, {
          cookie: admin.cookie,
          params: { id: String(u.id) },
        }),
      ]);
      expect(off.status).toBe(200);
      expect([200, 404]).toContain(credit.status);
      // Afterwards, every credit is refused.
      const late = await adminPatch(coinRoute, admin, u, "coin", { symbol: "WLD", amount: "10", action: "DEPOSIT" });
      expect(late.status).toBe(404);
      expect(await wld(u.id)).toMatchObject({ holding: credit.status === 200 ? "10" : "0" });
    }
    await expectLedgerConsistent();
  });
});
