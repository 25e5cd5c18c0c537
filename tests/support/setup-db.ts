/**
 * Gives each test file a fresh, migrated database before any app module opens one:
 * a clone of the run's template on PostgreSQL, or an in-memory PGlite loaded from the run's migrated dump
 * (tests/support/global-setup.ts; migrated here when there is none).
 */
import fs from "node:fs";
import postgres from "postgres";
import { afterAll, inject } from "vitest";

process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.FILE_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.UPBIT_API_URL ??= "http://127.0.0.1:9";
process.env.BINANCE_API_URL ??= "http://127.0.0.1:9";

const template = inject("pgTemplate");
const baseUrl = process.env.TEST_DATABASE_URL;
let dropName: string | undefined;

if (template && baseUrl) {
  const name = `wld_t_${process.ppid}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropName = name;
} else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = "memory://";
  const snapshot = inject("pgliteSnapshot");
  if (snapshot) await openFromSnapshot(snapshot);
  else {
    const { migrateDatabase } = await import("../../db/migrate");
    await migrateDatabase();
  }
}

/**
 * Opens the app's database handle (db/client.ts) now, its in-memory PGlite loaded from `file`. Only this one
 * PGlite.create gets the dump: a test that makes its own empty in-memory database still gets an empty one.
 */
async function openFromSnapshot(file: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const original = PGlite.create;
  const create = original.bind(PGlite) as (dataDir: string, options?: object) => ReturnType<typeof original>;
  const loadDataDir = new Blob([fs.readFileSync(file)]);
  PGlite.create = ((dataDir: string, options?: object) =>
    create(dataDir, { ...options, loadDataDir })) as typeof PGlite.create;
  try {
    const { getHandle } = await import("../../db/client");
    await getHandle();
  } finally {
    PGlite.create = original;
  }
}

afterAll(async () => {
  const { closeDb } = await import("../../db/client");
  await closeDb();
  if (dropName && baseUrl) {
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
    await admin.end();
  }
});

/** True when this file runs on a real PostgreSQL server. */
export const onPostgres = () => Boolean(process.env.DATABASE_URL);
