/**
 * The driver's settings and its data directory. Read from the environment here, so that db/ needs nothing
 * from lib/ (lib/env.ts validates the same variables, and the rest, when the server starts). Kept apart from
 * db/client.ts so lib/secret.ts can use the directory without loading the schema.
 */
import fs from "node:fs";
import path from "node:path";

/** Where the embedded database lives when DATA_DIR is unset. */
export const DEFAULT_DATA_DIR = "./.data";

export function dbSettings(): { databaseUrl: string | undefined; dataDir: string } {
  return { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || DEFAULT_DATA_DIR };
}

/**
 * `dir` (DATA_DIR by default), created if needed and open to this user only (0700, tightened when it already
 * exists): the embedded database holds password hashes and encrypted ID images, and embedded mode keeps its
 * generated secrets there.
 */
export function privateDataDir(dir = dbSettings().dataDir): string {
  const full = path.resolve(dir);
  fs.mkdirSync(full, { recursive: true, mode: 0o700 });
  if ((fs.statSync(full).mode & 0o777) !== 0o700) fs.chmodSync(full, 0o700);
  return full;
}
