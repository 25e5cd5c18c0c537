/**
 * With TEST_DATABASE_URL: one migrated template database per run; every test file then gets its own
 * database cloned from it (tests/support/setup-db.ts), and everything is dropped at the end.
 * Without it: nothing to do — each file migrates its own in-memory PGlite.
 */
import type { TestProject } from "vitest/node";
import postgres from "postgres";

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("pgTemplate", "");
    return;
  }
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

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
