/**
 * The seeded load (tests/cluster/load.ts) through nginx → three standalone instances →
 * PgBouncer → PostgreSQL for CLUSTER_SECONDS (75 by default), while the faults happen: one instance SIGKILLed
 * (and started again later), one SIGTERMed (its in-flight requests finish; started again), PgBouncer restarted,
 * and every PostgreSQL connection of the database cut with pg_terminate_backend. Afterwards: every instance is
 * healthy without having been restarted after the cut, `npm run ledger:check` passes, no Idempotency-Key is left
 * without its answer or applied twice, no member balance is negative, no hold is orphaned, every reward day paid
 * each staker once, and every member's balances are exactly what the answers said (the model).
 *
 * CLUSTER_SEED picks the run (printed; CI uses 1); CLUSTER_SECONDS its length; CLUSTER_WORKERS the clients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, login, orphanHolds, PASSWORD, storeWldPrice, waitForQuiet, wld } from "../system/support/api";
import { ledgerCheck } from "../system/support/cluster";
import { Dx } from "../soak/model";
import { createAdmin, createProduct, RATE, seedStakers } from "./fixtures";
import { Load } from "./load";
import { clusterSkipReason, report, startTestCluster, type TestCluster } from "./support";

const skip = clusterSkipReason();
if (skip) report(`load test skipped: ${skip}`);

const SEED = Number(process.env.CLUSTER_SEED || (process.env.CI ? 1 : Date.now() % 1_000_000));
const SECONDS = Number(process.env.CLUSTER_SECONDS || 75);
const WORKERS = Number(process.env.CLUSTER_WORKERS || 8);
const STAKE = "400";

describe.skipIf(skip !== null)("the cluster under load and faults", () => {
  let t: TestCluster;

  beforeAll(async () => {
    t = await startTestCluster("load", 3, { SIGNUP_LIMIT_PER_HOUR: "100000", DAILY_WITHDRAW_LIMIT_KRW: "1000000000" });
  }, 300_000);

  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  it(`A2/A8/F31 seeded load for ${SECONDS} s with SIGKILL, SIGTERM, a PgBouncer restart and cut connections`, async () => {
    const { cluster, db } = t;
    const sql = db.sql;
    report(`load: seed ${SEED}, ${SECONDS} s, ${WORKERS} clients (CLUSTER_SEED=${SEED} replays the same choices)`);
    await storeWldPrice(sql);
    const admin = await createAdmin(sql, db.url, "loadadmin");
    const adminCookie = await login(cluster.url, admin.userId, PASSWORD);
    await createProduct(sql, db.url, cluster.url, { userId: admin.userId, cookie: adminCookie });
    const stakers = await seedStakers(sql, cluster.url, adminCookie, `ls${SEED % 10_000}x`, WORKERS * 2, "500", STAKE);

    const t0 = Date.now();
    const load = new Load({
      url: cluster.url,
      sql,
      seed: SEED,
      workers: WORKERS,
      deadline: t0 + SECONDS * 1000,
      adminCookie,
      adminRefCode: admin.refCode,
      stakers: stakers.map((s) => ({ ...s, holding: "100", staked: STAKE })),
    });

    // ── The faults, at fixed shares of the run ──
    const faults: string[] = [];
    const at = (share: number) =>
      new Promise((r) => setTimeout(r, Math.max(0, t0 + share * SECONDS * 1000 - Date.now())));
    const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
    let cutAt = 0;
    const chaos = (async () => {
      await at(0.15);
      await cluster.killInstance(2);
      faults.push(`${since()} instance 2 SIGKILLed`);
      await at(0.3);
      faults.push(`${since()} instance 2 started again (${await cluster.startInstance(2)} ms)`);
      await at(0.42);
      const tTerm = Date.now();
      const code = await cluster.stopInstance(1);
      faults.push(`${since()} instance 1 SIGTERMed: exited ${code} after ${Date.now() - tTerm} ms`);
      expect(code, "SIGTERM ends the server by itself (143), not a kill").toBe(143);
      faults.push(`${since()} instance 1 started again (${await cluster.startInstance(1)} ms)`);
      await at(0.58);
      faults.push(`${since()} PgBouncer restarted (answering after ${await cluster.restartPgbouncer()} ms)`);
      await at(0.75);
      const cut = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()) t`;
      cutAt = Date.now();
      faults.push(`${since()} pg_terminate_backend cut ${cut[0]!.n} PostgreSQL connections`);
    })();

    await Promise.all([load.run(), chaos]);
    const loadSeconds = (Date.now() - t0) / 1000;

    // ── Recovery by itself: no instance was restarted after the cut ──
    const health = await Promise.all(cluster.instances.map((i) => call(i.base, "GET", "/api/health")));
    report(
      `after the cut (${((Date.now() - cutAt) / 1000).toFixed(1)} s): instances answer /api/health ${health.map((h) => h.status).join(" ")}`,
    );
    expect(health.map((h) => h.status)).toEqual([200, 200, 200]);

    // ── The report ──
    for (const f of faults) report(`fault: ${f}`);
    const kinds = Object.entries(load.counts).sort(([a], [b]) => a.localeCompare(b));
    report(`requests (every attempt, by kind and answer), ${loadSeconds.toFixed(1)} s:`);
    for (const [k, n] of kinds) report(`  ${k.padEnd(44)} ${n}`);
    const attempts = kinds.reduce((a, [, n]) => a + n, 0);
    report(
      `${attempts} requests, ${load.retries} retries of lost answers (same key); after a lost answer ` +
        `${load.recovered.replayed} were answered from the stored result, ${load.recovered.appliedOnRetry} applied on the retry`,
    );
    expect(load.problems).toEqual([]);
    expect(faults).toHaveLength(6);

    // ── The books ──
    await waitForQuiet(sql);
    const check = await ledgerCheck(db.url);
    report(`npm run ledger:check → ${check.ok ? "passed" : "FAILED"}`);
    expect(check.ok, check.output).toBe(true);
    const stuck = await sql`SELECT user_id, key FROM idempotency_keys WHERE status_code IS NULL`;
    expect(stuck, "keys left without their answer").toEqual([]);
    const negative = await sql`SELECT id, kind, balance FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`;
    expect(negative, "negative member balances").toEqual([]);
    expect(await orphanHolds(sql), "holds without their pending request").toEqual([]);

    // Every reward day paid each staker once, whoever asked and however often.
    const days = await sql<{ day: string; n: number }[]>`
      SELECT day::text AS day, count(*)::int AS n FROM staking_rewards GROUP BY day ORDER BY day`;
    for (const d of days) expect(d.n, `stakers paid for ${d.day}`).toBe(stakers.length);
    for (const [day, paid] of load.rewardAnswers)
      expect(
        paid.reduce((a, b) => a + b, 0),
        `members paid by the answers for ${day}`,
      ).toBeLessThanOrEqual(stakers.length);
    const perDay = new Dx(STAKE).times(RATE).div(36500).round(8, Dx.roundDown);
    for (const s of stakers)
      load.model.move(load.model.members.get(s.userId)!, perDay.times(days.length), null, "rewards");
    report(
      `reward runs: ${[...load.rewardAnswers.values()].flat().length} answered for ${load.rewardAnswers.size} days; ${days.length} days paid, each to all ${stakers.length} stakers`,
    );

    // Every member's balances are exactly what the answers said: no request applied twice, none lost.
    const diffs: string[] = [];
    let successes = 0;
    for (const m of load.model.members.values()) {
      const d = load.model.diff(m, (await wld(sql, m.id)) as never);
      if (d) diffs.push(`${m.name}: ${d}`);
    }
    for (const [k, n] of kinds) if (/ 20[01]\b/.test(k)) successes += n;
    const [{ requests }] = (await sql`SELECT count(*)::int AS requests FROM requests`) as unknown as [
      { requests: number },
    ];
    report(
      `model: ${load.model.members.size} members, ${load.model.requests.size} transfer requests (${requests} in the database), ` +
        `${successes} successful answers; balances that differ from the model: ${diffs.length}`,
    );
    expect(diffs).toEqual([]);
    expect(requests).toBe(load.model.requests.size);
  });
});
