/**
 * Benchmark (not a test): the product's hot paths next to a minimal Next 16 app (bench/baseline) and a bare
 * Node server doing the same work with postgres.js, on the production build and real PostgreSQL, measured in
 * alternating rounds of one run (product, minimal, bare, product, …) so that other load hits all alike.
 *
 *   npx tsx bench/hot-paths.ts          (or `npm run bench`; BENCH_PG_URL defaults to
 *                                        postgres://postgres@127.0.0.1:5432/postgres)
 *
 * Env: BENCH_CONNECTIONS (50), BENCH_DURATION (seconds per measurement, 5), BENCH_ROUNDS (3),
 * BENCH_NO_BUILD=1 (serve the builds already in .next and bench/baseline/.next), BENCH_BUILD=baseline (build only
 * the minimal app; the product's .next is served as it is), BENCH_NO_BARE=1 (skip the bare Node server),
 * BENCH_WRITE=1 (write the table into docs/benchmarks.md and the ratios into bench/committed.json), BENCH_ONLY=price,coins,… (a subset),
 * BENCH_PROFILE=<dir> (the product server is CPU-profiled from start, bench/support/cpu-profile.cjs, and so is the minimal
 * app; their profiles land in <dir> and <dir>/minimal when the bench ends — summarize it with `npx tsx bench/profile-summary.ts <file>` — per request, from the summary written beside it — or compare two with `… <a> --vs <b>`; profile one path at a time).
 *
 * Statements per request: the product and the minimal app count every statement they send (BEGIN and COMMIT
 * included) through postgres.js's debug hook (db/client.ts, WLD_STATEMENT_COUNT_FILE; the minimal app's own
 * counter in bench/baseline/lib/work.ts), read before and after each measurement; the statements of the
 * last product round are printed by text.
 *
 * Paths: GET /api/price/WLD; a member's coins (session included); a swap of 0.01 (one member per connection)
 * against a transfer transaction; POST /api/login against the argon2id bound (verifies per second on all cores,
 * measured in the login's alternating rounds); /home (logged in) against a dynamic page with one query; /login against a dynamic page.
 * CPU per request is the server process group's user+system time over the requests it answered.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { verify } from "@node-rs/argon2";
import { startFakeUpstream } from "../tests/support/fake-upstream";
import { writeSummary } from "./profile-summary";
import { login, PASSWORD, seedMembers } from "../tests/system/support/api";
import { createScratchDatabase, freePort, killAll, startInstance } from "../tests/system/support/cluster";

type Result = {
  requests: { average: number; total: number; sent?: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
  duration: number;
};
type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Opts = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: {
    method?: string;
    setupRequest: (req: Req, context: Record<string, unknown>) => Req;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }[];
};
const autocannon = createRequire(import.meta.url)("autocannon") as (o: Opts) => Promise<Result>;

const root = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(root, "node_modules/next/dist/bin/next");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const NO_BARE = process.env.BENCH_NO_BARE === "1";
process.env.TEST_DATABASE_URL ??= process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** User+system CPU milliseconds of every process `which` picks by its command name and stat fields (Linux /proc). */
function cpuMsOf(which: (command: string, fields: string[]) => boolean): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      // After the command name: fields[2] = pgrp, fields[11] = utime, fields[12] = stime.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (which(command, fields)) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Every process in the group led by `pid`. */
const groupCpuMs = (pid: number) => cpuMsOf((_, fields) => Number(fields[2]) === pid);
/** Every PostgreSQL server process (the bench's database server, shared by all). */
const postgresCpuMs = () => cpuMsOf((command) => command === "postgres");

type Target = { name: string; pid: number; countFile?: string; opts: Omit<Opts, "connections" | "duration"> };
type Sample = {
  rps: number;
  cpuMsPerReq: number;
  /** PostgreSQL's CPU over the requests answered (its own processes, on the same cores). */
  pgMsPerReq: number;
  p50: number;
  p99: number;
  bad: number;
  stmtsPerReq: number;
  byText: [string, number][];
};

type StatementCounts = { total: number; counts: Record<string, number> };
const COUNT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "wld-bench-stmts-"));
const countFileOf = (who: string) => path.join(COUNT_DIR, `${who}.json`);
function readCounts(file: string | undefined): StatementCounts {
  try {
    return file ? (JSON.parse(fs.readFileSync(file, "utf8")) as StatementCounts) : { total: 0, counts: {} };
  } catch {
    return { total: 0, counts: {} };
  }
}

/** Requests each server answered under load (warm-ups included), by pid: written beside its CPU profile. */
const answered = new Map<number, number>();
const countAnswered = (t: Target, r: Result) => answered.set(t.pid, (answered.get(t.pid) ?? 0) + r.requests.total);

async function measure(t: Target, duration = DURATION): Promise<Sample> {
  const cpu0 = groupCpuMs(t.pid);
  const pg0 = postgresCpuMs();
  const st0 = readCounts(t.countFile);
  refillMembers();
  const r = await autocannon({ ...t.opts, connections: CONNECTIONS, duration });
  const cpu = groupCpuMs(t.pid) - cpu0;
  const pg = postgresCpuMs() - pg0;
  countAnswered(t, r);
  await sleep(500); // the counters are written every 200 ms
  const st1 = readCounts(t.countFile);
  // Statements are read after the requests still in flight at the end have finished: divide by all sent.
  const n = Math.max(r.requests.sent ?? 0, r.requests.total) || 1;
  const s: Sample = {
    rps: r.requests.average,
    cpuMsPerReq: r.requests.total ? cpu / r.requests.total : 0,
    pgMsPerReq: r.requests.total ? pg / r.requests.total : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
    stmtsPerReq: t.countFile ? (st1.total - st0.total) / n : Number.NaN,
    byText: Object.entries(st1.counts)
      .map(([k, v]) => [k, (v - (st0.counts[k] ?? 0)) / n] as [string, number])
      .filter(([, v]) => v >= 0.01)
      .sort((a, b) => b[1] - a[1]),
  };
  console.log(
    `  ${t.name.padEnd(34)} ${s.rps.toFixed(0).padStart(6)} req/s  ${s.cpuMsPerReq.toFixed(2)} ms CPU/req (PostgreSQL ${s.pgMsPerReq.toFixed(2)})  p50 ${s.p50} ms  p99 ${s.p99} ms${Number.isNaN(s.stmtsPerReq) ? "" : `  ${s.stmtsPerReq.toFixed(2)} statements/req`}${
      s.bad
        ? `  non-2xx/errors ${s.bad} (${Object.entries(r.statusCodeStats ?? {})
            .map(([code, v]) => `${code}: ${v.count}`)
            .join(", ")})`
        : ""
    }`,
  );
  return s;
}

/**
 * Members handed out so that no two requests in flight act for the same member: autocannon clears its
 * per-connection context every time a connection's request list starts over (after every request, for a list of
 * one), so a member is taken from this pool when a connection's list starts and given back with the list's last
 * answer. The pool is filled again before each measurement (requests abandoned at the end of one never answer);
 * if it ever runs dry, members are handed out in turn.
 */
const MEMBER_SLOTS = CONNECTIONS;
let freeMembers: number[] = [];
let nextShared = 0;
const refillMembers = () => {
  freeMembers = Array.from({ length: MEMBER_SLOTS }, (_, i) => MEMBER_SLOTS - 1 - i);
};
const takeMember = (context: Record<string, unknown>) => {
  context.i = freeMembers.pop() ?? nextShared++ % MEMBER_SLOTS;
  return context.i as number;
};
const giveMember = (context: Record<string, unknown>) => {
  if (typeof context.i === "number" && !freeMembers.includes(context.i)) freeMembers.push(context.i);
};

/** One request a member, no member in two requests at once (see takeMember). */
function perConnection(make: (i: number) => Req) {
  return [
    {
      setupRequest: (req: Req, context: Record<string, unknown>) => ({ ...req, ...make(takeMember(context)) }),
      onResponse: (_status: number, _body: string, context: Record<string, unknown>) => giveMember(context),
    },
  ];
}

function spawnGroup(cmd: string, args: string[], env: Record<string, string>, cwd = root): ChildProcess {
  return spawn(cmd, args, {
    cwd,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
}

async function waitFor(url: string, child: ChildProcess, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(300);
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * The argon2id bound: verifies per second with the product's parameters (lib/auth/password-hash.ts) on every core at
 * once (one async verify in flight per core, on the libuv pool), measured for `seconds` — taken in the login
 * path's alternating rounds, so that other load on the machine weighs on the bound as on the product.
 */
async function argon2Bound(seconds: number): Promise<number> {
  const { hashPassword } = await import("@/lib/auth/password-hash");
  const stored = await hashPassword(PASSWORD);
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  let n = 0;
  await Promise.all(
    Array.from({ length: os.availableParallelism() }, async () => {
      while (performance.now() < until) {
        await verify(stored, PASSWORD);
        n++;
      }
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

async function main() {
  // BENCH_BUILD=baseline: the product's build in .next is used as it is (CI's browser tests just made it).
  const builds = [["build"], ["build", "--webpack", "bench/baseline"]].filter(
    (args) => process.env.BENCH_BUILD !== "baseline" || args.includes("bench/baseline"),
  );
  if (process.env.BENCH_NO_BUILD !== "1") {
    console.log(`building ${builds.length === 2 ? "the product and " : ""}the minimal app (production builds)…`);
    // The minimal app builds with webpack: Turbopack, rooted at the repository (for node_modules), also picks
    // up the product's middleware.ts and instrumentation.ts and fails on their imports.
    for (const args of builds) {
      const r = spawnSync("flock", ["/tmp/wld-e2e.lock", process.execPath, NEXT_BIN, ...args], {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      });
      if (r.status !== 0) throw new Error(`next ${args.join(" ")} failed`);
    }
  }

  const fake = await startFakeUpstream();
  const db = await createScratchDatabase("bench");
  const children: ChildProcess[] = [];
  const stop = () => {
    killAll();
    for (const c of children)
      try {
        process.kill(-c.pid!, "SIGKILL");
      } catch {}
  };
  try {
    const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
    if (profileDir) fs.mkdirSync(path.join(profileDir, "minimal"), { recursive: true });
    const profiled = (dir: string | null): Record<string, string> =>
      dir
        ? { NODE_OPTIONS: `--require ${path.join(root, "bench/support/cpu-profile.cjs")}`, WLD_CPU_PROFILE_DIR: dir }
        : {};
    const app = await startInstance("bench", db.url, {
      UPBIT_API_URL: fake.url,
      BINANCE_API_URL: fake.url,
      SIGNUP_LIMIT_PER_HOUR: "100000",
      // One administrator funds every member (1,000 WLD each): more in a day than four-eyes lets one person move.
      FOUR_EYES_LIMIT: "1000000000",
      WLD_STATEMENT_COUNT_FILE: countFileOf("product"),
      ...profiled(profileDir),
    });
    const minimalPort = await freePort();
    // Two ports asked for before either server listens can come back equal: ask until they differ.
    let barePort = await freePort();
    while (barePort === minimalPort) barePort = await freePort();
    process.env.DATABASE_URL = db.url;
    const work = await import("./baseline/lib/work");
    const baselineCookies = await work.setupBaseline(CONNECTIONS);
    const minimal = spawnGroup(
      process.execPath,
      [NEXT_BIN, "start", "bench/baseline", "-p", String(minimalPort), "-H", "127.0.0.1"],
      {
        NODE_ENV: "production",
        DATABASE_URL: db.url,
        BASELINE_STATEMENT_COUNT_FILE: countFileOf("minimal"),
        ...profiled(profileDir && path.join(profileDir, "minimal")),
      },
    );
    const bare = spawnGroup(process.execPath, ["--import", "tsx", "bench/baseline/bare.ts"], {
      BARE_PORT: String(barePort),
      DATABASE_URL: db.url,
    });
    children.push(minimal, bare);
    const M = `http://127.0.0.1:${minimalPort}`;
    const B = `http://127.0.0.1:${barePort}`;
    await waitFor(`${M}/api/price`, minimal);
    await waitFor(`${B}/api/price`, bare);

    // One member per connection, each holding 1,000 WLD, each logged in once.
    const [admin] = await seedMembers(db.sql, [{ userId: "benchadmin", role: "ADMIN" }]);
    const adminCookie = await login(app.base, admin!.userId, PASSWORD);
    const members = await seedMembers(
      db.sql,
      Array.from({ length: CONNECTIONS }, (_, i) => ({
        userId: `bench${i}`,
        idStatus: "APPROVED" as const,
        walletAddr: `OP|Upbit|0x${(i + 1).toString(16).padStart(40, "0")}`,
      })),
    );
    const cookies: string[] = [];
    for (const m of members) {
      const credit = await fetch(`${app.base}/api/admin/users/${m.id}/coin`, {
        method: "PATCH",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ symbol: "WLD", amount: "1000", action: "DEPOSIT" }),
      });
      // 200: credited (a 202 would be a proposal waiting for a second administrator, nothing credited).
      if (credit.status !== 200) throw new Error(`credit ${m.userId}: ${credit.status} ${await credit.text()}`);
      const cookie = await login(app.base, m.userId, PASSWORD);
      cookies.push(cookie);
      // Staked WLD is what a transfer request sends: the member locks 500 of the 1,000.
      const stake = await fetch(`${app.base}/api/users/${m.userId}/swap`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ amount: "500" }),
      });
      if (!stake.ok) throw new Error(`stake ${m.userId}: ${stake.status} ${await stake.text()}`);
    }

    const P = app.base;
    const json = { "content-type": "application/json" };
    const appPid = app.child.pid!;
    const productCount = countFileOf("product");
    const minimalCount = countFileOf("minimal");
    const unsettled = new Set<number>(); // members whose last open may still be pending
    // Swap and the transfer request are both compared with this one transaction of the minimal app.
    const minimalTransfer: Target = {
      name: "minimal Next transfer transaction",
      pid: minimal.pid!,
      countFile: minimalCount,
      opts: {
        url: `${M}/api/transfer`,
        method: "POST",
        requests: perConnection((i) => ({
          method: "POST",
          headers: { ...json, cookie: baselineCookies[i % baselineCookies.length]! },
          body: '{"amount":"0.01"}',
        })),
      },
    };
    const paths: { key: string; label: string; product: Target; minimal?: Target; bare?: Target }[] = [
      {
        key: "price",
        label: "GET /api/price/WLD",
        product: {
          name: "product GET /api/price/WLD",
          pid: appPid,
          countFile: productCount,
          opts: { url: `${P}/api/price/WLD` },
        },
        minimal: {
          name: "minimal Next route",
          pid: minimal.pid!,
          countFile: minimalCount,
          opts: { url: `${M}/api/price` },
        },
        bare: { name: "bare Node", pid: bare.pid!, opts: { url: `${B}/api/price` } },
      },
      {
        key: "coins",
        label: "a member's coins (session included)",
        product: {
          name: "product GET /api/users/coins/:id",
          pid: appPid,
          countFile: productCount,
          opts: {
            url: P,
            requests: perConnection((i) => ({
              path: `/api/users/coins/${members[i % members.length]!.userId}`,
              headers: { cookie: cookies[i % cookies.length]! },
            })),
          },
        },
        minimal: {
          name: "minimal Next route",
          pid: minimal.pid!,
          countFile: minimalCount,
          opts: {
            url: `${M}/api/coins`,
            requests: perConnection((i) => ({ headers: { cookie: baselineCookies[i % baselineCookies.length]! } })),
          },
        },
        bare: {
          name: "bare Node",
          pid: bare.pid!,
          opts: {
            url: `${B}/api/coins`,
            requests: perConnection((i) => ({ headers: { cookie: baselineCookies[i % baselineCookies.length]! } })),
          },
        },
      },
      {
        key: "swap",
        label: "swap 0.01 (one member per connection)",
        product: {
          name: "product POST /api/users/:id/swap",
          pid: appPid,
          countFile: productCount,
          opts: {
            url: P,
            method: "POST",
            requests: perConnection((i) => ({
              method: "POST",
              path: `/api/users/${members[i % members.length]!.userId}/swap`,
              headers: { ...json, cookie: cookies[i % cookies.length]! },
              body: '{"amount":"0.01"}',
            })),
          },
        },
        minimal: minimalTransfer,
        bare: {
          name: "bare Node transfer transaction",
          pid: bare.pid!,
          opts: {
            url: `${B}/api/transfer`,
            method: "POST",
            requests: perConnection((i) => ({
              method: "POST",
              headers: { ...json, cookie: baselineCookies[i % baselineCookies.length]! },
              body: '{"amount":"0.01"}',
            })),
          },
        },
      },
      {
        // A member opens a transfer request of 5 WLD (the minimum; the hold: one posting) and cancels it (the
        // release), back to back on each connection; every answer counts. Compared with the same transfer
        // transaction as swap.
        key: "transfer",
        label: "transfer request: open + cancel",
        product: {
          name: "product transfer request + cancel",
          pid: appPid,
          countFile: productCount,
          opts: {
            url: P,
            requests: [
              {
                method: "POST",
                setupRequest: (req, context) => {
                  const cookie = cookies[takeMember(context) % cookies.length]!;
                  // A round can end between a member's open and its cancel: that member's next open answers
                  // 409 DUPLICATE_PENDING, so the next cycle for that member reads the pending id and cancels it.
                  context.finding = unsettled.has(context.i as number);
                  if (context.finding)
                    return {
                      ...req,
                      method: "GET",
                      path: "/api/transfer-requests?status=PENDING",
                      headers: { cookie },
                    };
                  return {
                    ...req,
                    method: "POST",
                    path: "/api/transfer-requests",
                    headers: { ...json, cookie },
                    body: '{"coinSymbol":"WLD","amount":"5","type":"TRANSFER"}',
                  };
                },
                onResponse: (status, body, context) => {
                  const i = context.i as number;
                  if (context.finding) {
                    unsettled.delete(i);
                    context.open = (JSON.parse(body) as { items?: { id: number }[] }).items?.[0]?.id ?? 0;
                    return;
                  }
                  if (status === 409) unsettled.add(i);
                  context.open = status === 201 ? (JSON.parse(body) as { request: { id: number } }).request.id : 0;
                },
              },
              {
                method: "DELETE",
                setupRequest: (req, context) => ({
                  ...req,
                  method: "DELETE",
                  path: `/api/transfer-requests/${context.open || 0}`,
                  headers: { cookie: cookies[(context.i as number) % cookies.length]! },
                }),
                onResponse: (_status, _body, context) => giveMember(context),
              },
            ],
          },
        },
        minimal: minimalTransfer,
      },
      {
        key: "login",
        label: "POST /api/login",
        product: {
          name: "product POST /api/login",
          pid: appPid,
          countFile: productCount,
          opts: {
            url: `${P}/api/login`,
            method: "POST",
            requests: perConnection((i) => ({
              method: "POST",
              headers: json,
              body: JSON.stringify({ userId: members[i % members.length]!.userId, password: PASSWORD }),
            })),
          },
        },
      },
      {
        key: "home",
        label: "/home (logged in)",
        product: {
          name: "product GET /home",
          pid: appPid,
          countFile: productCount,
          opts: {
            url: `${P}/home`,
            requests: perConnection((i) => ({ headers: { cookie: cookies[i % cookies.length]! } })),
          },
        },
        minimal: {
          name: "minimal dynamic page, one query",
          pid: minimal.pid!,
          countFile: minimalCount,
          opts: { url: `${M}/page-db` },
        },
      },
      {
        key: "login-page",
        label: "/login page",
        product: { name: "product GET /login", pid: appPid, countFile: productCount, opts: { url: `${P}/login` } },
        minimal: {
          name: "minimal dynamic page",
          pid: minimal.pid!,
          countFile: minimalCount,
          opts: { url: `${M}/page-plain` },
        },
      },
    ];

    const rows: string[] = [];
    const figures: Record<string, { product: number; baseline: number; ratio: number }> = {};
    for (const p of paths) {
      if (ONLY.length && !ONLY.includes(p.key)) continue;
      console.log(`\n${p.label}`);
      const targets = [p.product, p.minimal, NO_BARE ? undefined : p.bare].filter(Boolean) as Target[];
      for (const t of targets) {
        refillMembers();
        countAnswered(t, await autocannon({ ...t.opts, connections: 10, duration: 2 })); // warm-up
      }
      const samples = new Map<Target, Sample[]>(targets.map((t) => [t, []]));
      const bounds: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (const t of targets) samples.get(t)!.push(await measure(t));
        if (p.key === "login") bounds.push(await argon2Bound(DURATION));
      }
      const med = (t: Target | undefined) =>
        t && {
          rps: median(samples.get(t)!.map((s) => s.rps)),
          min: Math.min(...samples.get(t)!.map((s) => s.rps)),
          max: Math.max(...samples.get(t)!.map((s) => s.rps)),
          cpu: median(samples.get(t)!.map((s) => s.cpuMsPerReq)),
          pg: median(samples.get(t)!.map((s) => s.pgMsPerReq)),
          stmts: median(samples.get(t)!.map((s) => s.stmtsPerReq)),
          bad: samples.get(t)!.reduce((a, s) => a + s.bad, 0),
        };
      const last = samples.get(p.product)!.at(-1)!;
      console.log("  product statements per request (last round):");
      for (const [text, n] of last.byText.slice(0, 15)) console.log(`    ${n.toFixed(2)}  ${text}`);
      const prod = med(p.product)!;
      let baseline = med(p.minimal);
      const stmtText = (x: { stmts: number }) => (Number.isNaN(x.stmts) ? "" : `, ${x.stmts.toFixed(1)} statements`);
      let baselineText = baseline
        ? `${baseline.rps.toFixed(0)} (${baseline.cpu.toFixed(2)} ms CPU${stmtText(baseline)})`
        : "—";
      if (p.key === "login") {
        const cores = os.availableParallelism();
        const bound = median(bounds);
        baseline = { rps: bound, min: 0, max: 0, cpu: (1000 * cores) / bound, pg: 0, stmts: Number.NaN, bad: 0 };
        baselineText = `${bound.toFixed(0)} (argon2id bound: verifies/s on all ${cores} cores, ${(bound / cores).toFixed(0)} per core)`;
      }
      const bareS = med(NO_BARE ? undefined : p.bare);
      const ratio = baseline ? prod.rps / baseline.rps : Number.NaN;
      figures[p.key] = { product: prod.rps, baseline: baseline?.rps ?? 0, ratio };
      rows.push(
        `| ${p.label} | ${prod.rps.toFixed(0)} (${prod.min.toFixed(0)}–${prod.max.toFixed(0)}) | ${baselineText} | ${bareS ? bareS.rps.toFixed(0) : "—"} | ${Number.isNaN(ratio) ? "—" : ratio.toFixed(2)} | ${prod.cpu.toFixed(2)} ms${prod.bad ? ` (${prod.bad} non-2xx)` : ""} | ${Number.isNaN(prod.stmts) ? "—" : prod.stmts.toFixed(1)} | ${prod.pg.toFixed(2)} ms${p.key === "login" || !baseline ? "" : ` / ${baseline.pg.toFixed(2)} ms`} |`,
      );
    }

    const table = [
      "| path | product req/s (round min–max) | minimal Next (or bound) | bare Node | ratio | product CPU per request | product statements per request | PostgreSQL CPU per request, product / minimal |",
      "|---|---|---|---|---|---|---|---|",
      ...rows,
    ].join("\n");
    const header = `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${(await db.sql`SHOW server_version`)[0]!.server_version}; autocannon ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s, medians.`;
    console.log(`\n${header}\n\n${table}`);

    const resultsDir = path.join(root, "bench", "results");
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, "hot-paths-latest.json"),
      `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, rounds: ROUNDS, duration: DURATION, figures }, null, 2)}\n`,
    );
    if (process.env.BENCH_WRITE === "1") {
      const doc = path.join(root, "docs", "benchmarks.md");
      const start = "<!-- hot-paths:start -->";
      const end = "<!-- hot-paths:end -->";
      const text = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : `# Benchmarks\n\n${start}\n${end}\n`;
      const block = `${start}\n${header}\n\n${table}\n${end}`;
      const next = text.includes(start)
        ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
        : `${text.trimEnd()}\n\n${block}\n`;
      fs.writeFileSync(doc, next);
      // The ratios bench/check.ts (CI) holds later runs to.
      const committed = path.join(root, "bench", "committed.json");
      const before = fs.existsSync(committed) ? JSON.parse(fs.readFileSync(committed, "utf8")).ratios : {};
      const ratios = {
        ...before,
        ...Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, Number(f.ratio.toFixed(2))])),
      };
      fs.writeFileSync(committed, `${JSON.stringify({ measured: new Date().toISOString(), ratios }, null, 2)}\n`);
      console.log(`written ${path.relative(root, doc)} and ${path.relative(root, committed)}`);
    }
    if (profileDir) {
      // bench/support/cpu-profile.cjs writes the profile and exits on SIGUSR2 (SIGKILL would lose it).
      process.kill(-appPid, "SIGUSR2");
      process.kill(-minimal.pid!, "SIGUSR2");
      const minimalAlive = () => minimal.exitCode === null && minimal.signalCode === null;
      for (let i = 0; i < 100 && (app.alive() || minimalAlive()); i++) await sleep(100);
      const files = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
      // Summarized now, while .next holds the build that ran (its source maps name our code), per request answered
      // under load (the setup's own requests, a few hundred logins and seeds, are not counted).
      for (const [dir, pid] of [
        [profileDir, appPid],
        [path.join(profileDir, "minimal"), minimal.pid!],
      ] as const)
        for (const f of files(dir)) writeSummary(path.join(dir, f), answered.get(pid) ?? 0);
      console.log(`CPU profiles: product ${files(profileDir).join(", ")} in ${profileDir}`);
      console.log(
        `  minimal ${files(path.join(profileDir, "minimal")).join(", ")} in ${path.join(profileDir, "minimal")}`,
      );
    }
  } finally {
    stop();
    await fake.close();
    await closeBaseline();
    await db.drop();
  }
}

async function closeBaseline() {
  try {
    const work = await import("./baseline/lib/work");
    await work.sql.end({ timeout: 2 });
  } catch {}
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    killAll();
    process.exit(1);
  },
);
