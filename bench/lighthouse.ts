/**
 * Benchmark (not a test): Lighthouse mobile scores (performance, accessibility) and LCP of /, /login,
 * /home and /wallet on the production build, driving Debian's Chromium headless.
 *
 *   npm run bench:lighthouse
 *
 * Lighthouse's default settings are the mobile ones (a Moto G Power screen, simulated slow 4G and 4×
 * CPU slow-down). The member pages are loaded with the demo member's session cookie. Each page is
 * measured BENCH_RUNS times (default 3) and the median run (by performance score) is reported.
 * Goals (docs/benchmarks.md): performance and accessibility ≥ 0.95 on every page. Results are printed and
 * written to bench/results/lighthouse-<time>.json.
 * Env: BENCH_URL (measure a running app), BENCH_PORT (3250), BENCH_RUNS (3), BENCH_LOCALE (ko | en),
 * BENCH_PAGES (/home,/wallet: a subset; bench/experiments/run.ts scores one page this way).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import {
  CHROMIUM,
  demoSessionCookie,
  MEMBER_PAGES,
  PAGES,
  QUIET_CHROMIUM_FLAGS,
  startApp,
  waitFor,
  writeResult,
} from "./support/pages";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9341);

type Run = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Where the main thread went: the scripts with the most CPU time, and the LCP element. */
  bootup: { url: string; scriptingMs: number }[];
  lcpElement?: string;
};

async function startChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "wld-lh-profile-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      ...QUIET_CHROMIUM_FLAGS,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  await waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`, 30_000, child);
  return {
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

async function runOnce(url: string, headers: Record<string, string>): Promise<Run> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: headers,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    lcpMs: Math.round(audit("largest-contentful-paint")),
    fcpMs: Math.round(audit("first-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    bootup: ((lhr.audits["bootup-time"]?.details as { items?: { url: string; scripting: number }[] })?.items ?? [])
      .slice(0, 5)
      .map((i) => ({ url: i.url.replace(/^https?:\/\/[^/]+/, ""), scriptingMs: Math.round(i.scripting) })),
    // Lighthouse (12.8 and later) names the LCP element in its LCP breakdown insight (a "node" item).
    lcpElement: (
      lhr.audits["lcp-breakdown-insight"]?.details as { items?: { type?: string; nodeLabel?: string }[] } | undefined
    )?.items?.find((i) => i.type === "node")?.nodeLabel,
  };
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART: "run Lighthouse again"): up to 2 retries. */
async function runWithRetry(url: string, headers: Record<string, string>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, headers);
    } catch (e) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(e))) throw e;
      console.log(`  ${url}: ${String(e).split("\n")[0]} — retrying`);
    }
  }
}

async function main() {
  const locale = process.env.BENCH_LOCALE === "en" ? "en" : "ko";
  const app = await startApp();
  const browser = await startChromium();
  try {
    const session = await demoSessionCookie(app.baseUrl);
    const pages: { path: string; median: Run; runs: Run[] }[] = [];
    const only = (process.env.BENCH_PAGES ?? "").split(",").filter(Boolean);
    for (const p of PAGES.filter((page) => !only.length || only.includes(page))) {
      const cookies: string[] = [];
      if (MEMBER_PAGES.has(p)) cookies.push(`${session.name}=${session.value}`);
      if (locale === "en") cookies.push("NEXT_LOCALE=en");
      const headers: Record<string, string> = cookies.length ? { Cookie: cookies.join("; ") } : {};
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runWithRetry(`${app.baseUrl}${p}`, headers));
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      pages.push({ path: p, median, runs });
      if (process.env.BENCH_VERBOSE) {
        console.log(`  LCP element: ${median.lcpElement ?? "?"}`);
        for (const b of median.bootup) console.log(`  ${String(b.scriptingMs).padStart(5)} ms  ${b.url}`);
      }
      console.log(
        `${p.padEnd(8)} performance ${median.performance.toFixed(2)}  accessibility ${median.accessibility.toFixed(2)}  LCP ${(median.lcpMs / 1000).toFixed(1)} s  FCP ${(median.fcpMs / 1000).toFixed(1)} s  TBT ${median.tbtMs} ms  CLS ${median.cls}  (runs: ${runs.map((r) => r.performance.toFixed(2)).join(" ")})`,
      );
    }
    const file = writeResult("lighthouse", { at: new Date().toISOString(), locale, runsPerPage: RUNS, pages });
    console.log(`written ${file}`);
  } finally {
    await browser.stop();
    await app.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
