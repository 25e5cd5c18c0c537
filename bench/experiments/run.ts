/**
 * What the product's own build and configuration allow a hot path, measured: each experiment applies patches
 * from this folder to the working tree (the minimal app's handler or work moved into the product, the language
 * rewrites and security headers taken out, …), builds, measures with bench/hot-paths.ts next to the minimal app in
 * alternating rounds, and takes the patches off again. The product as it is runs first, in the same way, so every
 * ratio it prints comes from one sitting of one machine. Not part of `npm run bench` (it rebuilds several times, ~12
 * min); the figures are in docs/benchmarks.md ("Seventh pass").
 *
 *   npx tsx bench/experiments/run.ts            (BENCH_ROUNDS, BENCH_DURATION, BENCH_PG_URL as for hot-paths)
 *   BENCH_EXPERIMENTS=4 BENCH_PROFILE=/tmp/p npx tsx bench/experiments/run.ts
 *                                               (experiment 4 and the product as it is, each server profiled: compare
 *                                               them per request with bench/profile-summary.ts --vs)
 *
 * An experiment measures hot paths (bench/hot-paths.ts, next to the minimal app) or scores pages (bench/lighthouse.ts);
 * the product as it is measures whatever the chosen experiments measure.
 *
 * Refuses to start with uncommitted changes to tracked files (a patch must apply to the committed code and come
 * off cleanly); leaves a fresh build of the product as it is in .next.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { RESULTS_DIR, readResult, saveResult } from "../support/results";

const root = path.resolve(import.meta.dirname, "../..");
const here = path.relative(root, import.meta.dirname);

/** `paths`: bench/hot-paths.ts's paths to measure; `pages`: pages to score with bench/lighthouse.ts. */
type Experiment = { name: string; patches: string[]; paths: string[]; pages?: string[] };
const EXPERIMENTS: Experiment[] = [
  // Measures what the chosen experiments measure (below).
  { name: "the product as it is", patches: [], paths: [] },
  {
    name: "price: the minimal app's handler at the product's path",
    patches: ["price-minimal-handler"],
    paths: ["price"],
  },
  {
    name: "price: the same, without the language rewrites and the security headers",
    patches: ["price-minimal-handler", "no-rewrites-no-headers"],
    paths: ["price"],
  },
  { name: "coins: the minimal app's work at the product's path", patches: ["coins-minimal-work"], paths: ["coins"] },
  {
    name: "coins: the same work inside the product's request wrapper",
    patches: ["coins-minimal-work-in-handler"],
    paths: ["coins"],
  },
  {
    // What a prerendered member shell would give the browser: the page as it is, but its figures fetched by the
    // client after the scripts load instead of read on the server into the HTML (docs/benchmarks.md, eighth pass).
    name: "/home: the figures fetched by the browser, not rendered into the HTML",
    patches: ["home-figures-fetched-by-browser"],
    paths: [],
    pages: ["/home"],
  },
];
// BENCH_EXPERIMENTS=2,5 runs only those (1-based, in the order above; the product as it is always runs first).
const picked = (process.env.BENCH_EXPERIMENTS ?? "").split(",").filter(Boolean).map(Number);
const chosen = EXPERIMENTS.filter((_, i) => i === 0 || !picked.length || picked.includes(i + 1));
/** An experiment's number in the list above (1: the product as it is). */
const numberOf = (e: Experiment) => EXPERIMENTS.findIndex((x) => x.name === e.name) + 1;
const union = (pick: (e: Experiment) => string[] | undefined) => [
  ...new Set(chosen.slice(1).flatMap((e) => pick(e) ?? [])),
];
chosen[0] = { ...chosen[0]!, paths: union((e) => e.paths), pages: union((e) => e.pages) };

function run(cmd: string, args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status ?? r.signal})`);
}

const git = (...args: string[]) => run("git", args);
const patchFile = (name: string) => path.join(here, `${name}.patch`);
/** bench/lighthouse.ts's result files (lighthouse-<time>.json), oldest first. */
const lighthouseResults = () =>
  fs.existsSync(RESULTS_DIR)
    ? fs
        .readdirSync(RESULTS_DIR)
        .filter((f) => /^lighthouse-.*\.json$/.test(f))
        .sort()
    : [];
const build = () => run(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"]);

const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" });
if (dirty.status !== 0 || dirty.stdout.trim()) {
  console.error(`bench/experiments: commit or stash the changes to tracked files first:\n${dirty.stdout}`);
  process.exit(1);
}

// hot-paths.ts leaves its figures in hot-paths-latest.json, which bench/run.ts and bench/check.ts read: kept aside.
const latest = path.join(RESULTS_DIR, "hot-paths-latest.json");
const kept = fs.existsSync(latest) ? fs.readFileSync(latest) : null;
const rows: { name: string; path: string; product: number; minimal: number; ratio: number }[] = [];
type Scored = { path: string; median: { performance: number; lcpMs: number; tbtMs: number; cls: number } };
const scores: { name: string; page: Scored }[] = [];
let minimalBuilt = false;
// BENCH_PROFILE=<dir>: each experiment's profiles (and their summaries) in <dir>/<its number>.
const profileRoot = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
try {
  for (const e of chosen) {
    console.log(`\n── ${e.name}`);
    for (const p of e.patches) git("apply", patchFile(p));
    try {
      build();
      if (e.paths.length) {
        run(process.execPath, ["--import", "tsx", path.join(root, "bench/hot-paths.ts")], {
          BENCH_ONLY: e.paths.join(","),
          BENCH_NO_BARE: "1",
          // The product was just built; the minimal app once, on the first experiment.
          ...(minimalBuilt ? { BENCH_NO_BUILD: "1" } : { BENCH_BUILD: "baseline" }),
          BENCH_WRITE: "0",
          ...(profileRoot ? { BENCH_PROFILE: path.join(profileRoot, String(numberOf(e))) } : {}),
        });
        minimalBuilt = true;
      }
      if (e.pages?.length) {
        const before = new Set(lighthouseResults());
        run(process.execPath, ["--import", "tsx", path.join(root, "bench/lighthouse.ts")], {
          BENCH_PAGES: e.pages.join(","),
        });
        const file = lighthouseResults().find((f) => !before.has(f));
        const result = file
          ? (JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), "utf8")) as { pages: Scored[] })
          : null;
        for (const page of result?.pages ?? []) scores.push({ name: e.name, page });
      }
    } finally {
      for (const p of [...e.patches].reverse()) git("apply", "-R", patchFile(p));
    }
    const figures = e.paths.length
      ? readResult<Record<string, { product: number; baseline: number; ratio: number }>>("hot-paths-latest")?.figures
      : undefined;
    for (const p of e.paths) {
      const f = figures?.[p];
      if (f) rows.push({ name: e.name, path: p, product: f.product, minimal: f.baseline, ratio: f.ratio });
    }
  }
} finally {
  if (kept) fs.writeFileSync(latest, kept);
  console.log("\n── rebuilding the product as it is");
  build();
}

saveResult("experiments", { rows, scores });
if (rows.length) {
  console.log(`\n| experiment | path | product req/s | minimal req/s | ratio |\n|---|---|---|---|---|`);
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.path} | ${r.product.toFixed(0)} | ${r.minimal.toFixed(0)} | ${r.ratio.toFixed(2)} |`,
    );
}
if (scores.length) {
  console.log(`\n| experiment | page | Lighthouse performance | LCP | TBT | CLS |\n|---|---|---|---|---|---|`);
  for (const { name, page } of scores)
    console.log(
      `| ${name} | ${page.path} | ${page.median.performance.toFixed(2)} | ${(page.median.lcpMs / 1000).toFixed(1)} s | ${page.median.tbtMs} ms | ${page.median.cls} |`,
    );
}
