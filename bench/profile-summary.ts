/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_PROFILE=<dir> npx tsx bench/hot-paths.ts`):
 * self time by area (our code, each package under node_modules, Node internals, GC, idle) and the top
 * functions by self time, as percentages of the busy (non-idle) time.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 *
 * Not a benchmark: bench/run.ts skips it (it exits at once when given no file).
 */
import fs from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function area(url: string, fn: string): string {
  if (fn === "(garbage collector)") return "GC";
  if (fn === "(idle)") return "idle";
  if (fn === "(program)") return "(program: native, outside JS)";
  if (!url) return `native (${fn || "anonymous"})`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) {
    // Next's compiled copies of its dependencies show up under next/dist/compiled/<name>.
    const compiled = /next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    return compiled ? `next (compiled ${compiled[1]})` : m[1]!;
  }
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/.next/server/chunks/")) return "app bundle (.next/server/chunks)";
  if (url.includes("/.next/")) return "app bundle (.next)";
  return url.replace(/^file:\/\//, "");
}

export function summarize(file: string, top = 25): string {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  let total = 0;
  let idle = 0;
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    total += us;
    if (functionName === "(idle)") {
      idle += us;
      continue;
    }
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    const key = `${functionName || "(anonymous)"} ${a}${url ? `:${lineNumber + 1}` : ""}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const lines = [
    `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages of busy time)`,
    "",
    "self time by area:",
    ...[...areas.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([k, v]) => `  ${pct(v)}  ${k}`),
    "",
    `top ${top} functions by self time:`,
    ...[...fns.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${pct(v)}  ${k}`),
  ];
  return lines.join("\n");
}

const file = process.argv[2];
if (file) console.log(summarize(file, Number(process.argv[3] ?? 25)));
