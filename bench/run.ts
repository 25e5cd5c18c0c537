/**
 * `npm run bench`: runs every bench/*.ts (but check.ts, CI's short regression run, and this file) one after
 * another, then prints one table of every figure with its goal (docs/benchmarks.md) — the hot paths' ratios to the
 * minimal app (bench/hot-paths.ts), the admin member search at 100,000 members (bench/admin-search.ts), the
 * daily reward run (bench/staking.ts) and a member page's CPU for a long history (bench/home-history.ts) — and, with BENCH_WRITE=1, writes it into docs/benchmarks.md between the
 * `summary` markers (hot-paths.ts writes its own detailed table). Fails if any script fails.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readResult } from "./support/results";

const dir = import.meta.dirname;
const skip = new Set([path.basename(import.meta.filename), "check.ts"]);
// BENCH_SCRIPTS=hot-paths,admin-search,staking runs only those (the summary reads the others' last results).
const only = (process.env.BENCH_SCRIPTS ?? "").split(",").filter(Boolean);
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !skip.has(f) && (!only.length || only.includes(f.replace(/\.ts$/, ""))))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n── bench/${script}`);
  const conditions = script === "admin-search.ts" ? ["--conditions=react-server"] : [];
  const r = spawnSync(process.execPath, [...conditions, "--import", "tsx", path.join(dir, script)], {
    stdio: "inherit",
  });
  if (r.status !== 0) {
    failed++;
    console.error(`bench/${script} failed (${r.status ?? r.signal})`);
  }
}

type Hot = Record<string, { product: number; baseline: number; ratio: number }>;
type Search = { members: number; concurrency: number; figures: Record<string, { p50: number; p95: number }> };
type Staking = { members: number; firstDaySec: number; nextDaySec: number };
const hot = readResult<Hot>("hot-paths-latest")?.figures;
const search = readResult<Search>("admin-search")?.figures;
const staking = readResult<Staking>("staking")?.figures;
type HomeHistory = {
  swaps: number;
  requests: number;
  notifications: number;
  figures: Record<string, { short: number; long: number; gap: number }>;
};
const homeHistory = readResult<HomeHistory>("home-history")?.figures;

const rows: string[] = [];
const verdict = (ok: boolean | undefined) => (ok === undefined ? "—" : ok ? "met" : "**not met**");
const ratioGoals: [string, string, number][] = [
  ["price", "`GET /api/price/WLD`", 0.9],
  ["coins", "a member's coins", 0.85],
  ["swap", "swap 0.01", 0.75],
  ["transfer", "transfer request (open + cancel)", 0.75],
  ["login", "`POST /api/login` (of the argon2id bound)", 0.9],
  ["home", "`/home` page (logged in)", 0.7],
  ["login-page", "`/login` page", 0.7],
];
for (const [key, label, goal] of ratioGoals) {
  const f = hot?.[key];
  rows.push(
    `| ${label} | ${f ? `${f.product.toFixed(0)} req/s vs ${f.baseline.toFixed(0)}` : "not measured"} | ${f ? f.ratio.toFixed(2) : "—"} | ≥ ${goal.toFixed(2)} | ${verdict(f && f.ratio >= goal)} |`,
  );
}
if (search) {
  const one = search.figures["all kinds, 1 at a time"];
  const many = search.figures[`all kinds, ${search.concurrency} at once`];
  rows.push(
    `| admin member search, ${search.members.toLocaleString("en")} members, one at a time | p95 ${one?.p95.toFixed(1)} ms | — | p95 < 50 ms | ${verdict(one && one.p95 < 50)} |`,
    `| admin member search, ${search.concurrency} at once | p95 ${many?.p95.toFixed(1)} ms | — | p95 < 150 ms | ${verdict(many && many.p95 < 150)} |`,
  );
}
if (staking)
  rows.push(
    `| daily reward run, ${staking.members.toLocaleString("en")} staked members | ${staking.firstDaySec.toFixed(2)} s first day, ${staking.nextDaySec.toFixed(2)} s next day | — | (no goal set) | — |`,
  );
// bench/home-history.ts: a member page's CPU for a long history against an almost empty one (goal: < 10 % more).
for (const [page, f] of Object.entries(homeHistory?.figures ?? {}))
  rows.push(
    `| \`${page}\` with ${homeHistory!.swaps.toLocaleString("en")} swaps, ${homeHistory!.requests} requests, ${homeHistory!.notifications.toLocaleString("en")} notifications vs almost none | ${f.long.toFixed(2)} ms vs ${f.short.toFixed(2)} ms CPU per page | ${(1 + f.gap).toFixed(2)} | < 1.10 | ${verdict(f.gap < 0.1)} |`,
  );
const table = [
  `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version} (\`npm run bench\`).`,
  "",
  "| path | figure | ratio | goal (issue 13) | |",
  "|---|---|---|---|---|",
  ...rows,
].join("\n");
console.log(`\n${table}`);
if (process.env.BENCH_WRITE === "1") {
  const doc = path.join(dir, "..", "docs", "benchmarks.md");
  const start = "<!-- summary:start -->";
  const end = "<!-- summary:end -->";
  const text = fs.readFileSync(doc, "utf8");
  const block = `${start}\n${table}\n${end}`;
  fs.writeFileSync(
    doc,
    text.includes(start)
      ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
      : `${text.trimEnd()}\n\n${block}\n`,
  );
  console.log("written docs/benchmarks.md (summary)");
}
process.exit(failed ? 1 : 0);
