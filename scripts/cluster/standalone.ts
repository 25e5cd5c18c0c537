/**
 * The standalone build as a deployment installs it: .next/standalone (server.js and the traced node_modules,
 * db/migrations and db/functions included by next.config.ts) with .next/static and public/ next to it, which
 * `next build` leaves out on purpose (a CDN may serve them), and deploy/drain-on-sigterm.cjs. Staged in a directory
 * of its own, so a later `next build` in the work tree cannot change the files under running instances.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Preloaded by every instance: `node --require ./drain-on-sigterm.cjs server.js`. */
export const DRAIN = "drain-on-sigterm.cjs";
/** Why there is no usable standalone build in `root`/.next, or null. */
export function standaloneProblem(root = ROOT): string | null {
  const STANDALONE = path.join(root, ".next/standalone");
  if (!fs.existsSync(path.join(STANDALONE, "server.js")))
    return "no standalone build (.next/standalone/server.js): run `npx next build`";
  const built = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "");
  if (built(path.join(root, ".next/BUILD_ID")) !== built(path.join(STANDALONE, ".next/BUILD_ID")))
    return ".next/standalone belongs to an older build than .next: run `npx next build`";
  if (!fs.existsSync(path.join(STANDALONE, "db/migrations/meta/_journal.json")))
    return "the standalone build has no db/migrations (next.config.ts outputFileTracingIncludes)";
  if (!fs.existsSync(path.join(STANDALONE, "db/functions/ledger_post.sql")))
    return "the standalone build has no db/functions (next.config.ts outputFileTracingIncludes)";
  return null;
}

/** Builds when there is no usable standalone build (`next build`, output streamed). */
export function buildIfNeeded(log: (line: string) => void): void {
  const problem = standaloneProblem();
  if (!problem) return;
  log(`${problem} — building`);
  const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`next build failed (${r.status})`);
  const still = standaloneProblem();
  if (still) throw new Error(still);
}

/** Copies the standalone build, .next/static and public/ of `root` into `dest` (replaced); returns the BUILD_ID. */
export function stageStandalone(dest: string, root = ROOT): string {
  const problem = standaloneProblem(root);
  if (problem) throw new Error(problem);
  fs.rmSync(dest, { recursive: true, force: true });
  fs.cpSync(path.join(root, ".next/standalone"), dest, { recursive: true, verbatimSymlinks: true });
  fs.cpSync(path.join(root, ".next/static"), path.join(dest, ".next/static"), { recursive: true });
  if (fs.existsSync(path.join(root, "public")))
    fs.cpSync(path.join(root, "public"), path.join(dest, "public"), { recursive: true });
  // The SIGTERM drain every instance preloads (deploy/drain-on-sigterm.cjs).
  fs.copyFileSync(path.join(ROOT, "deploy", DRAIN), path.join(dest, DRAIN));
  return fs.readFileSync(path.join(dest, ".next/BUILD_ID"), "utf8").trim();
}
