/**
 * The app's own database role (README, Deploy). The app connects as a role that owns nothing: it reads and writes
 * the ordinary tables, reads, inserts and updates the money records it must never delete, and only reads and inserts
 * into the append-only ones, so no statement the app can be made to send empties, rewrites or unguards the audit
 * trail, the ledger or the money records (dropping, altering or switching off a trigger needs the owner). The
 * migrations run as the tables' owner; `npm run db:roles` (scripts/db-roles.ts) then creates or updates the app role,
 * also as the owner (or a superuser).
 *
 * The schema's own guards say which table is which, so a table a later migration adds with a guard is read here
 * without a change to this file. A guard is a trigger function that refuses TRUNCATE (a BEFORE TRUNCATE statement
 * trigger, migrations 0016, 0019) and also fires on each row:
 * - BEFORE UPDATE (and DELETE): append-only (audit_log, the ledger, the rate versions): SELECT and INSERT only;
 * - BEFORE DELETE only: never deleted, still updated (transactions, requests, request_events, travel_rule_records,
 *   kept 15 years, docs/operations.md): SELECT, INSERT and UPDATE.
 * TRUNCATE and TRIGGER are granted on no table.
 * A partitioned table (notifications, staking_rewards: monthly partitions, migration 0029) is granted as one table:
 * the app reaches every partition through it, its guards are declared on it and cloned onto each partition, and a
 * partition itself holds no privilege of the app role (ensure_month_partitions() revokes what default privileges
 * give a month it creates; a partition moved into the schema `archive` is out of the app's reach).
 *
 * Safe to repeat, and meant to be repeated after every migration: the role's privileges in the database are
 * revoked and granted again in one transaction. In between, default privileges give a table a later migration
 * creates the ordinary grants, so the app never stops on a new table (an append-only one is still guarded by its
 * triggers until this runs again). Roles belong to the whole PostgreSQL server and privileges to one database: the
 * operator names the role, and it is granted in each database it serves.
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "./client";

export const DEFAULT_APP_ROLE = "wld_app";
/** A plain lower-case identifier: the same name in connection URLs, PgBouncer's userlist and SQL, never quoted. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Why the role was not granted (nothing changed): the operator's one line. */
export class AppRoleRefused extends Error {}

export type AppRoleGrant = {
  role: string;
  /** The tables' owner, for whom the default privileges were set. */
  owner: string;
  database: string;
  created: boolean;
  passwordSet: boolean;
  /** SELECT, INSERT, UPDATE, DELETE. */
  tables: string[];
  /** SELECT, INSERT, UPDATE: the money records, never deleted. */
  noDelete: string[];
  /** SELECT, INSERT only. */
  appendOnly: string[];
  sequences: number;
  functions: number;
};

type Facts = {
  owner: string | null;
  owner_oid: string | null;
  database: string;
  exists: boolean;
  is_super: boolean | null;
  plain: boolean | null;
  member_of_owner: boolean | null;
  owns: number;
};

/** Creates `role` when missing and grants it exactly what the app needs, in one transaction (see above). */
export async function grantAppRole(db: DbOrTx, opts: { role: string; password?: string }): Promise<AppRoleGrant> {
  const { role, password } = opts;
  if (!ROLE_NAME.test(role))
    throw new AppRoleRefused(`not a plain role name: ${JSON.stringify(role)} (lower-case letters, digits and _)`);
  return db.transaction(async (tx) => {
    const facts = await readFacts(tx, role);
    refuseUnsafe(role, facts);
    await ensureLoginRole(tx, role, facts);
    if (password) await setPassword(tx, role, password);
    const objects = await readObjects(tx, facts);
    await grantExactly(tx, role, facts, objects);
    await checkEffective(tx, role, facts.database, objects);
    return {
      role,
      owner: facts.owner!,
      database: facts.database,
      created: !facts.exists,
      passwordSet: Boolean(password),
      tables: objects.ordinary,
      noDelete: objects.noDelete,
      appendOnly: objects.appendOnly,
      sequences: objects.sequences,
      functions: objects.functions.length,
    };
  });
}

/** A role that may log in and nothing more (no superuser, no creating roles or databases, no replication). */
async function ensureLoginRole(tx: DbOrTx, role: string, facts: Facts): Promise<void> {
  const r = sql.identifier(role);
  if (!facts.exists)
    await tx.execute(sql`CREATE ROLE ${r} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
  else if (!facts.plain) await tx.execute(sql`ALTER ROLE ${r} LOGIN NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
}

type Objects = { ordinary: string[]; noDelete: string[]; appendOnly: string[]; sequences: number; functions: SQL[] };

/** pg_trigger.tgtype bits: a row trigger, BEFORE, and the events. */
const ROW = 1;
const BEFORE = 2;
const ON_DELETE = 8;
const ON_UPDATE = 16;
const ON_TRUNCATE = 32;

/**
 * Whether one trigger function of table `c` refuses TRUNCATE (BEFORE TRUNCATE) and also fires BEFORE `event` on
 * each row: the guard of the header comment.
 */
function guardedAgainst(event: number): SQL {
  const truncate = sql.raw(String(BEFORE | ON_TRUNCATE));
  const row = sql.raw(String(ROW | BEFORE | event));
  return sql`EXISTS (
    SELECT 1 FROM pg_trigger t JOIN pg_trigger r ON r.tgrelid = t.tgrelid AND r.tgfoid = t.tgfoid
    WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND NOT r.tgisinternal
      AND (t.tgtype & ${truncate}) = ${truncate} AND (r.tgtype & ${row}) = ${row})`;
}

/** The schema's tables by their guards (see the header), sequences and the owner's functions. */
async function readObjects(tx: DbOrTx, facts: Facts): Promise<Objects> {
  const tables = rowsOf<{ name: string; append_only: boolean; no_delete: boolean }>(
    await tx.execute(sql`
      SELECT c.relname AS name, ${guardedAgainst(ON_UPDATE)} AS append_only, ${guardedAgainst(ON_DELETE)} AS no_delete
      FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1`),
  );
  // The owner's own functions (ledger_post, request_cancel, the triggers' …), not an extension's.
  const functions = rowsOf<{ sig: string }>(
    await tx.execute(sql`
      SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.proowner = ${facts.owner_oid}::oid
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`),
  ).map((f) => sql.raw(f.sig));
  const [counted] = rowsOf<{ sequences: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS sequences FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S'`),
  );
  return {
    ordinary: tables.filter((t) => !t.append_only && !t.no_delete).map((t) => t.name),
    noDelete: tables.filter((t) => !t.append_only && t.no_delete).map((t) => t.name),
    appendOnly: tables.filter((t) => t.append_only).map((t) => t.name),
    sequences: counted?.sequences ?? 0,
    functions,
  };
}

/** Everything the role held in this database revoked, then exactly the app's privileges, now and by default. */
async function grantExactly(tx: DbOrTx, role: string, facts: Facts, o: Objects): Promise<void> {
  const r = sql.identifier(role);
  const database = sql.identifier(facts.database);
  const functions = sql.join(o.functions, sql`, `);
  await tx.execute(sql`REVOKE ALL ON DATABASE ${database} FROM ${r}`);
  await tx.execute(sql`REVOKE ALL ON SCHEMA public FROM ${r}`);
  await tx.execute(sql`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${r}`);
  await tx.execute(sql`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${r}`);
  if (o.functions.length) await tx.execute(sql`REVOKE ALL ON FUNCTION ${functions} FROM ${r}`);

  // TEMPORARY: the reward run keeps the rows it pays in a temporary table (lib/staking/run.ts).
  await tx.execute(sql`GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${r}`);
  await tx.execute(sql`GRANT USAGE ON SCHEMA public TO ${r}`);
  if (o.ordinary.length)
    await tx.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ${identifiers(o.ordinary)} TO ${r}`);
  if (o.noDelete.length) await tx.execute(sql`GRANT SELECT, INSERT, UPDATE ON ${identifiers(o.noDelete)} TO ${r}`);
  if (o.appendOnly.length) await tx.execute(sql`GRANT SELECT, INSERT ON ${identifiers(o.appendOnly)} TO ${r}`);
  await tx.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
  // audit_log_chain() (migration 0009) may setval() its table's sequence, and a trigger runs with the inserting
  // role's rights.
  const [chain] = rowsOf<{ seq: string }>(
    await tx.execute(sql`SELECT pg_get_serial_sequence('audit_log', 'id') AS seq`),
  );
  await tx.execute(sql`GRANT UPDATE ON SEQUENCE ${sql.raw(chain!.seq)} TO ${r}`);
  if (o.functions.length) await tx.execute(sql`GRANT EXECUTE ON FUNCTION ${functions} TO ${r}`);
  await grantMigrationsRead(tx, r);

  const forOwner = sql`ALTER DEFAULT PRIVILEGES FOR ROLE ${sql.identifier(facts.owner!)} IN SCHEMA public GRANT`;
  await tx.execute(sql`${forOwner} SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`);
  await tx.execute(sql`${forOwner} USAGE, SELECT ON SEQUENCES TO ${r}`);
  await tx.execute(sql`${forOwner} EXECUTE ON FUNCTIONS TO ${r}`);
}

const identifiers = (names: string[]): SQL =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );

async function readFacts(tx: DbOrTx, role: string): Promise<Facts> {
  const [facts] = rowsOf<Facts>(
    await tx.execute(sql`
      SELECT pg_get_userbyid(c.relowner) AS owner, c.relowner::text AS owner_oid, current_database() AS database,
        r.oid IS NOT NULL AS exists, r.rolsuper AS is_super,
        r.rolcanlogin AND NOT (r.rolcreatedb OR r.rolcreaterole OR r.rolreplication OR r.rolbypassrls) AS plain,
        CASE WHEN r.oid IS NOT NULL THEN pg_has_role(r.oid, c.relowner, 'MEMBER') END AS member_of_owner,
        CASE WHEN r.oid IS NULL THEN 0 ELSE (
          (SELECT count(*) FROM pg_class x WHERE x.relowner = r.oid)
          + (SELECT count(*) FROM pg_proc x WHERE x.proowner = r.oid)
          + (SELECT count(*) FROM pg_namespace x WHERE x.nspowner = r.oid)
          + (SELECT count(*) FROM pg_type x WHERE x.typowner = r.oid))::int END AS owns
      FROM (SELECT 1) one
      LEFT JOIN pg_class c ON c.oid = to_regclass('public.audit_log')
      LEFT JOIN pg_roles r ON r.rolname = ${role}`),
  );
  return facts!;
}

function refuseUnsafe(role: string, f: Facts): void {
  if (!f.owner) throw new AppRoleRefused(`no audit_log in ${f.database}: run npm run db:migrate first`);
  if (role === f.owner)
    throw new AppRoleRefused(`${role} owns the tables: the app role must be another role (the owner migrates)`);
  if (f.is_super)
    throw new AppRoleRefused(`${role} is a superuser, which passes every privilege and trigger: choose another role`);
  if (f.member_of_owner)
    throw new AppRoleRefused(
      `${role} is a member of the tables' owner ${f.owner} and holds its rights: choose another role`,
    );
  if (f.owns > 0)
    throw new AppRoleRefused(`${role} owns ${f.owns} object(s) in ${f.database}: the app role must own nothing`);
}

/** The password as a literal built by the server (format %L): utility statements take no parameters. */
async function setPassword(tx: DbOrTx, role: string, password: string): Promise<void> {
  const [row] = rowsOf<{ q: string }>(
    await tx.execute(sql`SELECT format('ALTER ROLE %I PASSWORD %L', ${role}::text, ${password}::text) AS q`),
  );
  await tx.execute(sql.raw(row!.q));
}

/** Boot reads which migrations were applied (db/migrate.ts): the migrations' table, read-only. */
async function grantMigrationsRead(tx: DbOrTx, r: ReturnType<typeof sql.identifier>): Promise<void> {
  const [row] = rowsOf<{ present: boolean }>(
    await tx.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`),
  );
  if (!row?.present) return;
  await tx.execute(sql`REVOKE ALL ON ALL TABLES IN SCHEMA drizzle FROM ${r}`);
  await tx.execute(sql`GRANT USAGE ON SCHEMA drizzle TO ${r}`);
  await tx.execute(sql`GRANT SELECT ON drizzle.__drizzle_migrations TO ${r}`);
}

/**
 * What the role can really do, whatever granted it (PUBLIC, a role it belongs to): a privilege that must not be
 * there refuses the whole run, naming it, so the transaction leaves nothing half-granted.
 */
async function checkEffective(tx: DbOrTx, role: string, database: string, o: Objects): Promise<void> {
  const guarded = (names: string[]) => sql`string_to_array(${names.join(",")}, ',')`;
  const [row] = rowsOf<{ missing: string[] | null; excess: string[] | null }>(
    await tx.execute(sql`
      SELECT
        array_remove(array[
          CASE WHEN NOT has_database_privilege(${role}, ${database}, 'CONNECT') THEN 'CONNECT on the database' END,
          CASE WHEN NOT has_database_privilege(${role}, ${database}, 'TEMPORARY') THEN 'TEMPORARY on the database' END,
          CASE WHEN NOT has_schema_privilege(${role}, 'public', 'USAGE') THEN 'USAGE on schema public' END
        ], NULL) AS missing,
        array_remove(array[
          CASE WHEN has_database_privilege(${role}, ${database}, 'CREATE') THEN 'CREATE on the database' END,
          CASE WHEN has_schema_privilege(${role}, 'public', 'CREATE') THEN 'CREATE on schema public' END
        ], NULL) || COALESCE((
          SELECT array_agg(p || ' on ' || c.relname ORDER BY c.relname, p)
          FROM pg_class c CROSS JOIN unnest(array['UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER']) p
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
            AND (p IN ('TRUNCATE', 'TRIGGER') OR c.relispartition OR c.relname = ANY (${guarded(o.appendOnly)})
                 OR (p = 'DELETE' AND c.relname = ANY (${guarded(o.noDelete)})))
            AND has_table_privilege(${role}, c.oid, p)), '{}') AS excess`),
  );
  if (row?.missing?.length)
    throw new AppRoleRefused(`${role} lacks ${row.missing.join(", ")}: grant it as the database's owner`);
  if (row?.excess?.length)
    throw new AppRoleRefused(
      `${role} would still hold ${row.excess.join(", ")} (granted to PUBLIC or to a role it belongs to): ` +
        "revoke that as the owner, then run again",
    );
}
