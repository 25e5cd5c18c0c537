/**
 * Benchmark (not a test): requests per second of GET /api/price/WLD on the production build, next to a
 * bare Node HTTP server answering a similar JSON, measured in the same run with autocannon.
 *
 *   npx tsx bench/prices.ts        (or `npm run bench`)
 *
 * Serves the app with `npm start` (which builds when sources changed) on a throwaway embedded database,
 * holding /tmp/wld-e2e.lock for as long as it runs, with both price feeds pointed at the local fake
 * exchange. Results are printed and written to bench/results/prices-<time>.json.
 * The two targets are measured in alternating rounds (bare, app, bare, app …) so that other load on the
 * machine hits both alike; the medians and their ratio are reported.
 * Env: BENCH_PORT (3240), BENCH_CONNECTIONS (50), BENCH_DURATION (seconds per measurement, 5), BENCH_ROUNDS (3).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { startFakeUpstream } from "../tests/support/fake-upstream";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (opts: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3240);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string, timeoutMs: number, child?: ChildProcess) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** A bare Node server answering the same shape, in its own process like the app. */
function startBareServer(port: number): ChildProcess {
  const code = `
    const http = require("node:http");
    http.createServer((req, res) => {
      const body = JSON.stringify({ symbol: "WLD", price: 1540, changePercent: 1.23, usdtKrw: 1400,
        updatedAt: new Date().toISOString(), stale: false, usable: true, seeded: false });
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  return spawn(process.execPath, ["-e", code], { stdio: "inherit" });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = http.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

async function measure(name: string, url: string): Promise<AutocannonResult> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  console.log(
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
  );
  return r;
}

function killGroup(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

async function main() {
  const fake = await startFakeUpstream();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wld-bench-"));
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  const cleanup = () => {
    killGroup(app);
    bare?.kill("SIGTERM");
  };
  process.on("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    console.log(`starting the production app on :${PORT} (waits for /tmp/wld-e2e.lock, builds if needed)…`);
    app = spawn("flock", ["/tmp/wld-e2e.lock", "npm", "start"], {
      cwd: root,
      detached: true, // its own process group, so the server and its children stop together
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        UPBIT_API_URL: fake.url,
        BINANCE_API_URL: fake.url,
      },
    });
    await waitFor(`http://127.0.0.1:${PORT}/api/health`, 15 * 60_000, app);
    const appUrl = `http://127.0.0.1:${PORT}/api/price/WLD`;
    const sample = await (await fetch(appUrl)).json();
    console.log("sample answer:", JSON.stringify(sample));

    const barePort = await freePort();
    bare = startBareServer(barePort);
    await waitFor(`http://127.0.0.1:${barePort}/`, 10_000);

    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await autocannon({ url: bareUrl, connections: 10, duration: 2 }); // warm-up
    await autocannon({ url: appUrl, connections: 10, duration: 2 });
    fake.resetCalls();
    const loadBefore = os.loadavg()[0]!;
    const bareRuns: AutocannonResult[] = [];
    const appRuns: AutocannonResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bareRuns.push(await measure(`bare node http #${i + 1}`, bareUrl));
      appRuns.push(await measure(`GET /api/price/WLD #${i + 1}`, appUrl));
    }
    const loadAfter = os.loadavg()[0]!;
    const bareRps = median(bareRuns.map((r) => r.requests.average));
    const appRps = median(appRuns.map((r) => r.requests.average));
    const ratio = appRps / bareRps;
    console.log(`median bare node http:   ${bareRps.toFixed(0)} req/s`);
    console.log(`median GET /api/price/WLD: ${appRps.toFixed(0)} req/s`);
    console.log(`ratio app / bare: ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)} %)`);
    console.log(`upstream calls during the run: upbit ${fake.calls.upbit}, binance ${fake.calls.binance}`);
    console.log(`load average (1 min) before/after: ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`);

    const out = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      loadAverage: { before: loadBefore, after: loadAfter },
      bare: { medianRequestsPerSecond: Math.round(bareRps), runs: bareRuns.map(summary) },
      app: { medianRequestsPerSecond: Math.round(appRps), runs: appRuns.map(summary) },
      ratio: Number(ratio.toFixed(4)),
      upstreamCalls: { upbit: fake.calls.upbit, binance: fake.calls.binance },
    };
    const dir = path.join(root, "bench", "results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `prices-${out.at.replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`written ${path.relative(root, file)}`);
  } finally {
    cleanup();
    await fake.close();
    await sleep(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function summary(r: AutocannonResult) {
  return {
    requestsPerSecond: Math.round(r.requests.average),
    total: r.requests.total,
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, average: r.latency.average },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
