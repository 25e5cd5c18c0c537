/**
 * What the product's own build and configuration allow a hot path, measured: each experiment applies patches
 * from this folder to the working tree (the minimal app's handler or work moved into the product, the language
 * rewrites and security headers taken out, …), builds, measures with bench/hot-paths.ts next to the minimal app in
 * alternating rounds, and takes the patches off again. The product as it is runs first, in the same way, so every
 * ratio it prints comes from one sitting of one machine. Not part of `npm run bench` (it rebuilds several times, ~12
 * min); the figures are in docs/benchmarks.md ("Seventh pass").
 *
 *   npx tsx bench/experiments/run.ts            (BENCH_ROUNDS, BENCH_DURATION, BENCH_PG_URL as for hot-paths)
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

type Experiment = { name: string; patches: string[]; paths: string[] };
const EXPERIMENTS: Experiment[] = [
  { name: "the product as it is", patches: [], paths: ["price", "coins"] },
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
];
// BENCH_EXPERIMENTS=2,5 runs only those (1-based, in the order above; the product as it is always runs first).
const picked = (process.env.BENCH_EXPERIMENTS ?? "").split(",").filter(Boolean).map(Number);
const chosen = EXPERIMENTS.filter((_, i) => i === 0 || !picked.length || picked.includes(i + 1));

function run(cmd: string, args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status ?? r.signal})`);
}

const git = (...args: string[]) => run("git", args);
const patchFile = (name: string) => path.join(here, `${name}.patch`);
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
let minimalBuilt = false;
try {
  for (const e of chosen) {
    console.log(`\n── ${e.name}`);
    for (const p of e.patches) git("apply", patchFile(p));
    try {
      build();
      run(process.execPath, ["--import", "tsx", path.join(root, "bench/hot-paths.ts")], {
        BENCH_ONLY: e.paths.join(","),
        BENCH_NO_BARE: "1",
        // The product was just built; the minimal app once, on the first experiment.
        ...(minimalBuilt ? { BENCH_NO_BUILD: "1" } : { BENCH_BUILD: "baseline" }),
        BENCH_WRITE: "0",
      });
      minimalBuilt = true;
    } finally {
      for (const p of [...e.patches].reverse()) git("apply", "-R", patchFile(p));
    }
    const figures =
      readResult<Record<string, { product: number; baseline: number; ratio: number }>>("hot-paths-latest")?.figures;
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

saveResult("experiments", rows);
console.log(`\n| experiment | path | product req/s | minimal req/s | ratio |\n|---|---|---|---|---|`);
for (const r of rows)
  console.log(`| ${r.name} | ${r.path} | ${r.product.toFixed(0)} | ${r.minimal.toFixed(0)} | ${r.ratio.toFixed(2)} |`);
