/**
 * The read replica through the real deployment (docs/scaling.md, "Read replicas"): nginx → two standalone instances
 * → PgBouncer → a PostgreSQL primary, and a streaming replica of it made by pg_basebackup (scripts/cluster/replica.ts)
 * that the instances read directly (DATABASE_REPLICA_URL). Both servers are this test's own (initdb in the run
 * directory, Debian's binaries): the machine's shared server need not allow replication, and its base backup
 * would copy every database on it. Replay is paused on the replica (pg_wal_replay_pause) to make it
 * distinguishable: what it answers is the past.
 *
 * (a) a console list is served by the replica; (b) a money write and the balance check of the next money action
 * are the primary's; (c) an administrator's own change shows in their next list at once, on another instance (the
 * cookie, not process memory); (e) a replica lagging beyond DATABASE_REPLICA_MAX_LAG_MS is left for the primary
 * and used again once it catches up; (d) a replica that is down: the lists answer from the primary.
 */
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/cluster/launcher";
import { once, type Replica, type Server, serverProblem, startPrimary, startReplica } from "@/scripts/cluster/replica";
import { call, login, PASSWORD, seedMembers, storeWldPrice, WALLET } from "../system/support/api";
import { ROOT } from "../system/support/cluster";
import { createAdmin } from "./fixtures";
import { clusterSkipReason, report, startTestCluster, type TestCluster } from "./support";

const MAX_LAG_MS = 4_000;
const skip = clusterSkipReason() ?? serverProblem();
if (skip) report(`replica tests skipped: ${skip}`);

type ReplicaHealth = {
  reachable: boolean;
  lagMs: number | null;
  inUse: boolean;
  reason: string | null;
  reads: { replica: number; primary: number; fallbacks: number };
};
type Row = { userId: string; name: string; phone: string | null };

describe.skipIf(skip !== null)("a streaming replica behind the console's reads", () => {
  const dir = path.join(ROOT, ".test-data", `replica-pg-${process.pid}`);
  let primary: Server;
  let replica: Replica;
  let replicaDb: postgres.Sql;
  let t: TestCluster;
  let adminCookie: string;
  const base = (i: number) => t.cluster.instances[i]!.base;

  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(path.join(ROOT, ".test-data"), 0o755); // the servers run as the postgres OS user
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    primary = await startPrimary(path.join(dir, "primary"), primaryPort, report);
    replica = await startReplica({
      primaryUrl: primary.url,
      dir: path.join(dir, "replica"),
      port: replicaPort,
      log: report,
    });
    // The scratch database, the app role and the cluster go to this primary (tests/system's createScratchDatabase).
    process.env.TEST_DATABASE_URL = primary.url;
    t = await startTestCluster(
      "repl",
      2,
      { DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS) },
      { replicaUrl: `postgres://127.0.0.1:${replicaPort}` },
    );
    replicaDb = postgres({ ...(replica.socket as object), database: t.db.name, max: 1, onnotice: () => {} });
    await storeWldPrice(t.db.sql);
    await createAdmin(t.db.sql, t.db.url, "repladmin");
    adminCookie = await login(base(0), "repladmin", PASSWORD);
  }, 300_000);

  afterAll(async () => {
    await replicaDb?.end({ timeout: 2 });
    await t?.stop();
    await replica?.destroy();
    await primary?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  const health = async (i: number) => (await call(base(i), "GET", "/api/health")).body.replica as ReplicaHealth;
  async function until<T>(what: string, ms: number, probe: () => Promise<T | false>): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (v !== false) return v;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** Every instance reads the replica again (its check, at most a second old, says it is current). */
  const replicaInUse = () =>
    until("replica in use on both instances", 15_000, async () => (await health(0)).inUse && (await health(1)).inUse);
  /** The replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const [primaryAt] = await t.db.sql<{ lsn: string }[]>`SELECT pg_current_wal_flush_lsn()::text AS lsn`;
    const lsn = primaryAt!.lsn;
    await until("replica caught up", 15_000, async () => {
      const [r] = await replicaDb<{ ok: boolean }[]>`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS ok`;
      return r!.ok || false;
    });
  }
  const pause = () => once(replica.socket, "SELECT pg_wal_replay_pause()");
  const resume = () => once(replica.socket, "SELECT pg_wal_replay_resume()");
  /** The member's row in the console's list, read on instance `i` with `cookie`. */
  async function listed(i: number, cookie: string, userId: string): Promise<Row> {
    const r = await call(base(i), "GET", `/api/admin/users/paginated?search=${userId}`, { cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as { users: Row[] }).users.find((u) => u.userId === userId)!;
  }

  it("(a) a list is the replica's; (c) the author's change shows at once on another instance; (e) lagging → primary, caught up → replica", async () => {
    const [m] = await seedMembers(t.db.sql, [{ userId: "replmember" }]);
    await caughtUp();
    await replicaInUse();
    const well = await health(0);
    expect(well).toMatchObject({ reachable: true, inUse: true, reason: null });
    expect(well.lagMs).toBeLessThanOrEqual(MAX_LAG_MS);
    expect((await listed(0, adminCookie, m!.userId)).name).toBe("replmember");

    await pause();
    const t0 = Date.now();
    // (a) A change made on the primary behind the app's back: the replica, paused, does not have it.
    await t.db.sql`UPDATE users SET name = 'Renamed on the primary' WHERE id = ${m!.id}`;
    const before = (await health(0)).reads.replica;
    expect((await listed(0, adminCookie, m!.userId)).name).toBe("replmember");
    expect((await health(0)).reads.replica).toBeGreaterThan(before);

    // (c) The administrator's own change through the console (instance 0), then their list on instance 1 with
    // the answer's cookie: the primary's row. Without the cookie, the same list is still the replica's.
    const res = await fetch(`${base(0)}/api/admin/users/${m!.id}/phone`, {
      method: "PATCH",
      headers: { cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ phone: "010-2345-6789" }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const wrote = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("wld-wrote="))!
      .split(";")[0]!;
    const mine = await listed(1, `${adminCookie}; ${wrote}`, m!.userId);
    expect(mine).toMatchObject({ name: "Renamed on the primary", phone: "010-2345-6789" });
    const others = await listed(1, adminCookie, m!.userId);
    expect(others.name).toBe("replmember");
    expect(others.phone).not.toBe("010-2345-6789");
    report(`paused replica read for ${Date.now() - t0} ms; the author's own change read from the primary at once`);

    // (e) Still paused: once the replica is more than MAX_LAG_MS behind, every list is the primary's.
    const switched = await until("lists read the primary", MAX_LAG_MS + 6_000, async () => {
      const row = await listed(0, adminCookie, m!.userId);
      return row.name === "Renamed on the primary" && Date.now() - t0;
    });
    const lagging = await health(0);
    expect(lagging).toMatchObject({ reachable: true, inUse: false, reason: "lagging" });
    expect(lagging.lagMs).toBeGreaterThan(MAX_LAG_MS);
    report(`lagging replica left for the primary ${switched} ms after the pause (bound ${MAX_LAG_MS} ms)`);

    await resume();
    const t1 = Date.now();
    await replicaInUse();
    report(`replica resumed: in use again on both instances after ${Date.now() - t1} ms`);
    const served = (await health(1)).reads.replica;
    expect((await listed(1, adminCookie, m!.userId)).name).toBe("Renamed on the primary");
    expect((await health(1)).reads.replica).toBeGreaterThan(served);
  });

  it("(b) with the replica paused, a credit and the member's swap of all of it both see the primary", async () => {
    const [m] = await seedMembers(t.db.sql, [{ userId: "replmoney", idStatus: "APPROVED", walletAddr: WALLET }]);
    const cookie = await login(base(1), m!.userId, PASSWORD);
    await caughtUp();
    await replicaInUse();
    await pause();
    try {
      const credit = await call(base(0), "PATCH", `/api/admin/users/${m!.id}/coin`, {
        cookie: adminCookie,
        body: { symbol: "WLD", amount: "40", action: "DEPOSIT" },
      });
      expect(credit.status, JSON.stringify(credit.body)).toBe(200);
      // The swap decides on the balance: read from the paused replica it would be 0 (INSUFFICIENT_FUNDS).
      const swap = await call(base(1), "POST", `/api/users/${m!.userId}/swap`, { cookie, body: { amount: "40" } });
      expect(swap.status, JSON.stringify(swap.body)).toBe(200);
      const [onReplica] = await replicaDb<{ n: number }[]>`
        SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = ${m!.id}`;
      expect(onReplica!.n).toBe(0); // the replica has neither posting yet: both were the primary's
    } finally {
      await resume();
    }
  });

  it("(d) a replica that is down: lists answer from the primary at once; started again, it is read again", async () => {
    const [m] = await seedMembers(t.db.sql, [{ userId: "repldown" }]);
    await caughtUp();
    await replicaInUse();
    await replica.stop();
    await t.db.sql`UPDATE users SET name = 'Written while the replica was down' WHERE id = ${m!.id}`;
    const t0 = performance.now();
    for (const i of [0, 1])
      expect((await listed(i, adminCookie, m!.userId)).name).toBe("Written while the replica was down");
    const ms = performance.now() - t0;
    const down = await health(0);
    expect(down).toMatchObject({ reachable: false, inUse: false });
    expect(ms).toBeLessThan(3_000);
    report(`replica down: two list reads from the primary in ${ms.toFixed(0)} ms (fallbacks ${down.reads.fallbacks})`);

    await replica.start();
    await replicaInUse();
    const served = (await health(0)).reads.replica;
    expect((await listed(0, adminCookie, m!.userId)).name).toBe("Written while the replica was down");
    expect((await health(0)).reads.replica).toBeGreaterThan(served);
  });
});
