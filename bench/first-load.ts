/**
 * Benchmark (not a test): what a first visit downloads, per page, in a real Chromium with an empty cache
 * at 390 × 844 — JavaScript (gzip), CSS (gzip), the HTML document (gzip) and font bytes (woff2 as sent).
 *
 *   npm run bench:first-load
 *
 * Pages: /, /login, /home, /wallet (the member pages logged in as the demo member). "load" counts what
 * was requested before the load event; "idle" adds what the page fetched on its own until the network
 * went quiet (lazy chunks such as the chart, the fallback font rules). Gzip sizes are the bytes gzipped here at level 6, so they
 * do not depend on how the server compressed them. Goals (docs/benchmarks.md): JS of a member page ≤ 160 kB gzip,
 * fonts ≤ 150 kB. Results are printed and written to bench/results/first-load-<time>.json. With BENCH_BUDGET=1
 * (CI, after the browser tests) a page over a budget fails the run: bytes do not depend on the machine.
 * Env: BENCH_URL (measure a running app), BENCH_PORT (3250), BENCH_LOCALE (ko | en; default ko).
 */
import zlib from "node:zlib";
import { chromium, type Response } from "@playwright/test";
import {
  CHROMIUM,
  demoSessionCookie,
  kB,
  MEMBER_PAGES,
  PAGES,
  QUIET_CHROMIUM_FLAGS,
  startApp,
  writeResult,
} from "./support/pages";

type Kind = "js" | "css" | "font" | "document" | "other";
type Entry = { url: string; kind: Kind; bytes: number; gzip: number; afterLoad: boolean };
type PageResult = {
  path: string;
  status: number;
  jsGzipLoad: number;
  jsGzipIdle: number;
  cssGzipLoad: number;
  cssGzip: number;
  htmlGzip: number;
  fontBytes: number;
  fontFiles: number;
  nonLocalRequests: string[];
  entries: Entry[];
};

function kindOf(r: Response): Kind {
  const type = r.request().resourceType();
  if (type === "script") return "js";
  if (type === "stylesheet") return "css";
  if (type === "font") return "font";
  if (type === "document") return "document";
  return "other";
}

async function measurePage(baseUrl: string, path: string, locale: string): Promise<PageResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: QUIET_CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: locale === "en" ? "en-US" : "ko-KR",
      timezoneId: "Asia/Seoul",
    });
    const host = new URL(baseUrl).hostname;
    const cookies = [];
    if (MEMBER_PAGES.has(path)) cookies.push({ ...(await demoSessionCookie(baseUrl)), domain: host, path: "/" });
    if (locale === "en") cookies.push({ name: "NEXT_LOCALE", value: "en", domain: host, path: "/" });
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    let loaded = false;
    const pending: Promise<Entry | null>[] = [];
    const nonLocal: string[] = [];
    page.on("request", (req) => {
      const u = new URL(req.url());
      if (!["data:", "blob:"].includes(u.protocol) && u.hostname !== host) nonLocal.push(req.url());
    });
    page.on("response", (res) => {
      const afterLoad = loaded;
      const kind = kindOf(res);
      if (kind === "other" || res.status() >= 300) return;
      pending.push(
        res
          .body()
          .then((body) => ({
            url: res.url().replace(baseUrl, ""),
            kind,
            bytes: body.length,
            gzip: kind === "font" ? body.length : zlib.gzipSync(body, { level: 6 }).length,
            afterLoad,
          }))
          .catch(() => null),
      );
    });
    page.on("load", () => {
      loaded = true;
    });
    const res = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const entries = (await Promise.all(pending)).filter((e): e is Entry => e !== null);
    const sum = (f: (e: Entry) => boolean, field: "gzip" | "bytes" = "gzip") =>
      entries.filter(f).reduce((a, e) => a + e[field], 0);
    return {
      path,
      status: res?.status() ?? 0,
      jsGzipLoad: sum((e) => e.kind === "js" && !e.afterLoad),
      jsGzipIdle: sum((e) => e.kind === "js"),
      cssGzipLoad: sum((e) => e.kind === "css" && !e.afterLoad),
      cssGzip: sum((e) => e.kind === "css"),
      htmlGzip: sum((e) => e.kind === "document"),
      fontBytes: sum((e) => e.kind === "font", "bytes"),
      fontFiles: entries.filter((e) => e.kind === "font").length,
      nonLocalRequests: nonLocal,
      entries,
    };
  } finally {
    await browser.close();
  }
}

/** The budgets (bytes, exact on any machine): JS at load ≤ 160 kB gzip on a member page, fonts ≤ 150 kB. */
const BUDGET = { memberJsGzip: 160 * 1024, fontBytes: 150 * 1024 };

function overBudget(results: PageResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    if (r.status !== 200) out.push(`${r.path} answered ${r.status}`);
    if (MEMBER_PAGES.has(r.path) && r.jsGzipLoad > BUDGET.memberJsGzip)
      out.push(`${r.path} JS at load ${kB(r.jsGzipLoad)} > ${kB(BUDGET.memberJsGzip)}`);
    if (r.fontBytes > BUDGET.fontBytes) out.push(`${r.path} fonts ${kB(r.fontBytes)} > ${kB(BUDGET.fontBytes)}`);
  }
  return out;
}

async function main() {
  const locale = process.env.BENCH_LOCALE === "en" ? "en" : "ko";
  const app = await startApp();
  try {
    const results: PageResult[] = [];
    for (const path of PAGES) results.push(await measurePage(app.baseUrl, path, locale));
    console.log(`\nfirst load at 390×844, empty cache, locale ${locale} (gzip level 6; fonts as sent)`);
    console.log("page       status  JS@load   JS@idle   CSS@load CSS@idle HTML     fonts (files)");
    for (const r of results) {
      console.log(
        `${r.path.padEnd(10)} ${String(r.status).padEnd(7)} ${kB(r.jsGzipLoad).padEnd(9)} ${kB(r.jsGzipIdle).padEnd(9)} ${kB(r.cssGzipLoad).padEnd(8)} ${kB(r.cssGzip).padEnd(8)} ${kB(r.htmlGzip).padEnd(8)} ${kB(r.fontBytes)} (${r.fontFiles})`,
      );
      if (r.nonLocalRequests.length) console.log(`  requests to other hosts: ${r.nonLocalRequests.join(", ")}`);
    }
    const file = writeResult("first-load", { at: new Date().toISOString(), locale, pages: results });
    console.log(`written ${file}`);
    const over = overBudget(results);
    for (const line of over) console.log(`over budget: ${line}`);
    if (over.length && process.env.BENCH_BUDGET === "1") process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
