/**
 * The driver's settings and its data directory. Read from the environment here, so that db/ needs nothing
 * from lib/ (lib/env.ts declares and validates the same variables, and the rest, when the server starts). The
 * only file outside lib/env.ts that reads process.env (biome.json: noProcessEnv). Kept apart from
 * db/client.ts so lib/secret.ts can use the directory without loading the schema.
 */
import fs from "node:fs";
import path from "node:path";

/** Where the embedded database lives when DATA_DIR is unset. */
export const DEFAULT_DATA_DIR = "./.data";

export type DbSettings = {
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * DATABASE_POOLER=transaction: DATABASE_URL is a transaction pooler (PgBouncer `pool_mode = transaction`),
   * where consecutive statements of one client may run on different server connections. Named prepared
   * statements and session state then do not survive, so the driver sends every statement unprepared.
   */
  transactionPooler: boolean;
  /** Where migrations go: DATABASE_DIRECT_URL (PostgreSQL itself, for the session-level lock), else DATABASE_URL. */
  migrationUrl: string | undefined;
  /** DB_POOL_MAX: connections the pool opens (10 by default). */
  poolMax: number;
  /** WLD_STATEMENT_COUNT_FILE: profiling only, where every statement sent is counted (db/client.ts). */
  statementCountFile: string | undefined;
  /** DATABASE_REPLICA_URL: a streaming replica for the reads that may be stale (db/replica.ts). */
  replicaUrl: string | undefined;
  /** DATABASE_REPLICA_MAX_LAG_MS: beyond this lag (5,000 ms by default) the replica is not read. */
  replicaMaxLagMs: number;
};

export function dbSettings(): DbSettings {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  return {
    databaseUrl,
    dataDir: process.env.DATA_DIR || DEFAULT_DATA_DIR,
    transactionPooler: process.env.DATABASE_POOLER === "transaction",
    migrationUrl: process.env.DATABASE_DIRECT_URL || databaseUrl,
    poolMax: Number(process.env.DB_POOL_MAX || 10),
    statementCountFile: process.env.WLD_STATEMENT_COUNT_FILE || undefined,
    replicaUrl: process.env.DATABASE_REPLICA_URL || undefined,
    replicaMaxLagMs: Number(process.env.DATABASE_REPLICA_MAX_LAG_MS || 5_000),
  };
}

/**
 * `dir` (DATA_DIR by default), created if needed and open to this user only (0700, tightened when it already
 * exists): the embedded database holds password hashes and encrypted ID images, and embedded mode keeps its
 * generated secrets there.
 */
export function privateDataDir(dir = dbSettings().dataDir): string {
  // A directory chosen at run time: the ignore comments keep the build's file tracing from copying the whole
  // project into the standalone output (it cannot know which folder this will be).
  const full = path.resolve(/*turbopackIgnore: true*/ dir);
  fs.mkdirSync(/*turbopackIgnore: true*/ full, { recursive: true, mode: 0o700 });
  if ((fs.statSync(/*turbopackIgnore: true*/ full).mode & 0o777) !== 0o700)
    fs.chmodSync(/*turbopackIgnore: true*/ full, 0o700);
  return full;
}
