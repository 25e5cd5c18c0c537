/**
 * What must hold behind PgBouncer's transaction pooling, proven through the real deployment (nginx → three
 * standalone instances → PgBouncer → PostgreSQL): the locks the app relies on are transaction-scoped and still
 * serialize (the login failure budget, the reward run), idempotency keys apply once, migrations bypass the pooler,
 * X-Forwarded-For is trusted only from nginx, and a SIGTERMed instance finishes what it has in flight.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/errors";
import { call, login, PASSWORD, sameAmount, seedMembers, storeWldPrice, tally, wld } from "../system/support/api";
import { Dx } from "../soak/model";
import { createScratchDatabase, ROOT } from "../system/support/cluster";
import { createAdmin, createProduct, kstDay, RATE, seedStakers } from "./fixtures";
import { clusterSkipReason, report, startTestCluster, type TestCluster } from "./support";

const METRICS_TOKEN = "pool-metrics-token-0123456789";
/** Logins in flight when an instance gets its SIGTERM. */
const LOGINS = 48;
const skip = clusterSkipReason();
if (skip) report(`pooler tests skipped: ${skip}`);

describe.skipIf(skip !== null)("behind PgBouncer (transaction pooling) and nginx", () => {
  let t: TestCluster;
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestCluster("pool", 3, { METRICS_TOKEN });
    await storeWldPrice(t.db.sql);
    await createAdmin(t.db.sql, t.db.url, "pooladmin");
    adminCookie = await login(t.cluster.url, "pooladmin", PASSWORD);
    await createProduct(t.db.sql, t.db.url, t.cluster.url, { userId: "pooladmin", cookie: adminCookie });
  }, 300_000);

  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  it("parallel wrong passwords on three instances lock the account after exactly its budget of 5", async () => {
    const [m] = await seedMembers(t.db.sql, [{ userId: "poolthrottle" }]);
    const tries = await Promise.all(
      Array.from({ length: 15 }, () =>
        call(t.cluster.url, "POST", "/api/login", { body: { userId: m!.userId, password: "Wrong-Password-1" } }),
      ),
    );
    const counts = tally(tries);
    report(`login throttle: 15 parallel wrong passwords through nginx → ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 401: 5, 429: 10 });
    const right = await call(t.cluster.url, "POST", "/api/login", { body: { userId: m!.userId, password: PASSWORD } });
    expect(right.status).toBe(429);
  });

  it("X-Forwarded-For is nginx's word, not the client's: a forged address is not what the app records", async () => {
    const [m] = await seedMembers(t.db.sql, [{ userId: "poolforged" }]);
    const r = await call(t.cluster.url, "POST", "/api/login", {
      body: { userId: m!.userId, password: PASSWORD },
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(r.status).toBe(200);
    const rows = await t.db.sql<{ ip: string }[]>`
      SELECT ip FROM sessions WHERE user_id = ${m!.id} ORDER BY created_at DESC LIMIT 1`;
    expect(rows[0]?.ip).toBe("127.0.0.1");
  });

  it("nginx's request id: the client's safe id or its own, on every answer exactly once; /api/metrics only per instance", async () => {
    const sent = await fetch(`${t.cluster.url}/api/health`, { headers: { "x-request-id": "edge.7_a-b" } });
    expect(sent.headers.get("x-request-id")).toBe("edge.7_a-b"); // one header: a second would read "a, b"
    const unsafe = await fetch(`${t.cluster.url}/api/health`, { headers: { "x-request-id": "no good id" } });
    expect(unsafe.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const none = await fetch(`${t.cluster.url}/api/price/WLD`);
    expect(none.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);

    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
    const proxied = await fetch(`${t.cluster.url}/api/metrics`, { headers: auth });
    expect(proxied.status).toBe(404);
    const direct = await fetch(`${t.cluster.instances[0]!.base}/api/metrics`, { headers: auth });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain("wld_http_request_duration_seconds");
  });

  it("D24 HSTS (at least a year) exactly when the request came over HTTPS, as the trusted proxy says", async () => {
    const hstsOf = (r: Response) => r.headers.get("strict-transport-security");
    // Through nginx over plain HTTP: nginx's X-Forwarded-Proto (http) wins over the client's claim.
    for (const path of ["/login", "/api/health"]) {
      const forged = await fetch(`${t.cluster.url}${path}`, { headers: { "x-forwarded-proto": "https" } });
      expect(hstsOf(forged), `${path} through nginx over http`).toBeNull();
    }
    // A TLS-terminating proxy in front (this test, from 127.0.0.1 = TRUSTED_PROXIES) says https: every answer,
    // page or API, carries HSTS.
    for (const path of ["/login", "/api/health"]) {
      const tls = await fetch(`${t.cluster.instances[0]!.base}${path}`, { headers: { "x-forwarded-proto": "https" } });
      const hsts = hstsOf(tls) ?? "";
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${path} over https`).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain("includeSubDomains");
      const plain = await fetch(`${t.cluster.instances[0]!.base}${path}`);
      expect(hstsOf(plain), `${path} over http`).toBeNull();
    }
  });

  it("D24 the standalone servers serve the prerendered /login in each language under its own scripts' hashes", async () => {
    for (const [cookie, lang] of [
      ["", "ko"],
      ["NEXT_LOCALE=en", "en"],
    ] as const) {
      const res = await fetch(`${t.cluster.url}/login`, { headers: cookie ? { cookie } : {} });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      const script = /script-src ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      // The build's hashes, read by each instance from its own standalone folder (lib/csp.ts): no nonce.
      expect(script).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1]!)
        .filter(Boolean);
      expect(inline.length).toBeGreaterThan(0);
      for (const text of inline)
        expect(script).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
    }
  });

  it("one Idempotency-Key sent 12 times at once over three instances applies once", async () => {
    const [m] = await seedMembers(t.db.sql, [{ userId: "poolonce" }]);
    const credit = await call(t.cluster.url, "PATCH", `/api/admin/users/${m!.id}/coin`, {
      cookie: adminCookie,
      body: { symbol: "WLD", amount: "100", action: "DEPOSIT" },
    });
    expect(credit.status).toBe(200);
    const cookie = await login(t.cluster.url, m!.userId, PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t.cluster.url, "POST", `/api/users/${m!.userId}/swap`, {
          cookie,
          body: { amount: "7" },
          headers: { "idempotency-key": "pool-once-1" },
        }),
      ),
    );
    report(
      `idempotency: 12 same-key swaps → ${JSON.stringify(tally(answers))}, ${answers.filter((a) => a.replayed).length} replayed`,
    );
    // Each answer is the first one, or "still in progress" (409) while the first runs; never a second swap.
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body?.code))).toBe(true);
    expect(answers.some((a) => a.status === 200 && !a.replayed)).toBe(true);
    const bal = await wld(t.db.sql, m!.id);
    expect(await sameAmount(t.db.sql, bal.staked!, "7")).toBe(true);
    expect(await sameAmount(t.db.sql, bal.holding!, "93")).toBe(true);
  });

  it("six concurrent reward runs of one day (HTTP, three instances) and two scheduled runs pay every staker once", async () => {
    const stakers = await seedStakers(t.db.sql, t.cluster.url, adminCookie, "poolstake", 6, "500", "400");
    const day = kstDay(3);
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.cluster.url, "POST", "/api/admin/staking/rewards/run", { cookie: adminCookie, body: { date: day } }),
      ),
    );
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const paid = runs.map((r) => Number(r.body.membersPaid));
    report(`reward runs of ${day}: six at once → members paid per answer ${JSON.stringify(paid)}`);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(stakers.length);

    // The daily timer's path: pg_try_advisory_xact_lock inside one transaction, through PgBouncer.
    Object.assign(process.env, { DATABASE_URL: t.cluster.poolerUrl, DATABASE_POOLER: "transaction" });
    const { runScheduledAccrual } = await import("@/lib/staking/timer");
    const { closeDb } = await import("@/db/client");
    try {
      const scheduled = await Promise.all([runScheduledAccrual(), runScheduledAccrual()]);
      const skipped = scheduled.filter((s) => s === null).length;
      const members = scheduled.reduce((a, s) => a + (s?.membersPaid ?? 0), 0);
      report(
        `scheduled runs: two at once through PgBouncer → ${skipped} skipped on the lock, ${members} member-days paid`,
      );
      // Every ended day since the stake (the 10 days back, minus the one paid above) pays each staker once.
      const rows = await t.db.sql<{ day: string; n: number }[]>`
        SELECT day::text AS day, count(*)::int AS n FROM staking_rewards GROUP BY day ORDER BY day`;
      expect(rows.every((r) => r.n === stakers.length)).toBe(true);
      expect(members).toBe((rows.length - 1) * stakers.length);
    } finally {
      await closeDb();
    }
    const days = (await t.db.sql`SELECT count(DISTINCT day)::int AS n FROM staking_rewards`)[0]!.n as number;
    // floor8(400 × 12.5 / 36500) = 0.13698630 a day, for every day paid.
    const perDay = new Dx("400").times(RATE).div(36500).round(8, Dx.roundDown);
    for (const s of stakers) {
      const bal = await wld(t.db.sql, s.id);
      expect(bal.rewards, s.userId).toBe(perDay.times(days).toFixed(18));
    }
  });

  it("three processes migrating one fresh database at once (pooler URL + direct URL) all succeed, each migration once", async () => {
    const fresh = await createScratchDatabase("poolmig");
    try {
      await fresh.sql`DROP SCHEMA public CASCADE`;
      await fresh.sql`DROP SCHEMA IF EXISTS drizzle CASCADE`;
      await fresh.sql`CREATE SCHEMA public`;
      const runOne = () =>
        new Promise<number>((resolve) => {
          const p = spawn("npm", ["run", "--silent", "db:migrate"], {
            cwd: ROOT,
            stdio: "ignore",
            env: {
              ...process.env,
              // The pooler is that of the cluster (another database): nothing but the direct URL may be used.
              DATABASE_URL: t.cluster.poolerUrl,
              DATABASE_POOLER: "transaction",
              DATABASE_DIRECT_URL: fresh.url,
            },
          });
          p.on("exit", (code) => resolve(code ?? 1));
        });
      const codes = await Promise.all([runOne(), runOne(), runOne()]);
      expect(codes).toEqual([0, 0, 0]);
      const [{ applied }] =
        (await fresh.sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`) as unknown as [
          { applied: number },
        ];
      const [{ distinct }] = (await fresh.sql`
        SELECT count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations`) as unknown as [
        { distinct: number },
      ];
      report(`migrations: three at once through DATABASE_DIRECT_URL → ${applied} applied, ${distinct} distinct`);
      expect(applied).toBe(distinct);
      expect(applied).toBeGreaterThan(5);
    } finally {
      await fresh.drop();
    }
  });

  it("F31 a statement in flight when its server connection is cut or PgBouncer restarts is 'database unavailable' (503)", async () => {
    const client = postgres(t.cluster.poolerUrl, { max: 1, prepare: false, onnotice: () => {} });
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
    try {
      await client`SELECT 1`;
      // A failover or an operator's pg_terminate_backend under PgBouncer, then PgBouncer itself restarting: in
      // these moments PgBouncer may answer with SQLSTATE 08P01 ("server conn crashed?", seen as a 500 in the cluster
      // load test before lib/errors.ts knew class 08) or the connection just closes.
      const cut = failure(client`SELECT pg_sleep(5), 'f31-cut' AS tag`);
      await new Promise((r) => setTimeout(r, 300));
      const killed = await t.db.sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE '%f31-cut%' AND pid <> pg_backend_pid()`;
      expect(killed).toHaveLength(1);
      const e1 = await cut;
      // PgBouncer restarted under a running statement.
      const running = failure(client`SELECT pg_sleep(5)`);
      await new Promise((r) => setTimeout(r, 300));
      const back = await t.cluster.restartPgbouncer();
      const e2 = await running;
      report(
        `a statement under PgBouncer: server connection cut → ${e1?.code}; PgBouncer restarted → ${e2?.code} (answering after ${back} ms)`,
      );
      for (const e of [e1, e2]) {
        expect(e).not.toBeNull();
        expect(isDatabaseUnavailable(e)).toBe(true);
      }
      const [row] = await client`SELECT 2 AS n`;
      expect(row?.n).toBe(2);
    } finally {
      await client.end({ timeout: 1 });
    }
    for (const inst of t.cluster.instances) expect((await fetch(`${inst.base}/api/health`)).status).toBe(200);
  });

  it("SIGTERM: the requests in flight on the instance finish, then it exits; nginx sends the rest elsewhere", async () => {
    const inst = t.cluster.instances[0]!;
    const members = await seedMembers(
      t.db.sql,
      Array.from({ length: LOGINS }, (_, i) => ({ userId: `poolterm${i}` })),
    );
    // Logins hash with argon2 (≈ 110 a second per core): 48 at once keep the instance busy for a few hundred ms.
    // One login first, so the route is loaded and the 48 requests are read as soon as they arrive (a connection
    // whose request the server has not read yet when the listener closes is reset, by Node as by any server:
    // that one was not in flight).
    const since = new Date().toISOString();
    await call(inst.base, "POST", "/api/login", { body: { userId: members[0]!.userId, password: PASSWORD } });
    let settled = 0;
    let stopAt = Number.POSITIVE_INFINITY;
    let answeredAfterStop = 0;
    const inflight = members.map((m) =>
      call(inst.base, "POST", "/api/login", { body: { userId: m.userId, password: PASSWORD } }).then((a) => {
        settled++;
        if (a.status === 200 && performance.now() > stopAt) answeredAfterStop++;
        return a;
      }),
    );
    // Every request has arrived (they take a few ms to send), most are still hashing.
    await new Promise((r) => setTimeout(r, 100));
    const pendingAtStop = LOGINS - settled;
    const t0 = performance.now();
    let loginsDone = false;
    const answersP = Promise.all(inflight).then((a) => {
      loginsDone = true;
      return a;
    });
    stopAt = performance.now();
    const stopped = t.cluster.stopInstance(0);
    // A NEW connection (not one of the logins' kept-alive ones) is not served once Next has closed the listener.
    let refused = "";
    let refusedWhileLoginsRan = false;
    for (let i = 0; i < 150 && !refused; i++) {
      const r = await newConnection(inst.port);
      if (r !== 200) {
        refused = String(r);
        refusedWhileLoginsRan = !loginsDone;
      } else await new Promise((res) => setTimeout(res, 20));
    }
    const throughNginx = await Promise.all(Array.from({ length: 9 }, () => call(t.cluster.url, "GET", "/api/health")));
    const answers = await answersP;
    const code = await stopped;
    report(
      `SIGTERM: ${LOGINS} logins sent, ${pendingAtStop} still unanswered at the SIGTERM, ${answeredAfterStop} answered 200 ` +
        `after it → ${JSON.stringify(tally(answers))} (0 = never accepted: reset with the listener); ` +
        `a new connection to it → ${refused} ` +
        `(${refusedWhileLoginsRan ? "while logins were still running" : "after the logins"}); ` +
        `through nginx meanwhile ${JSON.stringify(tally(throughNginx))}; exited ${code} after ${(performance.now() - t0).toFixed(0)} ms`,
    );
    // What was in flight finished after the SIGTERM. A login the instance had not yet accepted when its
    // listener closed (still in the kernel's accept queue: 48 connections at once on two busy cores) is reset —
    // its client sees the connection fail (0), never an error answer, and nothing of it was applied: every
    // session row has its 200, and the instance logged exactly the logins it answered.
    expect(pendingAtStop, "logins still in flight when the SIGTERM was sent").toBeGreaterThan(0);
    expect(answeredAfterStop, "logins answered 200 after the SIGTERM").toBeGreaterThan(0);
    const counts = tally(answers);
    expect(Object.keys(counts).filter((k) => k !== "200" && k !== "0")).toEqual([]);
    const [sessions] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.user_id LIKE 'poolterm%'`;
    expect(sessions!.n).toBe((counts[200] ?? 0) + 1); // + the warm-up login
    const logged = t.cluster
      .logTail(0, 400)
      .split("\n")
      .filter((l) => l.startsWith("{") && l.includes('"route":"/api/login"'))
      .map((l) => JSON.parse(l) as { time: string; status: number })
      .filter((l) => l.time >= since);
    expect(logged.length).toBeGreaterThanOrEqual((counts[200] ?? 0) + 1);
    expect(logged.map((l) => l.status).filter((x) => x !== 200)).toEqual([]);
    // Refused once the listener is closed; a probe that raced into the accept queue just as it closed is reset
    // (Node, like any server, never reads it) — either way a new connection is not served.
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain(refused);
    expect(code).toBe(143);
    expect(tally(throughNginx)).toEqual({ 200: 9 });
    expect(inst.alive()).toBe(false);
    const restart = await t.cluster.startInstance(0);
    report(`SIGTERM: instance 0 started again in ${restart} ms`);
    expect(t.cluster.instances[0]!.alive()).toBe(true);
  });
});

/** GET /api/health over a connection of its own: the status, or the error code (ECONNREFUSED once closed). */
function newConnection(port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });
}
