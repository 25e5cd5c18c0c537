/**
 * Applies the committed SQL migrations with whichever driver is configured.
 * On PostgreSQL a session-level advisory lock keeps several starting instances from migrating at once. A
 * session lock needs one server connection from lock to unlock, which a transaction pooler does not promise:
 * migrations therefore go to DATABASE_DIRECT_URL (PostgreSQL itself) when it is set, and lib/env.ts refuses
 * DATABASE_POOLER=transaction without it.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { getHandle } from "./client";
import { dbSettings } from "./settings";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");
const MIGRATION_LOCK = 727_270_001;

export async function migrateDatabase(): Promise<void> {
  const handle = await getHandle();
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // One connection for lock + migrate + unlock: advisory locks belong to a session.
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const url = dbSettings().migrationUrl as string;
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
