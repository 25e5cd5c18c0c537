/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_PROFILE=<dir> npx tsx bench/hot-paths.ts`):
 * self time by area (our code, each package under node_modules, Next, Node internals, GC, idle) and the top
 * functions by self time — per request when bench/hot-paths.ts left its summary beside the profile
 * (`<file>.cpuprofile.summary.json`: the figures traced back through the build that ran, and the number of requests
 * the server answered under load), else as percentages of the busy (non-idle) time.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 *   npx tsx bench/profile-summary.ts <a.cpuprofile> --vs <b.cpuprofile> [top=25]
 *
 * `--vs` compares two servers per request (both need their summaries): the product against the minimal app, or
 * against an experiment's build (bench/experiments) profiled in the same sitting. Compare per request, never by
 * percentages: a server doing more work per request shows every shared cost as a smaller share.
 *
 * Frames of the app's bundle (.next/server/chunks) are traced back through the build's source maps, so our own
 * code (app/, lib/, db/, components/), the packages bundled with it and Next's route templates count apart.
 *
 * Not a benchmark: bench/run.ts skips it (it exits at once when given no file).
 */
import fs from "node:fs";
import { SourceMap } from "node:module";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const OURS = /^(app|lib|db|components|messages)\/|^(middleware|instrumentation)\.ts$/;

/** The bundle's source maps, read once per chunk file (null: none beside it). */
const maps = new Map<string, SourceMap | null>();
function sourceOf(url: string, line: number, column: number): string | null {
  const file = url.replace(/^file:\/\//, "");
  if (!maps.has(file)) {
    let map: SourceMap | null = null;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
    } catch {}
    maps.set(file, map);
  }
  const entry = maps.get(file)?.findEntry(line, column) as
    | { originalSource?: string; originalLine?: number }
    | undefined;
  if (!entry?.originalSource) return null;
  // "../../../lib/api/handler.ts" or "[project]/lib/…" → "lib/api/handler.ts"
  const source = entry.originalSource.replace(/^(\.\.\/)+|^\[project\]\//, "").replace(/^.*?\/(?=node_modules\/)/, "");
  return `${source}:${(entry.originalLine ?? 0) + 1}`;
}

function packageOf(file: string): string | null {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (!m) return null;
  // Next's compiled copies of its dependencies show up under next/dist/compiled/<name>.
  const compiled = /next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return compiled ? `next (compiled ${compiled[1]})` : m[1]!;
}

function where(frame: Node["callFrame"]): { area: string; at: string } {
  const { functionName: fn, url, lineNumber, columnNumber } = frame;
  if (fn === "(garbage collector)") return { area: "GC", at: "" };
  if (fn === "(idle)") return { area: "idle", at: "" };
  if (fn === "(program)") return { area: "(program: native, outside JS)", at: "" };
  if (!url) return { area: `native (${fn || "anonymous"})`, at: "" };
  if (url.includes("/.next/")) {
    const source = sourceOf(url, lineNumber, columnNumber);
    if (source) {
      const file = source.replace(/:\d+$/, "");
      if (OURS.test(file)) return { area: "ours (app, lib, db, components)", at: source };
      return { area: packageOf(file) ?? "app bundle (the bundler's runtime, other sources)", at: source };
    }
    return { area: "app bundle (no source map)", at: `${url.split("/").pop()}:${lineNumber + 1}` };
  }
  const pkg = packageOf(url);
  if (pkg) return { area: pkg, at: `${url.replace(/.*node_modules\//, "")}:${lineNumber + 1}` };
  if (url.startsWith("node:")) return { area: "node internals", at: `${url}:${lineNumber + 1}` };
  const file = url.replace(/^file:\/\//, "");
  return { area: file, at: `${file}:${lineNumber + 1}` };
}

type Summary = {
  busy: number;
  requests: number | null;
  areas: Record<string, number>;
  fns: Record<string, number>;
};

/** A profile's self time by area and function (µs), traced back through the bundle's source maps as they are now. */
function fromProfile(file: string, requests: number | null): Summary {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  let busy = 0;
  const areas: Record<string, number> = {};
  const fns: Record<string, number> = {};
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    busy += us;
    const { area, at } = where(frame);
    areas[area] = (areas[area] ?? 0) + us;
    const key = `${frame.functionName || "(anonymous)"} ${at || area}`;
    fns[key] = (fns[key] ?? 0) + us;
  }
  return { busy, requests, areas, fns };
}

const summaryFile = (profile: string) => `${profile}.summary.json`;

/**
 * Written by bench/hot-paths.ts beside each profile while the build it ran is still in .next (the next build
 * replaces the source maps), with the number of requests the server answered under load.
 */
export function writeSummary(profile: string, requests: number): void {
  fs.writeFileSync(summaryFile(profile), JSON.stringify(fromProfile(profile, requests)));
}

function read(file: string): Summary {
  const saved = file.endsWith(".summary.json") ? file : summaryFile(file);
  if (fs.existsSync(saved)) return JSON.parse(fs.readFileSync(saved, "utf8")) as Summary;
  return fromProfile(file, null);
}

const sorted = (m: Record<string, number>, top: number) =>
  Object.entries(m)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);

export function summarize(file: string, top = 25): string {
  const s = read(file);
  const fmt = s.requests
    ? (us: number) => `${(us / s.requests!).toFixed(1).padStart(7)} µs`
    : (us: number) => `${((100 * us) / s.busy).toFixed(1).padStart(5)} %`;
  return [
    `${file}: ${(s.busy / 1e6).toFixed(1)} s busy${
      s.requests
        ? `, ${s.requests} requests: ${(s.busy / s.requests).toFixed(0)} µs of CPU per request`
        : " (percentages of busy time)"
    }`,
    "",
    "self time by area:",
    ...sorted(s.areas, 20).map(([k, v]) => `  ${fmt(v)}  ${k}`),
    "",
    `top ${top} functions by self time:`,
    ...sorted(s.fns, top).map(([k, v]) => `  ${fmt(v)}  ${k}`),
  ].join("\n");
}

/** Self time per request of `a` and `b`, by area and by function, largest difference first. */
export function compare(fileA: string, fileB: string, top = 25): string {
  const a = read(fileA);
  const b = read(fileB);
  if (!a.requests || !b.requests)
    throw new Error("--vs needs the summaries bench/hot-paths.ts writes beside its profiles (BENCH_PROFILE=<dir>)");
  const rows = (ma: Record<string, number>, mb: Record<string, number>, n: number) =>
    [...new Set([...Object.keys(ma), ...Object.keys(mb)])]
      .map((k) => [k, (ma[k] ?? 0) / a.requests!, (mb[k] ?? 0) / b.requests!] as const)
      .sort((x, y) => Math.abs(y[1] - y[2]) - Math.abs(x[1] - x[2]))
      .slice(0, n)
      .map(
        ([k, x, y]) =>
          `  ${x.toFixed(1).padStart(7)} ${y.toFixed(1).padStart(7)} ${(x - y).toFixed(1).padStart(7)}  ${k}`,
      );
  const perA = a.busy / a.requests;
  const perB = b.busy / b.requests;
  return [
    `A ${fileA}: ${perA.toFixed(0)} µs of CPU per request (${a.requests} requests)`,
    `B ${fileB}: ${perB.toFixed(0)} µs of CPU per request (${b.requests} requests)`,
    `A − B: ${(perA - perB).toFixed(0)} µs per request`,
    "",
    "self time per request by area, µs:       A       B   A − B",
    ...rows(a.areas, b.areas, 20),
    "",
    `the ${top} functions whose self time per request differs most, µs:`,
    ...rows(a.fns, b.fns, top),
  ].join("\n");
}

const args = process.argv.slice(2);
const vs = args.indexOf("--vs");
if (vs > 0 && args[vs + 1]) console.log(compare(args[0]!, args[vs + 1]!, Number(args[vs + 2] ?? 25)));
else if (args[0]) console.log(summarize(args[0], Number(args[1] ?? 25)));
