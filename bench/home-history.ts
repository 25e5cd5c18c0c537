/**
 * Benchmark: a member page costs the same for every member, however long their history (docs/benchmarks.md).
 * The production build on real PostgreSQL, as bench/hot-paths.ts serves it; `/home` and `/wallet` requested
 * logged in, in alternating rounds, for a member with almost no history and for one with 1,000 swaps, 500
 * requests (transfers, withdrawals and deposits in every status) and 1,000 notifications; the figure is the
 * server's CPU per page (its process group's user+system time over the pages it answered, as hot-paths.ts
 * measures it), with the statements per page from the server's own counter (WLD_STATEMENT_COUNT_FILE).
 * Fails (exit 1) when the long history's CPU per page is 10 % or more above the short one's, on either page.
 *
 *   npx tsx bench/home-history.ts      (or `npm run bench`; BENCH_PG_URL defaults to
 *                                       postgres://postgres@127.0.0.1:5432/postgres)
 *
 * Env: BENCH_CONNECTIONS (10), BENCH_DURATION (seconds per measurement, 3), BENCH_ROUNDS (8),
 * BENCH_NO_BUILD=1 (serve the build already in .next).
 *
 * Both members have an approved ID, were credited 1,000 WLD by an administrator and swapped once through the
 * API, so both screens show the same figures' shapes. The long history's swaps go through the API too; its
 * requests (with their events) and notifications are written set-based, the rows the request and notification
 * code writes (as scripts/scale/generate.ts does); the requests' ledger postings are left out (neither page
 * reads a request or a posting).
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { startFakeUpstream } from "../tests/support/fake-upstream";
import { login, PASSWORD, seedMembers, storeWldPrice } from "../tests/system/support/api";
import { createScratchDatabase, killAll, startInstance } from "../tests/system/support/cluster";
import { saveResult } from "./support/results";

type Result = { requests: { total: number; sent?: number }; non2xx: number; errors: number };
type Opts = { url: string; connections: number; duration: number; headers?: Record<string, string> };
const autocannon = createRequire(import.meta.url)("autocannon") as (o: Opts) => Promise<Result>;

const root = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(root, "node_modules/next/dist/bin/next");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
/** The goal: the long history's page costs less than 10 % more CPU than the short one's. */
export const MAX_GAP = 0.1;
const PAGES = ["/home", "/wallet"] as const;
const HISTORY = { swaps: 1000, requests: 500, notifications: 1000 };
process.env.TEST_DATABASE_URL ??= process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * User+system CPU milliseconds of the processes `which` picks by their pid, process group and command line
 * (Linux /proc), as bench/hot-paths.ts reads them.
 */
function cpuMsOf(which: (pid: number, pgrp: number, cmdline: () => string) => boolean): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command name: fields[2] = pgrp, fields[11] = utime, fields[12] = stime.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (which(Number(entry), Number(fields[2]), () => fs.readFileSync(`/proc/${entry}/cmdline`, "utf8")))
        ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}
/** The server: every process of the group its start leads. */
const serverCpuMs = (pid: number) => cpuMsOf((_, pgrp) => pgrp === pid);
/**
 * PostgreSQL's work for the server: the backends connected to the bench's own scratch database (their process
 * title names it), not the rest of the machine's PostgreSQL load.
 */
const backendCpuMs = (database: string) =>
  cpuMsOf((_, __, cmdline) => cmdline().startsWith("postgres: ") && cmdline().includes(` ${database} `));

const countFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wld-bench-home-")), "statements.json");
type Counts = { total: number; counts: Record<string, number> };
function statementsSent(): Counts {
  try {
    return JSON.parse(fs.readFileSync(countFile, "utf8")) as Counts;
  } catch {
    return { total: 0, counts: {} };
  }
}

/** CPU per page: the server's (`node`) and its database backends' (`pg`), and their sum (`cpuMs`). */
type Sample = {
  cpuMs: number;
  node: number;
  pg: number;
  statements: number;
  /** Statements per page by their text's start, the most sent first. */
  byText: [string, number][];
  pages: number;
  bad: number;
};
type Server = { pid: number; database: string };

async function measure(server: Server, url: string, cookie: string, duration = DURATION): Promise<Sample> {
  await sleep(300); // the statement counter is written every 200 ms
  const node0 = serverCpuMs(server.pid);
  const pg0 = backendCpuMs(server.database);
  const st0 = statementsSent();
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  const node = serverCpuMs(server.pid) - node0;
  const pg = backendCpuMs(server.database) - pg0;
  await sleep(500);
  const st1 = statementsSent();
  const sent = Math.max(r.requests.sent ?? 0, r.requests.total) || 1;
  const per = (ms: number) => (r.requests.total ? ms / r.requests.total : 0);
  return {
    cpuMs: per(node + pg),
    node: per(node),
    pg: per(pg),
    statements: (st1.total - st0.total) / sent,
    byText: Object.entries(st1.counts)
      .map(([k, v]) => [k, (v - (st0.counts[k] ?? 0)) / sent] as [string, number])
      .filter(([, v]) => v >= 0.01)
      .sort((a, b) => b[1] - a[1]),
    pages: r.requests.total,
    bad: r.non2xx + r.errors,
  };
}

async function call(base: string, cookie: string, method: string, url: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
}

/**
 * 500 requests of the member (TRANSFER, WITHDRAW and DEPOSIT in turn, through every status their type can take;
 * at most one PENDING per type, as the unique index allows) with their status events, and 1,000 notifications
 * of the kinds those requests, the reward runs and the administrators write, the newest 700 unread.
 */
async function seedHistory(sql: import("postgres").Sql, userId: number, wallet: string) {
  await sql`
    WITH plan AS (
      SELECT g, (ARRAY['TRANSFER', 'WITHDRAW', 'DEPOSIT'])[1 + g % 3] AS type,
        now() - (${HISTORY.requests} - g) * interval '7 hours' AS at
      FROM generate_series(1, ${HISTORY.requests}) g
    ), r AS (
      SELECT g, type, at,
        CASE WHEN g <= 3 THEN 'PENDING'
          WHEN type = 'DEPOSIT' THEN (ARRAY['APPROVED', 'REJECTED', 'CANCELLED', 'EXPIRED'])[1 + g / 3 % 4]
          ELSE (ARRAY['APPROVED', 'REJECTED', 'CANCELLED', 'RETURNED', 'SENDING', 'PAID', 'FAILED'])[1 + g / 3 % 7]
        END AS status
      FROM plan
    ), ins AS (
      INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, krw_amount, price_krw, wallet_addr,
                            quote_expires_at, status, reason, created_at, updated_at)
      SELECT ${userId}, type::request_type, 'WLD', 5, CASE WHEN type = 'DEPOSIT' THEN 0 ELSE 0.2 END,
        CASE WHEN type = 'DEPOSIT' THEN 5 ELSE 5.2 END,
        CASE WHEN type = 'DEPOSIT' THEN 14000 END, CASE WHEN type = 'DEPOSIT' THEN 2800 END,
        CASE WHEN type = 'DEPOSIT' THEN NULL ELSE ${wallet} END,
        CASE WHEN type = 'DEPOSIT' THEN at + interval '10 minutes' END,
        status::request_status, CASE WHEN status IN ('REJECTED', 'RETURNED', 'FAILED') THEN 'bench' END,
        at, CASE WHEN status = 'PENDING' THEN at ELSE at + interval '1 hour' END
      FROM r ORDER BY g
      RETURNING id, user_id, status, created_at, updated_at
    )
    INSERT INTO request_events (request_id, status, actor_id, created_at)
    SELECT id, 'PENDING', user_id, created_at FROM ins
    UNION ALL SELECT id, status, NULL, updated_at FROM ins WHERE status <> 'PENDING'`;
  await sql`
    INSERT INTO notifications (user_id, kind, params, created_at, read_at)
    SELECT ${userId}, k.kind, k.params, now() - (${HISTORY.notifications} - g) * interval '3 hours',
      CASE WHEN g <= 300 THEN now() - (${HISTORY.notifications} - g) * interval '3 hours' + interval '1 hour' END
    FROM generate_series(1, ${HISTORY.notifications}) g
    CROSS JOIN LATERAL (SELECT CASE g % 4
        WHEN 0 THEN 'reward_paid' WHEN 1 THEN 'request_approved' WHEN 2 THEN 'request_received' ELSE 'balance_credited' END AS kind,
      CASE g % 4
        WHEN 0 THEN jsonb_build_object('day', (now() - g * interval '1 day')::date::text, 'amounts', jsonb_build_object('WLD', '0.16438356'))
        WHEN 3 THEN jsonb_build_object('coin', 'WLD', 'amount', '1', 'account', 'holding')
        ELSE jsonb_build_object('requestId', g, 'type', 'TRANSFER', 'coin', 'WLD', 'amount', '5') END AS params) k`;
  await sql`ANALYZE requests, request_events, notifications, transactions, ledger_entries, ledger_postings`;
}

async function main() {
  if (process.env.BENCH_NO_BUILD !== "1") {
    console.log("building the product (production build)…");
    const r = spawnSync("flock", ["/tmp/wld-e2e.lock", process.execPath, NEXT_BIN, "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status !== 0) throw new Error("next build failed");
  }
  const fake = await startFakeUpstream();
  const db = await createScratchDatabase("homehist");
  const children: ChildProcess[] = [];
  try {
    const app = await startInstance("homehist", db.url, {
      UPBIT_API_URL: fake.url,
      BINANCE_API_URL: fake.url,
      FOUR_EYES_LIMIT: "1000000000",
      WLD_STATEMENT_COUNT_FILE: countFile,
    });
    children.push(app.child);
    await storeWldPrice(db.sql);
    const wallet = "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7";
    const [admin, short, long] = await seedMembers(db.sql, [
      { userId: "benchadmin", role: "ADMIN" },
      { userId: "short", idStatus: "APPROVED", walletAddr: wallet },
      { userId: "long", idStatus: "APPROVED", walletAddr: wallet },
    ]);
    const adminCookie = await login(app.base, admin!.userId, PASSWORD);
    const cookies: Record<"short" | "long", string> = { short: "", long: "" };
    for (const m of [short!, long!]) {
      await call(app.base, adminCookie, "PATCH", `/api/admin/users/${m.id}/coin`, {
        symbol: "WLD",
        amount: "1000",
        action: "DEPOSIT",
      });
      const cookie = await login(app.base, m.userId, PASSWORD);
      cookies[m.userId as "short" | "long"] = cookie;
      await call(app.base, cookie, "POST", `/api/users/${m.userId}/swap`, { amount: "100" });
    }
    console.log(`seeding the long history: ${HISTORY.swaps} swaps through the API…`);
    for (let i = 1; i < HISTORY.swaps; i++)
      await call(app.base, cookies.long, "POST", `/api/users/long/swap`, { amount: "0.01" });
    await seedHistory(db.sql, long!.id, wallet);
    const [counts] = await db.sql<{ tx: number; rq: number; nt: number; unread: number }[]>`
      SELECT (SELECT count(*)::int FROM transactions WHERE user_id = ${long!.id}) AS tx,
        (SELECT count(*)::int FROM requests WHERE user_id = ${long!.id}) AS rq,
        (SELECT count(*)::int FROM notifications WHERE user_id = ${long!.id}) AS nt,
        (SELECT count(*)::int FROM notifications WHERE user_id = ${long!.id} AND read_at IS NULL) AS unread`;
    console.log(
      `long history: ${counts!.tx} history rows, ${counts!.rq} requests, ${counts!.nt} notifications (${counts!.unread} unread)`,
    );

    const server: Server = { pid: app.child.pid!, database: db.name };
    type Figure = { short: number; long: number; gap: number; node: [number, number]; pg: [number, number] };
    const figures: Record<string, Figure & { statements: [number, number] }> = {};
    for (const page of PAGES) {
      // The page as each member gets it: the same markup but for the figures.
      const bytes = async (who: "short" | "long") =>
        (await (await fetch(`${app.base}${page}`, { headers: { cookie: cookies[who] } })).text()).length;
      console.log(`\n${page} (HTML: short ${await bytes("short")} bytes, long ${await bytes("long")} bytes)`);
      for (const who of ["short", "long"] as const) await measure(server, `${app.base}${page}`, cookies[who], 2); // warm-up
      const samples: Record<"short" | "long", Sample[]> = { short: [], long: [] };
      for (let r = 0; r < ROUNDS; r++)
        for (const who of ["short", "long"] as const) {
          const s = await measure(server, `${app.base}${page}`, cookies[who]);
          samples[who].push(s);
          console.log(
            `  ${who.padEnd(5)} round ${r + 1}: ${s.cpuMs.toFixed(2)} ms CPU/page (server ${s.node.toFixed(2)} + PostgreSQL ${s.pg.toFixed(2)}) over ${s.pages} pages, ${s.statements.toFixed(2)} statements/page${s.bad ? `, ${s.bad} non-2xx/errors` : ""}`,
          );
          if (s.bad) throw new Error(`${page} as ${who}: ${s.bad} non-2xx answers or errors`);
        }
      console.log("  statements per page of the long history's last round:");
      for (const [text, n] of samples.long.at(-1)!.byText.slice(0, 10)) console.log(`    ${n.toFixed(2)}  ${text}`);
      const med = (who: "short" | "long", k: "cpuMs" | "node" | "pg" | "statements") =>
        median(samples[who].map((s) => s[k]));
      const both = (k: "node" | "pg" | "statements"): [number, number] => [med("short", k), med("long", k)];
      // Each round's long and short run back to back, under the same load from the rest of the machine: the gap
      // is the median of the rounds' ratios.
      const gap = median(samples.long.map((l, i) => l.cpuMs / samples.short[i]!.cpuMs)) - 1;
      figures[page] = {
        short: med("short", "cpuMs"),
        long: med("long", "cpuMs"),
        gap,
        node: both("node"),
        pg: both("pg"),
        statements: both("statements"),
      };
      const f = figures[page];
      console.log(
        `  median CPU/page: short ${f.short.toFixed(2)} ms (server ${f.node[0].toFixed(2)} + PostgreSQL ${f.pg[0].toFixed(2)}), long ${f.long.toFixed(2)} ms (${f.node[1].toFixed(2)} + ${f.pg[1].toFixed(2)}): ${gap >= 0 ? "+" : ""}${(gap * 100).toFixed(1)} %; statements/page ${f.statements[0].toFixed(2)} / ${f.statements[1].toFixed(2)}`,
      );
    }
    saveResult("home-history", { ...HISTORY, connections: CONNECTIONS, rounds: ROUNDS, duration: DURATION, figures });
    const over = Object.entries(figures).filter(([, f]) => f.gap >= MAX_GAP);
    for (const [page, f] of over)
      console.error(`${page}: the long history costs ${(f.gap * 100).toFixed(1)} % more CPU per page (goal < 10 %)`);
    return over.length ? 1 : 0;
  } finally {
    killAll();
    for (const c of children)
      try {
        process.kill(-c.pid!, "SIGKILL");
      } catch {}
    await fake.close();
    await db.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    killAll();
    process.exit(1);
  },
);
