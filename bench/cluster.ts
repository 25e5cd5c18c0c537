/**
 * Benchmark (not a test): one app instance against two, three and four behind nginx, with
 * PgBouncer (transaction pooling) in front of PostgreSQL — the deployment of deploy/, started by
 * scripts/cluster/launcher.ts on the standalone build. Through the proxy: a member's coins (session included) and
 * a swap of 0.01 (one member per connection), the hot paths of bench/hot-paths.ts.
 *
 *   npx tsx bench/cluster.ts            (BENCH_PG_URL defaults to postgres://postgres@127.0.0.1:5432/postgres)
 *
 * Env: BENCH_CONNECTIONS (50), BENCH_DURATION (seconds per measurement, 5), BENCH_ROUNDS (2), BENCH_INSTANCES
 * (1,2,3,4), BENCH_PORT (base port, 7400), BENCH_POOL (PgBouncer's server connections, 20), BENCH_WRITE=1 (the
 * table goes into docs/benchmarks.md between the cluster markers).
 *
 * Where the curve flattens: during each measurement the CPU time of every part is read from /proc — the app
 * instances (their process groups), nginx, PgBouncer, PostgreSQL (its backends) and the load generator (this
 * process) — as a share of the machine's cores, next to the machine's idle time. A part near its ceiling (one
 * core for single-threaded PgBouncer, all cores in all) is the bottleneck.
 *
 * Rounds alternate over the instance counts (1, 2, 3, 4, 1, 2, …) so that other load on the machine hits all
 * alike; each count gets a fresh cluster on the same database, each instance is warmed up on both paths directly,
 * and the medians are reported.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createDatabase, dropRole, grantAppRole, migrateDirect, startCluster } from "../scripts/cluster/launcher";
import { buildIfNeeded, ROOT, stageStandalone } from "../scripts/cluster/standalone";
import { login, PASSWORD, seedMembers } from "../tests/system/support/api";
import { saveResult } from "./support/results";

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
const autocannon = createRequire(import.meta.url)("autocannon") as (o: Record<string, unknown>) => Promise<Result>;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const COUNTS = (process.env.BENCH_INSTANCES ?? "1,2,3,4").split(",").map(Number);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 7400);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CORES = os.cpus().length;
const TICK_MS = 10; // USER_HZ = 100

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// ─── CPU by part, from /proc ───────────────────────────────────────────────────

type Part = "app" | "nginx" | "pgbouncer" | "postgres" | "loadgen";
const PARTS: Part[] = ["app", "nginx", "pgbouncer", "postgres", "loadgen"];

/** CPU milliseconds so far of each part: the app by process group, the others by command name. */
function cpuByPart(appGroups: Set<number>): Record<Part, number> {
  const out: Record<Part, number> = { app: 0, nginx: 0, pgbouncer: 0, postgres: 0, loadgen: 0 };
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(f[11]) + Number(f[12])) * TICK_MS;
    if (Number(entry) === process.pid) out.loadgen += ms;
    else if (appGroups.has(Number(f[2]))) out.app += ms;
    else if (comm === "nginx") out.nginx += ms;
    else if (comm === "pgbouncer") out.pgbouncer += ms;
    else if (comm === "postgres") out.postgres += ms;
  }
  return out;
}

/** The machine's idle and total jiffies (all cores), from /proc/stat. */
function machine(): { idle: number; total: number } {
  const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: cpu[3]! + (cpu[4] ?? 0), total: cpu.reduce((a, b) => a + b, 0) };
}

// ─── one member per request in flight (as bench/hot-paths.ts) ─────────────────

let free: number[] = [];
const refill = () => {
  free = Array.from({ length: CONNECTIONS }, (_, i) => CONNECTIONS - 1 - i);
};
function perConnection(make: (i: number) => Req) {
  let shared = 0;
  return [
    {
      setupRequest: (req: Req, ctx: Record<string, unknown>) => {
        ctx.i = free.pop() ?? shared++ % CONNECTIONS;
        return { ...req, ...make(ctx.i as number) };
      },
      onResponse: (_s: number, _b: string, ctx: Record<string, unknown>) => {
        if (typeof ctx.i === "number" && !free.includes(ctx.i)) free.push(ctx.i);
      },
    },
  ];
}

type Sample = { rps: number; p50: number; p99: number; bad: number; share: Record<Part, number>; busy: number };

async function measure(url: string, requests: unknown, method: string, appGroups: Set<number>): Promise<Sample> {
  refill();
  const c0 = cpuByPart(appGroups);
  const m0 = machine();
  const t0 = performance.now();
  const r = await autocannon({ url, method, connections: CONNECTIONS, duration: DURATION, requests });
  const wallMs = performance.now() - t0;
  const c1 = cpuByPart(appGroups);
  const m1 = machine();
  const share = Object.fromEntries(PARTS.map((p) => [p, (c1[p] - c0[p]) / wallMs])) as Record<Part, number>;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
    share, // cores busy with each part (0 … CORES)
    busy: CORES * (1 - (m1.idle - m0.idle) / (m1.total - m0.total)),
  };
}

// ─── the run ──────────────────────────────────────────────────────────────────

type Row = { instances: number; path: "coins" | "swap"; samples: Sample[] };

async function main() {
  buildIfNeeded((l) => console.log(`[bench] ${l}`));
  const runDir = path.join(ROOT, ".cluster-bench");
  fs.mkdirSync(runDir, { recursive: true, mode: 0o755 });
  const buildId = stageStandalone(path.join(runDir, "app"));
  const dbName = `wld_bench_cluster_${process.pid}`;
  const directUrl = await createDatabase(PG_URL, dbName);
  migrateDirect(directUrl);
  const appRole = grantAppRole(directUrl, `${dbName}_app`);
  const sql = postgres(directUrl, { max: 2, onnotice: () => {} });
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(48).toString("base64url"),
    FILE_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
  };
  console.log(
    `cluster bench: build ${buildId}, ${CORES} cores, ${CONNECTIONS} connections, ${DURATION} s per measurement, ` +
      `${ROUNDS} rounds over ${COUNTS.join("/")} instances, PgBouncer pool ${POOL}`,
  );

  const members = await seedMembers(
    sql,
    Array.from({ length: CONNECTIONS }, (_, i) => ({ userId: `cbench${i}`, idStatus: "APPROVED" as const })),
  );
  const rows: Row[] = COUNTS.flatMap((n) => [
    { instances: n, path: "coins" as const, samples: [] },
    { instances: n, path: "swap" as const, samples: [] },
  ]);
  let cookies: string[] = [];
  let funded = false;
  const requestsOf = (p: Row["path"]) =>
    p === "coins"
      ? perConnection((i) => ({ path: `/api/users/coins/${members[i]!.userId}`, headers: { cookie: cookies[i]! } }))
      : perConnection((i) => ({
          method: "POST",
          path: `/api/users/${members[i]!.userId}/swap`,
          headers: { "content-type": "application/json", cookie: cookies[i]! },
          body: '{"amount":"0.01"}',
        }));

  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of COUNTS) {
        // PgBouncer (as postgres) and nginx's workers must be able to walk into the run directory.
        fs.mkdirSync(path.join(runDir, `run-${n}`), { recursive: true, mode: 0o755 });
        const cluster = await startCluster({
          instances: n,
          directUrl,
          appRole,
          appDir: path.join(runDir, "app"),
          runDir: path.join(runDir, `run-${n}`),
          port: BASE_PORT,
          pgbouncerPort: BASE_PORT + 50,
          poolSize: POOL,
          secrets,
          // FOUR_EYES_LIMIT: one administrator funds every member, more in a day than four-eyes lets one person move.
          env: { ADMIN_2FA: "optional", SIGNUP_LIMIT_PER_HOUR: "100000", FOUR_EYES_LIMIT: "1000000000" },
          log: () => {},
        });
        try {
          if (!funded) {
            await fund(cluster.url, sql, members);
            funded = true;
          }
          // Sessions are rows in PostgreSQL and cookies are signed with the shared secret: one login serves
          // every cluster of the run.
          if (!cookies.length) cookies = await Promise.all(members.map((m) => login(cluster.url, m.userId, PASSWORD)));
          const groups = new Set(cluster.instances.map((i) => i.child.pid!));
          // Warm-up on each instance directly (not through nginx, so every one of them gets it): both measured
          // paths, long enough for V8 to optimize them — otherwise more instances would mean more cold code.
          for (const inst of cluster.instances)
            for (const p of ["coins", "swap"] as const) {
              refill();
              await autocannon({
                url: inst.base,
                method: p === "swap" ? "POST" : "GET",
                connections: 10,
                amount: 600,
                requests: requestsOf(p),
              });
            }
          for (const row of rows.filter((r) => r.instances === n)) {
            const s = await measure(cluster.url, requestsOf(row.path), row.path === "swap" ? "POST" : "GET", groups);
            row.samples.push(s);
            console.log(
              `  round ${round + 1} · ${n} instance(s) · ${row.path.padEnd(5)} ${s.rps.toFixed(0).padStart(5)} req/s  ` +
                `p50 ${s.p50} ms  p99 ${s.p99} ms  cores busy ${s.busy.toFixed(2)}/${CORES}: ` +
                PARTS.map((p) => `${p} ${s.share[p].toFixed(2)}`).join(", ") +
                `, other ${other(s).toFixed(2)}` +
                (s.bad ? `  non-2xx/errors ${s.bad}` : ""),
            );
          }
        } finally {
          await cluster.stop();
        }
      }
    }
  } finally {
    await sql.end();
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await dropRole(PG_URL, appRole.name).catch(() => {});
  }

  const table = report(rows);
  console.log(`\n${table}`);
  saveResult("cluster", { buildId, cores: CORES, connections: CONNECTIONS, duration: DURATION, rows });
  if (process.env.BENCH_WRITE === "1") writeDocs(table);
}

/**
 * 1,000 WLD for every member, credited by an ADMIN through the API as the console does (the instances' FOUR_EYES_LIMIT
 * lets one administrator fund them all; 200 only: a 202 is a proposal, nothing credited). A member swaps 0.01 per
 * request, a few WLD over the whole run.
 */
async function fund(url: string, sql: postgres.Sql, members: { id: number; userId: string }[]) {
  const [admin] = await seedMembers(sql, [{ userId: "cbenchadmin", role: "ADMIN" }]);
  const cookie = await login(url, admin!.userId, PASSWORD);
  for (const m of members) {
    const r = await fetch(`${url}/api/admin/users/${m.id}/coin`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ symbol: "WLD", amount: "1000", action: "DEPOSIT" }),
    });
    if (r.status !== 200) throw new Error(`credit ${m.userId}: ${r.status} ${await r.text()}`);
  }
}

/** Cores busy with something else than the parts (another program on the machine): it should be near 0. */
const other = (s: Sample) => Math.max(0, s.busy - PARTS.reduce((a, p) => a + s.share[p], 0));

function report(rows: Row[]): string {
  const one = (p: Row["path"]) =>
    median(rows.find((r) => r.instances === COUNTS[0] && r.path === p)!.samples.map((s) => s.rps));
  const lines = [
    "| instances | path | req/s (median) | × one instance | p50 / p99 ms | cores busy (of " +
      `${CORES}) | app | nginx | PgBouncer | PostgreSQL | load generator | other | app CPU ms per request |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const rps = median(r.samples.map((s) => s.rps));
    const m = (f: (s: Sample) => number) => median(r.samples.map(f)).toFixed(2);
    lines.push(
      `| ${r.instances} | ${r.path === "coins" ? "a member's coins" : "swap 0.01"} | ${rps.toFixed(0)} | ${(rps / one(r.path)).toFixed(2)} | ` +
        `${median(r.samples.map((s) => s.p50))} / ${median(r.samples.map((s) => s.p99))} | ${m((s) => s.busy)} | ` +
        PARTS.map((p) => m((s) => s.share[p])).join(" | ") +
        ` | ${m(other)} | ${((1000 * median(r.samples.map((s) => s.share.app))) / rps).toFixed(2)} |`,
    );
  }
  return lines.join("\n");
}

function writeDocs(table: string) {
  const file = path.join(ROOT, "docs/benchmarks.md");
  const text = fs.readFileSync(file, "utf8");
  const start = "<!-- cluster:start -->";
  const end = "<!-- cluster:end -->";
  const block = `${start}\n${table}\n${end}`;
  const next = text.includes(start)
    ? text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length)
    : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
