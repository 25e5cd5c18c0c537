/**
 * Applies the committed SQL migrations, then the SQL functions, with whichever driver is configured.
 *
 * Every SQL function lives in one file, db/functions/<name>.sql (`CREATE OR REPLACE FUNCTION <name>(…)`, its
 * current definition); migrations define none. After the pending migrations, in the same transaction, every file
 * is applied: a function whose arguments changed leaves no older overload behind, and one PostgreSQL will not
 * replace in place (another result type, renamed arguments) is dropped and created again. Each function carries
 * its file's hash as its comment, so a database whose migrations are all recorded is left alone only when every
 * function is its file's (hash, body, one overload); a changed file alone is applied at the next boot.
 * A migration whose own statements need a function (a trigger's CREATE TRIGGER, a DO block calling it) names it
 * at that point on a line of its own, `--> function: db/functions/<name>.sql`: the file is applied there, before
 * the statement that follows, so a database built from nothing gets each guard when its table does. That line is
 * a comment to anything else, so Drizzle's own migrator (drizzle-kit migrate) must not run these migrations.
 * A function no file defines any more is dropped by a migration (DROP FUNCTION IF EXISTS).
 *
 * The record of applied migrations is Drizzle's (drizzle.__drizzle_migrations: hash and the journal's `when`);
 * as with Drizzle's migrator, a migration is applied when its `when` is newer than the newest record, and the
 * recorded hashes of older migrations are not compared with the files.
 * On PostgreSQL a session-level advisory lock keeps several starting instances from migrating at once. A
 * session lock needs one server connection from lock to unlock, which a transaction pooler does not promise:
 * migrations therefore go to DATABASE_DIRECT_URL (PostgreSQL itself) when it is set, and lib/env.ts refuses
 * DATABASE_POOLER=transaction without it.
 * When every migration is recorded and every function is its file's, nothing else is sent: the app's own role
 * (db/roles.ts), which may read the record but create nothing, starts on a database its owner migrated (README,
 * Deploy).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Db, type DbOrTx, getHandle, rowsOf } from "./client";
import { dbSettings } from "./settings";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");
export const FUNCTIONS_FOLDER = path.resolve(process.cwd(), "db/functions");
const MIGRATION_LOCK = 727_270_001;
/** A migration's line that applies one function file at that point. */
const NEEDS_FUNCTION = /^--> function: db\/functions\/([a-z0-9_]+)\.sql[ \t]*$/gm;

export async function migrateDatabase(): Promise<void> {
  const handle = await getHandle();
  if (handle.kind === "pglite") {
    await migrateOn(handle.db);
    return;
  }
  // One connection for lock + migrate + unlock: advisory locks belong to a session.
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const url = dbSettings().migrationUrl as string;
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client) as unknown as Db;
    if ((await allApplied(db)) && (await functionsCurrent(db, readFunctionFiles()))) return;
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrateOn(db);
    } catch (e) {
      throw notTheOwner(e) ?? e;
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * The pending migrations and then every function file, in one transaction on `db` (no lock: the caller holds it
 * when several processes may migrate at once). Nothing is written when nothing is pending and every function is
 * its file's.
 */
export async function migrateOn(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const functions = readFunctionFiles();
  const byName = new Map(functions.map((f) => [f.name, f]));
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
    id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const [last] = rowsOf<{ created_at: string | number | null }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  );
  const pending = migrations.filter((m) => !last || Number(last.created_at) < m.folderMillis);
  if (!pending.length && (await functionsCurrent(db, functions))) return;
  await db.transaction(async (tx) => {
    for (const m of pending) {
      for (const statement of m.sql) {
        for (const [, name] of statement.matchAll(NEEDS_FUNCTION)) {
          const f = byName.get(name!);
          if (!f) throw new Error(`a migration needs db/functions/${name}.sql, which does not exist`);
          // The file is today's definition, which may name what later migrations add: its body is checked when
          // every file is applied again below, with the database complete.
          await applyFunction(tx, f, false);
        }
        if (!onlyComments(statement)) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into drizzle.__drizzle_migrations ("hash", "created_at")
        values (${m.hash}, ${m.folderMillis})`);
    }
    for (const f of functions) await applyFunction(tx, f);
  });
}

/** One file of db/functions. */
export type FunctionFile = {
  name: string;
  /** The whole file: a comment saying what rule the function holds, then its one CREATE OR REPLACE statement. */
  text: string;
  /** Name and argument types, as to_regprocedure() and DROP FUNCTION read them. */
  identity: string;
  /** What PostgreSQL keeps as the function's source (pg_proc.prosrc): the text between the dollar quotes. */
  body: string;
  /** The function's comment in the database: the file's path and SHA-256. */
  stamp: string;
};

/** Every db/functions/<name>.sql, in name order; a file that does not define its own name is refused. */
export function readFunctionFiles(folder = FUNCTIONS_FOLDER): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => {
      const name = file.slice(0, -".sql".length);
      const text = fs.readFileSync(path.join(folder, file), "utf8");
      const head = new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, "m").exec(text);
      if (!head) throw new Error(`db/functions/${file}: no line starts with CREATE OR REPLACE FUNCTION ${name}(`);
      const open = head.index + head[0].length - 1;
      const close = closingParen(text, open);
      const quote = /\bAS\s+(\$[A-Za-z_]*\$)/.exec(text.slice(close));
      if (!quote) throw new Error(`db/functions/${file}: no dollar-quoted body`);
      const bodyStart = close + quote.index + quote[0].length;
      const bodyEnd = text.indexOf(quote[1]!, bodyStart);
      if (bodyEnd < 0) throw new Error(`db/functions/${file}: the body's ${quote[1]} is not closed`);
      const types = splitArguments(text.slice(open + 1, close)).flatMap((a) => argumentType(a, file));
      return {
        name,
        text,
        identity: `${name}(${types.join(", ")})`,
        body: text.slice(bodyStart, bodyEnd),
        stamp: `db/functions/${file} sha256:${crypto.createHash("sha256").update(text).digest("hex")}`,
      };
    });
}

/** The index of the parenthesis closing the one at `open` (quotes and nested parentheses skipped). */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    const skipTo = c === "'" || c === '"' ? c : c === "-" && text[i + 1] === "-" ? "\n" : null;
    if (skipTo) i = text.indexOf(skipTo, i + 1);
    if (i < 0) break;
    if (skipTo) continue;
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  throw new Error(`unbalanced parentheses in: ${text.slice(open, open + 80)}`);
}

/** The argument list split at its top-level commas (comments left out). */
function splitArguments(withComments: string): string[] {
  const list = withComments.replace(/--[^\n]*/g, "");
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === "(") depth++;
    else if (list[i] === ")") depth--;
    else if (list[i] === "," && depth === 0) {
      out.push(list.slice(from, i));
      from = i + 1;
    }
  }
  out.push(list.slice(from));
  return out.map((a) => a.trim()).filter(Boolean);
}

/** `[mode] name type [DEFAULT …]` → the type ([] for OUT: not part of the identity). Arguments are named here. */
function argumentType(argument: string, file: string): string[] {
  const words = argument.replace(/\s+(DEFAULT\s|=).*$/is, "").split(/\s+/);
  const mode = /^(IN|OUT|INOUT|VARIADIC)$/i.test(words[0]!) ? words.shift()!.toUpperCase() : "IN";
  if (words.length < 2) throw new Error(`db/functions/${file}: argument "${argument}" has no name`);
  return mode === "OUT" ? [] : [words.slice(1).join(" ")];
}

const onlyComments = (statement: string) => statement.split("\n").every((l) => /^\s*(--.*)?$/.test(l));

/**
 * Creates or replaces `f`'s function, drops its other overloads and stamps it, in one statement. PostgreSQL replaces
 * a function in place only with the same result type and argument names (SQLSTATE 42P13, invalid_function_definition,
 * otherwise): then the old one is dropped first — never with CASCADE, so a trigger that still uses it stops the
 * migration instead of vanishing. With `checkBodies` false the body is not checked against the schema (see
 * migrateOn); the setting is restored afterwards.
 */
async function applyFunction(db: DbOrTx, f: FunctionFile, checkBodies = true): Promise<void> {
  for (const tag of ["$wld_apply$", "$wld_file$"])
    if (f.text.includes(tag)) throw new Error(`db/functions/${f.name}.sql may not contain ${tag}`);
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const create = `EXECUTE $wld_file$${f.text}$wld_file$;`;
  await db.execute(
    sql.raw(`DO $wld_apply$
DECLARE
  was text := current_setting('check_function_bodies');
  made regprocedure;
  other regprocedure;
BEGIN
  PERFORM set_config('check_function_bodies', ${checkBodies ? "was" : "'off'"}, true);
  BEGIN
    ${create}
  EXCEPTION WHEN invalid_function_definition THEN
    EXECUTE ${literal(`DROP FUNCTION ${f.identity}`)};
    ${create}
  END;
  PERFORM set_config('check_function_bodies', was, true);
  made := to_regprocedure(${literal(f.identity)});
  IF made IS NULL THEN
    RAISE EXCEPTION 'db/functions/%.sql made no function %', ${literal(f.name)}, ${literal(f.identity)};
  END IF;
  FOR other IN SELECT p.oid FROM pg_proc p
    WHERE p.proname = ${literal(f.name)} AND p.pronamespace = current_schema()::regnamespace AND p.oid <> made
  LOOP
    EXECUTE format('DROP FUNCTION %s', other);
  END LOOP;
  EXECUTE format('COMMENT ON FUNCTION %s IS %L', made, ${literal(f.stamp)});
END
$wld_apply$`),
  );
}

/** True when every file's function exists once, with the file's body and stamp (reads only). */
async function functionsCurrent(db: Db, functions: FunctionFile[]): Promise<boolean> {
  const expected = functions.map((f) => ({
    name: f.name,
    identity: f.identity,
    body: crypto.createHash("sha256").update(f.body).digest("hex"),
    stamp: f.stamp,
  }));
  try {
    const [row] = rowsOf<{ off: number }>(
      await db.execute(sql`SELECT count(*)::int AS off
        FROM jsonb_to_recordset(${JSON.stringify(expected)}::jsonb)
          AS f(name text, identity text, body text, stamp text)
        WHERE NOT EXISTS (
            SELECT 1 FROM pg_proc p WHERE p.oid = to_regprocedure(f.identity)
              AND encode(sha256(convert_to(p.prosrc, 'UTF8')), 'hex') = f.body
              AND obj_description(p.oid, 'pg_proc') = f.stamp)
          OR (SELECT count(*) FROM pg_proc p
              WHERE p.proname = f.name AND p.pronamespace = current_schema()::regnamespace) <> 1`),
    );
    return row?.off === 0;
  } catch {
    return false; // a type the signature names does not exist (yet): not current
  }
}

function sqlState(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.cause?.code ?? err.code;
}

/** A migration refused for lack of privilege: the app's role met a pending migration it may not apply. */
function notTheOwner(e: unknown): Error | null {
  if (sqlState(e) !== "42501") return null;
  return new Error(
    "migrations are pending (db/migrations, or a changed file in db/functions) and this connection's role may not " +
      "apply them: run npm run db:migrate (then npm run db:roles) as the tables' owner (README, Deploy)",
    { cause: e },
  );
}

/** True when the newest migration in the folder is recorded (a migration newer than the newest record is applied). */
async function allApplied(db: Db): Promise<boolean> {
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
