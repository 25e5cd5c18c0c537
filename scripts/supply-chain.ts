// The supply-chain gate (docs/security.md, "a compromised dependency"; CI runs it right after `npm install`, as
// this registry cannot answer `npm audit`): fails when
//   - a package listed in security/advisories.json resolves, anywhere in package-lock.json, below its minimum
//     patched version (the message names the package and the advisories behind the minimum), or
//   - a dependency of package.json (dependencies, devDependencies) is not pinned by the lockfile: missing from
//     it, without a version or an integrity hash, outside package.json's range, or the lockfile's own copy of
//     package.json's dependencies differs (a stale lockfile); any other lockfile entry without version and
//     integrity fails too (a bundled one, inside its parent's tarball, needs only its version).
// `npx tsx scripts/supply-chain.ts` exits 1 listing every problem; checkSupplyChain() is what the unit test runs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import semver from "semver";

export type Advisory = { id: string; cve: string | null; fixed: string; summary: string };
export type AdvisoryFile = {
  checked: string;
  packages: Record<string, { minimum: string | null; advisories: Advisory[]; none?: string }>;
};
type LockEntry = { version?: string; integrity?: string; link?: boolean; resolved?: string; inBundle?: boolean };
export type Lockfile = {
  lockfileVersion?: number;
  packages?: Record<
    string,
    LockEntry & { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
  >;
};
export type PackageJson = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

/** Every problem found; empty when the gate passes. */
export function checkSupplyChain(lock: Lockfile, pkg: PackageJson, advisories: AdvisoryFile): string[] {
  const problems: string[] = [];
  const entries = lock.packages;
  if (!entries || (lock.lockfileVersion ?? 0) < 2)
    return ["package-lock.json: lockfileVersion 2 or 3 with `packages` expected"];

  // The advisory file itself: a minimum never below an advisory it cites.
  for (const [name, rule] of Object.entries(advisories.packages)) {
    if (rule.minimum === null) continue;
    if (!semver.valid(rule.minimum))
      problems.push(`security/advisories.json: ${name} minimum "${rule.minimum}" is not a version`);
    for (const a of rule.advisories)
      if (!semver.valid(a.fixed) || semver.lt(rule.minimum, a.fixed))
        problems.push(`security/advisories.json: ${name} minimum ${rule.minimum} is below ${a.id}'s fixed ${a.fixed}`);
  }

  // Every copy of a listed package (top level or nested) at or above its minimum.
  for (const [key, entry] of Object.entries(entries)) {
    const name = packageNameOf(key);
    const rule = name ? advisories.packages[name] : undefined;
    if (!rule?.minimum || !entry.version) continue;
    const version = semver.valid(entry.version);
    if (!version || semver.lt(version, rule.minimum)) {
      const ids = rule.advisories
        .filter((a) => !version || semver.lt(version, a.fixed))
        .map((a) => [a.id, a.cve].filter(Boolean).join(" / "))
        .join(", ");
      problems.push(`${name} ${entry.version} (${key}) is below the patched minimum ${rule.minimum}: ${ids}`);
    }
  }

  // package.json's dependencies pinned by the lockfile.
  const root = entries[""] ?? {};
  for (const field of ["dependencies", "devDependencies"] as const) {
    const wanted = pkg[field] ?? {};
    const locked = root[field] ?? {};
    for (const [name, range] of Object.entries(wanted)) {
      if (locked[name] !== range)
        problems.push(
          `${name}: package.json ${field} says "${range}", the lockfile "${locked[name] ?? "(absent)"}" — run npm install`,
        );
      const entry = entries[`node_modules/${name}`];
      if (!entry) {
        problems.push(`${name}: not pinned — missing from package-lock.json`);
        continue;
      }
      if (entry.link) continue;
      if (!entry.version || !entry.integrity) {
        problems.push(`${name}: not pinned — the lockfile entry has no ${entry.version ? "integrity" : "version"}`);
        continue;
      }
      if (!semver.satisfies(entry.version, range, { includePrerelease: true }))
        problems.push(`${name}: the lockfile's ${entry.version} does not satisfy package.json's "${range}"`);
    }
    for (const name of Object.keys(locked))
      if (!(name in wanted))
        problems.push(`${name}: in the lockfile's ${field} but not in package.json — run npm install`);
  }

  // Every other installed package pinned as well. A bundled dependency (`inBundle`) ships inside its parent's
  // tarball, so the parent's integrity covers its bytes and npm records none of its own: its version is required.
  for (const [key, entry] of Object.entries(entries)) {
    if (key === "" || entry.link || !key.includes("node_modules/")) continue;
    if (entry.inBundle) {
      if (!entry.version) problems.push(`${key}: lockfile entry without version`);
      continue;
    }
    if (!entry.version || !entry.integrity)
      problems.push(`${key}: lockfile entry without ${entry.version ? "integrity" : "version"}`);
  }
  return problems;
}

/** "node_modules/a/node_modules/@s/b" → "@s/b". */
function packageNameOf(key: string): string | null {
  const i = key.lastIndexOf("node_modules/");
  return i < 0 ? null : key.slice(i + "node_modules/".length);
}

export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.resolve(file), "utf8")) as T;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const advisories = readJson<AdvisoryFile>("security/advisories.json");
  const problems = checkSupplyChain(
    readJson<Lockfile>("package-lock.json"),
    readJson<PackageJson>("package.json"),
    advisories,
  );
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    console.error(`supply-chain gate failed: ${problems.length} problem(s)`);
    process.exit(1);
  }
  const floors = Object.entries(advisories.packages)
    .map(([name, rule]) => `${name} ≥ ${rule.minimum ?? "(none known)"}`)
    .join(", ");
  console.log(
    `supply-chain gate passed: every dependency pinned by the lockfile; ${floors} (advisories checked ${advisories.checked})`,
  );
}
