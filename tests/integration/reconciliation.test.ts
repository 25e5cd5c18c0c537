/**
 * Reconciliation through the real route handlers: GET /api/admin/reconciliation and
 * GET /api/health?deep=1 run the ledger:check queries; a clean ledger agrees, a row broken on purpose (written
 * straight with SQL — the check exists for exactly that) turns its invariant red and fails the deep health.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import * as reconciliationRoute from "@/app/api/admin/reconciliation/route";
import * as healthRoute from "@/app/api/health/route";
import { checkLedger } from "@/lib/ledger/check";
import { seedDemo } from "@/lib/seed";
import { fund } from "../factories/money";
import { createUser } from "../factories/users";
import { call } from "../support/http";

const recon = (cookie?: string) => call(reconciliationRoute, "GET", "/api/admin/reconciliation", { cookie });
const deepHealth = (cookie?: string) => call(healthRoute, "GET", "/api/health?deep=1", { cookie });

describe("reconciliation", () => {
  it("a clean ledger reconciles: every coin and every invariant green, the same as ledger:check; then a broken row is red", async () => {
    const db = await getDb();
    expect(await seedDemo(db)).toBe(true);
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    await fund(member.id, { holding: "12.5", staked: "100" });

    const clean = await recon(admin.cookie);
    expect(clean.status).toBe(200);
    expect(clean.body.ok).toBe(true);
    expect(clean.body.invariants.map((i: { key: string; ok: boolean }) => [i.key, i.ok])).toEqual([
      ["balance-matches-entries", true],
      ["coin-sums-to-zero", true],
      ["posting-balances", true],
      ["entry-coin-matches", true],
      ["no-negative-member", true],
      ["payouts-in-transit", true],
    ]);
    const wld = clean.body.coins.find((c: { coin: string }) => c.coin === "WLD");
    // The members' total against the system accounts, read straight from the balances.
    const [sums] = rowsOf<{ owed: string; system: string }>(
      await db.execute(sql`
        SELECT COALESCE(SUM(balance) FILTER (WHERE user_id IS NOT NULL), 0)::text AS owed,
               COALESCE(SUM(balance) FILTER (WHERE user_id IS NULL), 0)::text AS system
        FROM ledger_accounts WHERE coin = 'WLD'`),
    );
    expect(Number(wld.owed)).toBeGreaterThan(0);
    expect(Number(wld.owed)).toBe(Number(sums!.owed));
    expect(Number(wld.systemTotal)).toBe(Number(sums!.system));
    expect(wld).toMatchObject({ difference: "0", ok: true });
    expect(Number(wld.members.staked)).toBeGreaterThanOrEqual(100);
    expect(await checkLedger(db)).toEqual([]);

    const healthy = await deepHealth(admin.cookie);
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({ ok: true, ledger: { ok: true } });

    // Break it on purpose: an entry with no counterpart and no balance change.
    const [target] = rowsOf<{ account: string; posting: string }>(
      await db.execute(sql`
        SELECT a.id::text AS account, (SELECT max(id) FROM ledger_postings)::text AS posting
        FROM ledger_accounts a WHERE a.user_id = ${member.id} AND a.coin = 'WLD' AND a.kind = 'holding'`),
    );
    await db.execute(sql`
      INSERT INTO ledger_entries (posting_id, account_id, coin, amount)
      VALUES (${Number(target!.posting)}, ${Number(target!.account)}, 'WLD', 7)`);

    const broken = await recon(admin.cookie);
    expect(broken.status).toBe(200);
    expect(broken.body.ok).toBe(false);
    const state = Object.fromEntries(
      broken.body.invariants.map((i: { key: string; ok: boolean; details: string[] }) => [i.key, i]),
    );
    expect(state["balance-matches-entries"].ok).toBe(false);
    expect(state["balance-matches-entries"].details).toHaveLength(1);
    expect(state["balance-matches-entries"].details[0]).toMatch(
      new RegExp(`^account ${target!.account}: 12\\.50* ≠ 19\\.50*$`),
    );
    expect(state["coin-sums-to-zero"].details[0]).toMatch(/^WLD: 7(\.0+)?$/);
    expect(state["coin-sums-to-zero"].ok).toBe(false);
    expect(state["posting-balances"].ok).toBe(false);
    expect(state["no-negative-member"].ok).toBe(true);
    // The same violations as ledger:check names.
    expect((await checkLedger(db)).map((v) => v.detail)).toEqual(
      broken.body.invariants.flatMap((i: { details: string[] }) => i.details),
    );

    const failing = await deepHealth(admin.cookie);
    expect(failing.status).toBe(503);
    expect(failing.body).toMatchObject({ ok: false, ledger: { ok: false } });
    // Without deep=1 the plain health still answers.
    expect((await call(healthRoute, "GET", "/api/health", { cookie: admin.cookie })).status).toBe(200);

    // A balance moved without an entry: the coin's members no longer cancel the system accounts.
    await db.execute(sql`UPDATE ledger_accounts SET balance = balance + 3 WHERE id = ${Number(target!.account)}`);
    const drift = await recon(admin.cookie);
    expect(drift.body.coins.find((c: { coin: string }) => c.coin === "WLD")).toMatchObject({
      ok: false,
      difference: "3",
    });
  });

  it("non-administrators see neither the reconciliation nor the deep health's internals", async () => {
    const member = await createUser();
    expect((await recon(member.cookie)).status).toBe(403);
    expect((await recon()).status).toBe(401);
    for (const cookie of [member.cookie, undefined]) {
      const res = await deepHealth(cookie);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["db", "dbLatencyMs", "ok", "price"]);
    }
  });
});
