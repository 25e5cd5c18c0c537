/**
 * The supply-chain gate (scripts/supply-chain.ts) on the real lockfile, package.json and
 * security/advisories.json, and on doctored copies of the lockfile.
 */
import { describe, expect, it } from "vitest";
import { type AdvisoryFile, checkSupplyChain, type Lockfile, type PackageJson, readJson } from "@/scripts/supply-chain";

const lock = () => readJson<Lockfile>("package-lock.json");
const pkg = readJson<PackageJson>("package.json");
const advisories = readJson<AdvisoryFile>("security/advisories.json");

describe("supply-chain gate", () => {
  it("lists next, react, react-dom, next-auth, sharp, drizzle-orm and postgres, each with advisories or 'none known'", () => {
    expect(Object.keys(advisories.packages).sort()).toEqual(
      ["drizzle-orm", "next", "next-auth", "postgres", "react", "react-dom", "sharp"].sort(),
    );
    for (const rule of Object.values(advisories.packages)) {
      if (rule.minimum === null) expect(rule.none).toMatch(/none known/i);
      else expect(rule.advisories.length).toBeGreaterThan(0);
    }
  });

  it("passes on the real lockfile", () => {
    expect(checkSupplyChain(lock(), pkg, advisories)).toEqual([]);
  });

  it("fails when a listed package resolves below its minimum, naming the package and the advisory", () => {
    const doctored = lock();
    doctored.packages!["node_modules/next"]!.version = "16.0.6";
    const problems = checkSupplyChain(doctored, pkg, advisories);
    const line = problems.find((p) => p.startsWith("next 16.0.6"));
    expect(line).toContain("below the patched minimum 16.4.5");
    expect(line).toContain("GHSA-9qr9-h5gf-34mp / CVE-2025-66478");
    // 16.0.6 is also outside package.json's ~16.4.6: the lockfile would not be what package.json asks for.
    expect(problems.some((p) => p.startsWith("next: the lockfile's 16.0.6 does not satisfy"))).toBe(true);
  });

  it("checks nested copies too", () => {
    const doctored = lock();
    doctored.packages!["node_modules/some-tool/node_modules/drizzle-orm"] = {
      version: "0.44.7",
      integrity: "sha512-x",
    };
    expect(checkSupplyChain(doctored, pkg, advisories)).toEqual([
      "drizzle-orm 0.44.7 (node_modules/some-tool/node_modules/drizzle-orm) is below the patched minimum 0.45.2: GHSA-gpj5-g38j-94v9 / CVE-2026-39356",
    ]);
  });

  it("fails when a dependency is not pinned: missing from the lockfile, or without a version or integrity", () => {
    const missing = lock();
    delete missing.packages!["node_modules/zod"];
    expect(checkSupplyChain(missing, pkg, advisories)).toContain("zod: not pinned — missing from package-lock.json");

    const noIntegrity = lock();
    delete noIntegrity.packages!["node_modules/postgres"]!.integrity;
    expect(checkSupplyChain(noIntegrity, pkg, advisories)).toContain(
      "postgres: not pinned — the lockfile entry has no integrity",
    );

    const noVersion = lock();
    delete noVersion.packages!["node_modules/vitest"]!.version;
    expect(checkSupplyChain(noVersion, pkg, advisories)).toContain(
      "vitest: not pinned — the lockfile entry has no version",
    );
  });

  it("any other entry needs a version and an integrity, except a bundled one, which its parent's integrity covers", () => {
    const nested = lock();
    nested.packages!["node_modules/some-tool/node_modules/tslib"] = { version: "2.8.1" };
    expect(checkSupplyChain(nested, pkg, advisories)).toEqual([
      "node_modules/some-tool/node_modules/tslib: lockfile entry without integrity",
    ]);
    const bundled = lock();
    bundled.packages!["node_modules/some-tool/node_modules/tslib"] = { version: "2.8.1", inBundle: true };
    expect(checkSupplyChain(bundled, pkg, advisories)).toEqual([]);
    const bundledNoVersion = lock();
    bundledNoVersion.packages!["node_modules/some-tool/node_modules/tslib"] = { inBundle: true };
    expect(checkSupplyChain(bundledNoVersion, pkg, advisories)).toEqual([
      "node_modules/some-tool/node_modules/tslib: lockfile entry without version",
    ]);
  });

  it("fails when package.json names a dependency the lockfile does not know (npm install not run)", () => {
    const added: PackageJson = { ...pkg, dependencies: { ...pkg.dependencies, "left-pad": "^1.3.0" } };
    const problems = checkSupplyChain(lock(), added, advisories);
    expect(problems).toContain("left-pad: not pinned — missing from package-lock.json");
    expect(problems.some((p) => p.startsWith('left-pad: package.json dependencies says "^1.3.0"'))).toBe(true);
  });

  it("refuses an advisory file whose minimum is below an advisory it cites", () => {
    const lowered: AdvisoryFile = structuredClone(advisories);
    lowered.packages.sharp!.minimum = "0.34.5";
    expect(checkSupplyChain(lock(), pkg, lowered)).toContain(
      "security/advisories.json: sharp minimum 0.34.5 is below GHSA-f88m-g3jw-g9cj's fixed 0.35.0",
    );
  });
});
