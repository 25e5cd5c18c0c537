/**
 * Applies the committed SQL migrations with whichever driver is configured.
 * On PostgreSQL a session-level advisory lock keeps several starting instances from migrating at once. A
 * session lock needs one server connection from lock to unlock, which a transaction pooler does not promise:
 * migrations therefore go to DATABASE_DIRECT_URL (PostgreSQL itself) when it is set, and lib/env.ts refuses
 * DATABASE_POOLER=transaction without it.
 * When every migration is already recorded, nothing else is sent: the app's own role (db/roles.ts), which may read
 * the record but create nothing, starts on a database its owner migrated (README, Deploy).
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { getHandle, rowsOf } from "./client";
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
    if (await allApplied(db)) return;
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (e) {
      throw notTheOwner(e) ?? e;
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** A migration refused for lack of privilege: the app's role met a pending migration it may not apply. */
function notTheOwner(e: unknown): Error | null {
  const code = (e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
  if (code !== "42501") return null;
  return new Error(
    "migrations are pending and this connection's role may not apply them: run npm run db:migrate (then " +
      "npm run db:roles) as the tables' owner (README, Deploy)",
    { cause: e },
  );
}

/** True when the newest migration in the folder is recorded (drizzle applies those newer than its newest record). */
async function allApplied(db: PostgresJsDatabase): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  try {
    const [row] = rowsOf<{ last: string | null }>(
      await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
    );
    return Number(row?.last ?? 0) >= newest;
  } catch {
    return false; // no record yet (a fresh database): migrate, which creates it
  }
}
