/**
 * With TEST_DATABASE_URL: one migrated template database per run; every test file then gets its own
 * database cloned from it (tests/support/setup-db.ts), and everything is dropped at the end.
 * Without it: one in-memory PGlite is migrated here and its data directory dumped to a file; every test file
 * then opens its own in-memory PGlite loaded from that dump. Starting PGlite from scratch (its initdb) and
 * migrating it took most of a file's time, over and over; loading the dump gives the same migrated database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import postgres from "postgres";

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("pgTemplate", "");
    const snapshot = await pgliteSnapshot();
    project.provide("pgliteSnapshot", snapshot);
    return () => fs.rmSync(snapshot, { force: true });
  }
  project.provide("pgliteSnapshot", "");
  const template = `wld_tpl_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${template}`);
  const target = new URL(url);
  target.pathname = `/${template}`;
  process.env.DATABASE_URL = target.toString();
  const { migrateDatabase } = await import("../../db/migrate");
  await migrateDatabase();
  const { closeDb } = await import("../../db/client");
  await closeDb();
  delete process.env.DATABASE_URL;
  project.provide("pgTemplate", template);
  console.log(`integration tests on PostgreSQL (${new URL(url).host}), template database ${template}`);

  return async () => {
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`wld_t_${process.pid}_%`} or datname = ${template}`;
    for (const { datname } of leftovers) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

/** Migrates an in-memory PGlite and writes its data directory (a tar) to a temporary file; answers the file. */
async function pgliteSnapshot(): Promise<string> {
  const saved = { url: process.env.DATABASE_URL, dir: process.env.DATA_DIR };
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = "memory://";
  try {
    const { migrateDatabase } = await import("../../db/migrate");
    const { getDb, closeDb } = await import("../../db/client");
    await migrateDatabase();
    const client = ((await getDb()) as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const file = path.join(os.tmpdir(), `wld-pglite-${process.pid}-${Date.now()}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await closeDb();
    return file;
  } finally {
    if (saved.url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved.url;
    if (saved.dir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved.dir;
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    /** The migrated PGlite's dumped data directory (a file), or "" on PostgreSQL. */
    pgliteSnapshot: string;
  }
}
