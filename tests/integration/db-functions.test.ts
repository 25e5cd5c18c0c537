/**
 * Every SQL function has one home, db/functions/<name>.sql, applied by db/migrate.ts after the migrations (and, for a
 * trigger's guard, where a migration names it). On PGlite and PostgreSQL:
 * - no function is defined in more than one file, and no migration defines one;
 * - the database's functions are exactly the files': each file's definition (pg_get_functiondef of the file run in a
 *   scratch schema, compared with the one in public), one overload per name, stamped with the file's hash;
 * - a database the previous layout built (the migrations of BASELINE, where the functions lived in migrations, run
 *   by Drizzle's migrator — in full, and on PostgreSQL also stopped before the request functions changed their
 *   arguments), migrated again by today's code, ends with the fresh database's functions and triggers;
 * - a function changed behind the files' back (another body, an extra overload, another result type, no stamp) is
 *   put back by the next migration run although every migration is recorded.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, TransactionRollbackError } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { type Db, getDb, rowsOf } from "@/db/client";
import { FUNCTIONS_FOLDER, MIGRATIONS_FOLDER, migrateDatabase, migrateOn, readFunctionFiles } from "@/db/migrate";
import { onPostgres } from "../support/setup-db";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
/** The last commit whose migrations defined the SQL functions themselves. */
const BASELINE = "04b3118686129dd500d09aed57f3d50df341b755";
const DEFINES = /CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?\s*\(/gi;

type Fn = { sig: string; def: string; stamp: string | null };
type Trigger = { tbl: string; name: string; def: string };

/** The schema's own functions (an extension's left out), by signature. */
async function functionsOf(db: Db): Promise<Fn[]> {
  return rowsOf<Fn>(
    await db.execute(sql`
      SELECT p.oid::regprocedure::text AS sig, pg_get_functiondef(p.oid) AS def,
             obj_description(p.oid, 'pg_proc') AS stamp
      FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`),
  );
}

async function triggersOf(db: Db): Promise<Trigger[]> {
  return rowsOf<Trigger>(
    await db.execute(sql`
      SELECT t.tgrelid::regclass::text AS tbl, t.tgname AS name, pg_get_triggerdef(t.oid) AS def
      FROM pg_trigger t WHERE NOT t.tgisinternal ORDER BY 1, 2`),
  );
}

describe(`SQL functions have one home, db/functions (${where})`, () => {
  it("no function is defined in more than one file, and no migration defines one", () => {
    const homes = new Map<string, string[]>();
    const files = [
      ...fs.readdirSync(MIGRATIONS_FOLDER).map((f) => path.join(MIGRATIONS_FOLDER, f)),
      ...fs.readdirSync(FUNCTIONS_FOLDER).map((f) => path.join(FUNCTIONS_FOLDER, f)),
    ].filter((f) => f.endsWith(".sql"));
    for (const file of files)
      for (const [, name] of fs.readFileSync(file, "utf8").matchAll(DEFINES)) {
        const at = path.relative(process.cwd(), file);
        homes.set(name!.toLowerCase(), [...(homes.get(name!.toLowerCase()) ?? []), at]);
      }
    expect(homes.size).toBeGreaterThanOrEqual(18);
    for (const [name, at] of homes) expect(at, name).toEqual([`db/functions/${name}.sql`]);
    // Each file starts with the comment saying what rule its function holds.
    for (const f of readFunctionFiles()) expect(f.text, f.name).toMatch(/^-- \S/);
  });

  it("a trigger a migration creates runs a function that migration, or an earlier one, names", () => {
    const named = new Set<string>();
    const files = new Set(readFunctionFiles().map((f) => f.name));
    for (const file of fs
      .readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8");
      for (const [, name] of text.matchAll(/^--> function: db\/functions\/([a-z0-9_]+)\.sql/gm)) {
        expect(files.has(name!), `${file} names ${name}`).toBe(true);
        named.add(name!);
      }
      for (const [, name] of text.matchAll(/EXECUTE FUNCTION ([a-z0-9_]+)\(/g))
        expect(named.has(name!), `${file}: a trigger runs ${name}()`).toBe(true);
    }
  });

  it("the database's functions are exactly the files': same definitions, one overload each, stamped", async () => {
    const db = await getDb();
    const files = readFunctionFiles();
    const found = await functionsOf(db);
    const [expected] = rowsOf<{ sigs: string[] }>(
      await db.execute(sql`SELECT array_agg(to_regprocedure(s)::text ORDER BY 1) AS sigs
        FROM jsonb_array_elements_text(${JSON.stringify(files.map((f) => f.identity))}::jsonb) AS s`),
    );
    expect(found.map((f) => f.sig).sort()).toEqual([...expected!.sigs].sort());
    for (const f of files) {
      const mine = found.find((x) => x.sig.startsWith(`${f.name}(`));
      expect(mine?.stamp, f.name).toBe(f.stamp);
      // The file run again in a schema of its own: PostgreSQL's rendering of both definitions must be the same.
      let scratch = "";
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`CREATE SCHEMA fn_check`);
          await tx.execute(sql`SET LOCAL search_path = fn_check, public`);
          await tx.execute(sql.raw(f.text));
          const [row] = rowsOf<{ def: string; src: string }>(
            await tx.execute(sql`SELECT pg_get_functiondef(p.oid) AS def, p.prosrc AS src FROM pg_proc p
              WHERE p.proname = ${f.name} AND p.pronamespace = 'fn_check'::regnamespace`),
          );
          expect(row!.src, f.name).toBe(f.body);
          scratch = row!.def.replace(`FUNCTION fn_check.${f.name}(`, `FUNCTION public.${f.name}(`);
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof TransactionRollbackError)) throw e;
        });
      expect(scratch, f.name).toContain(f.body);
      expect(mine?.def, f.name).toBe(scratch);
    }
  });

  it("a function changed behind the files' back is put back by the next run, every migration being recorded", async () => {
    const db = await getDb();
    const before = await functionsOf(db);
    await db.execute(sql`CREATE OR REPLACE FUNCTION outgoing_krw(p_user_id integer, p_start timestamptz,
      p_end timestamptz, p_exclude bigint) RETURNS numeric LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN 0; END $$`);
    await db.execute(
      sql`CREATE FUNCTION ledger_post(p_kind text) RETURNS jsonb LANGUAGE sql AS $$ SELECT '{}'::jsonb $$`,
    );
    await db.execute(sql`DROP FUNCTION expire_stale_quotes(integer, bigint)`);
    await db.execute(sql`CREATE FUNCTION expire_stale_quotes(p_user_id integer, p_id bigint) RETURNS bigint
      LANGUAGE sql AS $$ SELECT 0::bigint $$`);
    await db.execute(sql.raw(`COMMENT ON FUNCTION money_records_kept() IS NULL`));
    expect(await functionsOf(db)).not.toEqual(before);
    await migrateDatabase();
    expect(await functionsOf(db)).toEqual(before);
  });
});

/** The migrations folder of BASELINE, written to a temporary directory; its journal cut after `through` if given. */
function baselineMigrations(through?: string): string | null {
  let listing: string;
  try {
    listing = execFileSync("git", ["ls-tree", "-r", "--name-only", BASELINE, "db/migrations"], { encoding: "utf8" });
  } catch {
    return null; // no history (an exported tree, a shallow clone)
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wld-baseline-migrations-"));
  for (const file of listing.split("\n").filter(Boolean)) {
    const target = path.join(dir, path.relative("db/migrations", file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, execFileSync("git", ["show", `${BASELINE}:${file}`]));
  }
  if (through) {
    const journalPath = path.join(dir, "meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const end = journal.entries.findIndex((e) => e.tag === through);
    journal.entries = journal.entries.slice(0, end + 1);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
  }
  return dir;
}

const scratchDirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  for (const d of scratchDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A new empty database of this run's kind, migrated from `folder` by Drizzle's own migrator (the previous runner). */
async function migratedByBaseline(folder: string): Promise<Db> {
  if (!onPostgres()) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
    cleanups.push(() => client.close());
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    return db as unknown as Db;
  }
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `wld_fn_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  cleanups.push(async () => {
    await client.end({ timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  return db as unknown as Db;
}

describe(`a database the previous layout built, migrated by today's code (${where})`, () => {
  const full = baselineMigrations();
  if (full) scratchDirs.push(full);

  // Through 0013, the old request_cancel(bigint, integer) and transfer_request_open of 13 arguments exist: the
  // later migrations drop them, and the triggers of 0014–0028 get their functions where those migrations name them.
  // (On PostgreSQL only: the runner is the same on both, and a third migration from nothing costs PGlite ~15 s.)
  const cases: [string, string | undefined][] = [["every migration of the baseline", undefined]];
  if (onPostgres()) cases.push(["the baseline's migrations through 0013", "0013_admin_accounts_guard"]);
  it.each(cases)("%s: the same functions and triggers as a fresh database", async (_label, through) => {
    if (!full) {
      console.warn(`db-functions: git cannot show ${BASELINE}; the upgrade from the previous layout is not checked`);
      return;
    }
    const folder = through ? baselineMigrations(through) : full;
    if (through) scratchDirs.push(folder!);
    const old = await migratedByBaseline(folder!);
    if (!through) {
      // The baseline's transfer_request_open takes its refusals as flags: another argument list, dropped.
      const sigs = (await functionsOf(old)).map((f) => f.sig);
      expect(sigs.some((s) => s.startsWith("transfer_request_open(") && s.includes(",text,boolean,"))).toBe(true);
    }
    await migrateOn(old);
    const fresh = await getDb();
    expect(await functionsOf(old)).toEqual(await functionsOf(fresh));
    expect(await triggersOf(old)).toEqual(await triggersOf(fresh));
  });
});
