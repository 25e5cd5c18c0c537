/**
 * The only place that builds a database driver.
 * DATABASE_URL set → postgres.js against that server (unprepared statements behind a transaction pooler,
 * DATABASE_POOLER=transaction); unset → PGlite persisted in DATA_DIR (or in memory when DATA_DIR is
 * "memory://", as the tests use it).
 * The settings come from db/settings.ts (the environment), never from lib/.
 */
import fs from "node:fs";
import path from "node:path";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { dbSettings, privateDataDir } from "./settings";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

type Handle = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** One statement's text (`$1`…) and values straight to the driver, outside any transaction (db/statement.ts). */
  query: <Row>(text: string, params: unknown[]) => Promise<Row[]>;
};

const globalKey = Symbol.for("wld.db");
const openedKey = Symbol.for("wld.db.opened");
const replicaKey = Symbol.for("wld.db.replica");
type GlobalWithDb = typeof globalThis & {
  [globalKey]?: Promise<Handle>;
  [openedKey]?: Handle;
  [replicaKey]?: Promise<ReplicaHandle | null>;
};
const g = globalThis as GlobalWithDb;

async function open(): Promise<Handle> {
  const { databaseUrl: DATABASE_URL, dataDir: DATA_DIR, transactionPooler, poolMax, statementCountFile } = dbSettings();
  if (DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(DATABASE_URL, {
      max: poolMax,
      // Behind a transaction pooler a named prepared statement may be missing on the next server connection.
      prepare: !transactionPooler,
      // An outage answers 503 within seconds, and the pool is whole again within ~2 s of the database's return
      // (postgres.js waits up to 30 s for a connection and backs off up to 20 s between attempts by default,
      // so requests queued behind a reconnecting connection waited that long after recovery).
      connect_timeout: 5,
      backoff: (attempts: number) => (0.5 + Math.random() / 2) * Math.min(0.1 * 2 ** attempts, 2),
      onnotice: () => {},
      debug: statementCounter(statementCountFile),
    });
    if (!transactionPooler) prepareEveryStatement(client);
    countPoolUse(client);
    const db = drizzle(client, { schema }) as unknown as Db;
    // The same `unsafe` Drizzle calls (prepared, counted above); Drizzle's postgres-js driver set the client's date
    // parsers when it wrapped it, so rows read as through db.execute.
    const query = <Row>(text: string, params: unknown[]) =>
      client.unsafe(text, params as never[]) as unknown as Promise<Row[]>;
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }), query };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dataDir = DATA_DIR;
  let unlock = () => {};
  if (!dataDir.startsWith("memory://")) {
    dataDir = path.join(privateDataDir(dataDir), "pglite");
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    unlock = takeDirectoryLock(dataDir);
  }
  // pg_trgm backs the admin member search's indexes (migration 0003), as on a PostgreSQL server.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  const query = async <Row>(text: string, params: unknown[]) =>
    (await client.query<Row>(text, params, PGLITE_RAW_QUERY)).rows;
  return { db, kind: "pglite", close: () => client.close().finally(unlock), query };
}

/**
 * What Drizzle's PGlite driver asks of a raw query (drizzle-orm/pglite/session.js `rawQueryConfig`): rows as
 * objects, and dates, times, intervals and numeric arrays as PostgreSQL's text, so that db/statement.ts reads
 * exactly what `db.execute` reads. By type OID: timestamp, timestamptz, interval, date, numeric[], timestamp[],
 * timestamptz[], interval[], date[].
 */
const asText = (value: string) => value;
const PGLITE_RAW_QUERY = {
  rowMode: "object" as const,
  parsers: Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText])),
};

/**
 * Profiling only (bench/hot-paths.ts): with WLD_STATEMENT_COUNT_FILE set, every statement sent to PostgreSQL
 * (BEGIN, COMMIT and savepoints included) is counted, by its first 100 characters, and the counts are written
 * to that file as JSON a few times a second. Unset (always, outside a profiling run): no hook at all.
 */
function statementCounter(file: string | undefined) {
  if (!file) return undefined;
  const counts: Record<string, number> = {};
  let total = 0;
  const timer = setInterval(() => {
    try {
      fs.writeFileSync(file, JSON.stringify({ total, counts }));
    } catch {}
  }, 200);
  timer.unref?.();
  return (_connection: number, query: string) => {
    total++;
    const text = query.slice(0, 200).replace(/\s+/g, " ").trim().slice(0, 100);
    counts[text] = (counts[text] ?? 0) + 1;
  };
}

/**
 * Drizzle asks postgres.js to prepare only the queries given a name (`.prepare("name")`): every other statement —
 * all of ours — went unprepared, so PostgreSQL parsed and planned it again on every call. That was most of
 * PostgreSQL's CPU on the hot paths: 0.49 ms per coins request for two indexed reads (the minimal app's prepared
 * pair: 0.06 ms), 1.34 ms per swap, 2.1 ms per /home (bench/hot-paths.ts, docs/benchmarks.md). postgres.js keeps
 * one prepared statement per distinct text and parameter types on each connection; our texts are parameterized
 * (a bounded set, as a tagged-template app has), and a plan invalidated by a schema change is re-prepared by
 * postgres.js itself. Not behind a transaction pooler, where the next statement may reach another server
 * connection that never saw the PREPARE (db/settings.ts).
 */
function prepareEveryStatement(client: import("postgres").Sql) {
  const prepared = (sql: import("postgres").Sql) => {
    const unsafe = sql.unsafe;
    sql.unsafe = ((query: string, params?: unknown[], options?: { prepare?: boolean }) =>
      unsafe(query, params as never, { ...options, prepare: true })) as typeof sql.unsafe;
  };
  prepared(client);
  // A transaction's statements go through its own connection-bound `sql` (savepoints reuse it): prepared too.
  const begin = client.begin as (...args: unknown[]) => Promise<unknown>;
  client.begin = ((...args: unknown[]) => {
    const fn = args.pop() as (sql: import("postgres").Sql) => unknown;
    return begin(...args, (sql: import("postgres").Sql) => {
      prepared(sql);
      return fn(sql);
    });
  }) as typeof client.begin;
}

/** Connections asked of the postgres.js pool right now (`inUse`, above `max` the rest wait), for GET /api/metrics. */
export type PoolUse = { inUse: number; max: number };
const poolKey = Symbol.for("wld.db.pool");

export function poolUse(): PoolUse {
  const holder = globalThis as typeof globalThis & { [poolKey]?: PoolUse };
  holder[poolKey] ??= { inUse: 0, max: 0 };
  return holder[poolKey];
}

/**
 * postgres.js has no public pool statistics, so the two calls drizzle makes on the root client are counted:
 * a statement outside a transaction (`unsafe`) holds a connection until it settles, a transaction (`begin`)
 * until it commits or rolls back. begin's own BEGIN statement (sent with `onexecute`) is part of its
 * transaction. The settle listener uses Promise.prototype.then, which does not start the lazy query.
 */
function countPoolUse(client: import("postgres").Sql) {
  const use = poolUse();
  use.max = client.options.max;
  const release = () => {
    use.inUse--;
  };
  const unsafe = client.unsafe;
  client.unsafe = ((...args: Parameters<typeof unsafe>) => {
    const pending = unsafe(...args);
    if (!args.some((a) => a && typeof a === "object" && "onexecute" in a)) {
      use.inUse++;
      Promise.prototype.then.call(pending, release, release);
    }
    return pending;
  }) as typeof client.unsafe;
  const begin = client.begin as (...args: unknown[]) => Promise<unknown>;
  client.begin = ((...args: unknown[]) => {
    use.inUse++;
    return begin(...args).finally(release);
  }) as typeof client.begin;
}

/**
 * PGlite does not lock its directory and a second process would corrupt it, so we do:
 * a lock file holding our pid, taken over only when that pid is gone. Released on close (so `npm start`
 * can check the database before the server opens it) and at exit.
 */
function takeDirectoryLock(dir: string): () => void {
  const lock = path.join(path.dirname(dir), "pglite.lock");
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(fs.readFileSync(lock, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The embedded database in ${dir} is in use by process ${owner}.`);
    }
    fs.writeFileSync(lock, String(process.pid));
  }
  const release = () => {
    try {
      if (fs.readFileSync(lock, "utf8") === String(process.pid)) fs.unlinkSync(lock);
    } catch {}
  };
  process.once("exit", release);
  return release;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function getHandle(): Promise<Handle> {
  if (!g[globalKey]) {
    const opening = open();
    g[globalKey] = opening;
    // Not when closeDb() came first: a closed handle is never handed out.
    opening.then(
      (handle) => {
        if (g[globalKey] === opening) g[openedKey] = handle;
      },
      () => {},
    );
  }
  return g[globalKey];
}

/** The handle once it is open (no await on the hot path), else undefined. */
export function openedHandle(): Handle | undefined {
  return g[openedKey];
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

export async function dbKind(): Promise<Handle["kind"]> {
  return (await getHandle()).kind;
}

export async function closeDb(): Promise<void> {
  const handle = g[globalKey];
  const replica = g[replicaKey];
  g[globalKey] = undefined;
  g[openedKey] = undefined;
  g[replicaKey] = undefined;
  // db/replica.ts's checked state and counters belong to the handle closed here.
  Reflect.deleteProperty(globalThis, Symbol.for("wld.db.replica.state"));
  if (replica) await (await replica)?.close();
  if (handle) await (await handle).close();
}

/** The replica's pool: the same driver settings as the primary's, but small and quick to give up. */
export type ReplicaHandle = Pick<Handle, "db" | "close" | "query">;
const REPLICA_POOL_MAX = 4;

/**
 * DATABASE_REPLICA_URL's own postgres.js pool (at most 4 connections, 2 s to connect), or null without that URL
 * or on PGlite. Only db/replica.ts reads through it, and only the reads that may be stale (docs/scaling.md,
 * "Read replicas"). Statements are prepared or not as on the primary (DATABASE_POOLER): a replica behind the same
 * kind of pooler needs the same care.
 */
export function replicaHandle(): Promise<ReplicaHandle | null> {
  g[replicaKey] ??= (async () => {
    const { databaseUrl, replicaUrl, transactionPooler } = dbSettings();
    if (!databaseUrl || !replicaUrl) return null;
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(replicaUrl, {
      max: REPLICA_POOL_MAX,
      prepare: !transactionPooler,
      connect_timeout: 2,
      idle_timeout: 60,
      backoff: (attempts: number) => (0.5 + Math.random() / 2) * Math.min(0.1 * 2 ** attempts, 2),
      onnotice: () => {},
    });
    if (!transactionPooler) prepareEveryStatement(client);
    const db = drizzle(client, { schema }) as unknown as Db;
    const query = <Row>(text: string, params: unknown[]) =>
      client.unsafe(text, params as never[]) as unknown as Promise<Row[]>;
    return { db, close: () => client.end({ timeout: 5 }), query };
  })();
  return g[replicaKey];
}

/** Rows of a raw `db.execute(sql…)` result, whichever driver answered. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
