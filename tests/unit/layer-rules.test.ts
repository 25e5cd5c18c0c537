/**
 * The layers point one way, and the linter is what keeps them so (STYLE.md, "Layers point one way"; README, Map).
 * Each forbidden direction gets a probe file written where the rule applies; one Biome run lints them all, and
 * each probe must fail with the rule that guards it. Allowed imports are probed too, so the test fails if a rule
 * forbids everything. The lib/ folders are held to one direction as well: no two of them import each other, but
 * for the loops listed below, which the list only lets shrink.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIOME = path.join(ROOT, "node_modules/.bin/biome");

type Probe = { name: string; dir: string; source: string; rule: "noRestrictedImports" | "noProcessEnv" | null };

/** A type-only import of `spec` that still compiles (a concurrent typecheck may see the probe). */
const importOf = (spec: string) => `import type * as probe from "${spec}";\nexport type Probe = typeof probe;\n`;
const forbidden = (name: string, dir: string, spec: string): Probe => ({
  name,
  dir,
  source: importOf(spec),
  rule: "noRestrictedImports",
});
const allowed = (name: string, dir: string, spec: string): Probe => ({ name, dir, source: importOf(spec), rule: null });

/** A named import of `name` from `spec` (the replica rules forbid names of lib/read.ts, not the module). */
const replicaRead = (name: string, dir: string, spec: string, imported: string, rule: Probe["rule"]): Probe => ({
  name,
  dir,
  source: `import { ${imported} } from "${spec}";\nexport const probe = ${imported};\n`,
  rule,
});

/**
 * The nine rules, each in its alias form, and the relative forms a rule must catch as well; then the read replica's
 * (docs/scaling.md, "Read replicas"): lib/ledger, lib/auth and the wallet's write paths (lib/wallet but its read
 * use cases in history.ts; also lib/staking/run.ts, lib/api/idempotency.ts, lib/rate-limit.ts, which a probe file
 * cannot stand in for) import neither db/replica nor lib/read's replica readers.
 */
const PROBES: Probe[] = [
  forbidden("1. app/ → @/db", "app/api", "@/db/schema"),
  forbidden("2. app/ → drizzle-orm", "app/api", "drizzle-orm"),
  forbidden("3. db/ → @/lib", "db/queries", "@/lib/money"),
  forbidden("4. lib/ → @/db/queries/authz outside lib/auth/guards.ts", "lib/wallet", "@/db/queries/authz"),
  forbidden("5. components/ → @/db (types included)", "components/kyc", "@/db/schema"),
  forbidden("6. components/ → @/lib/ledger", "components/kyc", "@/lib/ledger"),
  forbidden("7. lib/ledger → next/*", "lib/ledger", "next/server"),
  forbidden("8. lib/ledger → @/app", "lib/ledger", "@/app/fonts"),
  forbidden("9. lib/ledger → @/lib/api", "lib/ledger", "@/lib/api/handler"),
  forbidden("app/ → db/, relative", "app/api", "../../db/schema"),
  forbidden("db/ → lib/, relative", "db/queries", "../../lib/money"),
  forbidden("components/ → db/, relative", "components/kyc", "../../db/queries/users"),
  forbidden("components/ → lib/ledger, relative", "components/kyc", "../../lib/ledger/index"),
  forbidden("lib/ledger → app/, relative", "lib/ledger", "../../app/fonts"),
  forbidden("lib/ledger → lib/api, relative", "lib/ledger", "../api/handler"),
  forbidden("10. lib/ledger → @/db/replica", "lib/ledger", "@/db/replica"),
  forbidden("11. lib/wallet → @/db/replica", "lib/wallet", "@/db/replica"),
  forbidden("12. lib/auth → @/db/replica", "lib/auth", "@/db/replica"),
  forbidden("lib/wallet → db/replica, relative", "lib/wallet", "../../db/replica"),
  replicaRead(
    "13. lib/auth → lib/read's replicaReader",
    "lib/auth",
    "@/lib/read",
    "replicaReader",
    "noRestrictedImports",
  ),
  replicaRead("14. lib/wallet → lib/read's readStale", "lib/wallet", "@/lib/read", "readStale", "noRestrictedImports"),
  replicaRead(
    "15. lib/ledger → lib/read's replicaReader, relative",
    "lib/ledger",
    "../read",
    "replicaReader",
    "noRestrictedImports",
  ),
  {
    name: "process.env outside lib/env.ts",
    dir: "lib/wallet",
    source: "export const probe = process.env.PROBE;\n",
    rule: "noProcessEnv",
  },
  allowed("components/ → a contract type in lib/<domain>/dto.ts", "components/kyc", "@/lib/kyc/dto"),
  allowed("lib/ledger → @/lib/money", "lib/ledger", "@/lib/money"),
  allowed("app/ → a use case in lib/", "app/api", "@/lib/read"),
  allowed("lib/ → db/", "lib/wallet", "@/db/schema"),
  allowed("lib/wallet → lib/read's reader (the primary)", "lib/wallet", "@/lib/read"),
  replicaRead("lib/admin → lib/read's replicaReader", "lib/admin", "@/lib/read", "replicaReader", null),
  replicaRead("lib/auth → lib/read's reader (the primary)", "lib/auth", "@/lib/read", "reader", null),
];

type Diagnostic = { category: string; location: { path: string } };

describe("layer rules (biome.json noRestrictedImports, noProcessEnv)", () => {
  it("a probe import in each forbidden direction fails lint; the allowed ones pass", () => {
    const files = PROBES.map((p, i) =>
      path.join(p.dir, `__layer_probe_${process.pid}_${i}__.${p.dir.startsWith("components") ? "tsx" : "ts"}`),
    );
    let diagnostics: Diagnostic[];
    try {
      for (const [i, p] of PROBES.entries()) fs.writeFileSync(path.join(ROOT, files[i] as string), p.source);
      const run = spawnSync(BIOME, ["lint", "--reporter=json", "--max-diagnostics=none", ...files], {
        cwd: ROOT,
        encoding: "utf8",
      });
      diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    } finally {
      for (const f of files) fs.rmSync(path.join(ROOT, f), { force: true });
    }
    const found = PROBES.map((p, i) => ({
      probe: p.name,
      rules: [
        ...new Set(
          diagnostics
            .filter((d) => d.location.path === files[i])
            .map((d) => d.category.replace("lint/style/", "").replace(/^lint\//, "")),
        ),
      ].sort(),
    }));
    expect(found).toEqual(PROBES.map((p) => ({ probe: p.name, rules: p.rule ? [p.rule] : [] })));
  }, 60_000);
});

/** Every file under lib/, as a path relative to the repository. */
function libFiles(dir = path.join(ROOT, "lib")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return libFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path.relative(ROOT, full)] : [];
  });
}

/** lib/<folder> for a file in a folder, lib/<name> for a file directly under lib/. */
const unitOf = (file: string) => {
  const parts = file.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file.replace(/\.tsx?$/, "");
};

const SPECIFIER = /(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The pairs of lib/ folders (or top-level lib/ files) that import each other, "a ↔ b" with a < b. */
function mutualPairs(): string[] {
  const edges = new Set<string>();
  for (const file of libFiles()) {
    for (const m of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2]) as string;
      const target = spec.startsWith("@/")
        ? spec.slice(2)
        : spec.startsWith(".")
          ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec))
          : null;
      if (!target?.startsWith("lib/")) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from !== to) edges.add(`${from} ${to}`);
    }
  }
  return [...edges]
    .map((e) => e.split(" ") as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();
}

/**
 * Loops still to break, by moving what both sides need down a level as lib/http, lib/kst-day.ts,
 * lib/money-cooldown.ts and lib/audit-memo.ts were. Remove a line once its loop is gone; never add one.
 */
const KNOWN_LOOPS = [
  "lib/account ↔ lib/admin",
  "lib/account ↔ lib/notifications",
  "lib/admin ↔ lib/auth",
  "lib/admin ↔ lib/destinations",
  "lib/admin ↔ lib/validation",
  "lib/admin ↔ lib/wallet",
  "lib/auth ↔ lib/fraud",
  "lib/auth ↔ lib/notifications",
  "lib/auth ↔ lib/validation",
  "lib/chain ↔ lib/wallet",
  "lib/deposits ↔ lib/wallet",
  "lib/destinations ↔ lib/wallet",
  "lib/fraud ↔ lib/wallet",
  "lib/notices ↔ lib/validation",
];

describe("lib/ folders import one way", () => {
  it("auth ↔ api, auth ↔ wallet and staking ↔ wallet import each other no more", () => {
    const pairs = mutualPairs();
    for (const loop of ["lib/api ↔ lib/auth", "lib/auth ↔ lib/wallet", "lib/staking ↔ lib/wallet"])
      expect(pairs).not.toContain(loop);
  });

  it("no two lib/ folders import each other beyond the known loops (and each known loop is still there)", () => {
    expect(mutualPairs()).toEqual(KNOWN_LOOPS);
  });
});
