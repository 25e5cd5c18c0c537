/**
 * Shared by the page benchmarks (bench/lighthouse.ts, bench/first-load.ts): serve the production build
 * on a throwaway embedded database with the price feeds pointed at the local fake exchange (as the
 * browser tests do), and log the demo member in for the member pages.
 *
 * `npm start` builds into .next when the sources changed, so run the scripts when no other build or
 * browser test runs (they take no lock themselves). With BENCH_URL set they measure an app that is
 * already running there instead (it must have the demo account).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeUpstream } from "../../tests/support/fake-upstream";

export const root = path.resolve(import.meta.dirname, "../..");
export const PAGES = ["/", "/login", "/home", "/wallet"] as const;
export const MEMBER_PAGES = new Set<string>(["/home", "/wallet"]);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Chromium flags that keep it off the internet (STACK.md). */
export const QUIET_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-default-apps",
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess) {
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

export type App = { baseUrl: string; stop: () => Promise<void> };

/** The production app (`npm start`: builds when sources changed) on BENCH_PORT, or BENCH_URL as is. */
export async function startApp(): Promise<App> {
  if (process.env.BENCH_URL) {
    const baseUrl = process.env.BENCH_URL.replace(/\/$/, "");
    await waitFor(`${baseUrl}/api/health`, 10_000);
    return { baseUrl, stop: async () => {} };
  }
  const port = Number(process.env.BENCH_PORT ?? 3250);
  const fake = await startFakeUpstream();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wld-bench-pages-"));
  console.log(`starting the production app on :${port} (builds if the sources changed)…`);
  const app = spawn("npm", ["start"], {
    cwd: root,
    detached: true, // its own process group, so the server and its children stop together
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      UPBIT_API_URL: fake.url,
      BINANCE_API_URL: fake.url,
    },
  });
  const stop = async () => {
    if (app.pid && app.exitCode === null) {
      try {
        process.kill(-app.pid, "SIGTERM");
      } catch {}
    }
    await fake.close();
    await sleep(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    void stop().then(() => process.exit(130));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, 15 * 60_000, app);
    // Let the price job fetch once from the fake exchange, so pages show live prices.
    await fetch(`${baseUrl}/api/price/WLD`).catch(() => undefined);
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, stop };
}

/** Logs the demo member in (POST /api/login) and answers the session cookie as `name=value`. */
export async function demoSessionCookie(baseUrl: string): Promise<{ name: string; value: string }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ userId: "demo", password: "Demo1234!" }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const first = res.headers.getSetCookie().find((c) => /session/i.test(c.split("=")[0] ?? ""));
  const pair = first?.split(";")[0];
  if (!pair) throw new Error("demo login set no session cookie");
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

export function writeResult(name: string, data: unknown): string {
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(root, file);
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
