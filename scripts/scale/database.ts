import { spawnSync } from "node:child_process";

/**
 * The simulation's database (scripts/scale/generate.ts fills it, scripts/scale/measure.ts reads it): a separate
 * local PostgreSQL database, `wld_scale` on 127.0.0.1:5432 unless SCALE_DATABASE_URL names another, so that a
 * 1,000,000-member data set never lands in a database anything else uses.
 */
export const SCALE_DATABASE_URL = process.env.SCALE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/wld_scale";

/** The same server's maintenance database, from which the simulation's database is dropped and created. */
export function maintenanceUrl(): string {
  const url = new URL(SCALE_DATABASE_URL);
  url.pathname = "/postgres";
  return url.toString();
}

/** The database's name, checked to be a plain identifier (it is spliced into CREATE/DROP DATABASE). */
export function scaleDatabaseName(): string {
  const name = decodeURIComponent(new URL(SCALE_DATABASE_URL).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`SCALE_DATABASE_URL: unexpected database name "${name}"`);
  return name;
}

/** The generator's own bookkeeping (plan tables, progress, the simulated calendar) lives in this schema. */
export const GEN_SCHEMA = "scale_gen";

/** The project's own checks on the simulation's database: the ledger's invariants and the audit log's hash chain.
 * Answers how many failed. */
export function projectChecks(log: (line: string) => void): number {
  let failed = 0;
  for (const check of ["ledger:check", "audit:verify"]) {
    log(`npm run ${check}`);
    const run = spawnSync("npm", ["run", "--silent", check], {
      env: { ...process.env, DATABASE_URL: SCALE_DATABASE_URL },
      stdio: "inherit",
    });
    if (run.status !== 0) failed++;
  }
  return failed;
}
