/**
 * A hot read written once. `db.execute(sql…)` turns its template into SQL text on every call (Drizzle walks every
 * chunk of it) and runs it through Drizzle's query promise, tracing span, cache wrapper and driver session before
 * the driver sees it. For the statements every request runs — the session row, a member's balances — that was
 * about 0.05 of the coins route's ratio to the minimal app (docs/benchmarks.md, seventh pass: experiment 6).
 *
 * `statement(build)` builds the text and the order of its parameters once, on first use, from the same Drizzle
 * template (so it is written, escaped and reviewed like every other statement), and then hands the text and each
 * call's values to the driver itself (db/client.ts `Handle.query`): postgres.js through the same `unsafe` as
 * Drizzle (prepared, counted in the pool figures), or PGlite with Drizzle's parsers for raw queries, so rows read
 * exactly as they would through `db.execute`. Given a transaction (any `db` but the root one) it runs the template
 * through `db.execute` on that transaction, as before; given none, on the pool.
 */
import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type DbOrTx, getHandle, openedHandle, rowsOf } from "./client";

const dialect = new PgDialect();

/**
 * `build` is called once with placeholders named after the values' keys, and again with the values themselves
 * only inside a transaction: it must use each value as a parameter (`${v.userId}`), never to choose the
 * statement's shape.
 */
export function statement<Values extends Record<string, unknown>, Row>(build: (values: Values) => SQL) {
  let compiled: { text: string; params: unknown[] } | undefined;
  const compile = () => {
    const named = new Proxy({} as Values, { get: (_, key) => sql.placeholder(String(key)) });
    const q = dialect.sqlToQuery(build(named));
    return { text: q.sql, params: q.params };
  };
  return async (values: Values, db?: DbOrTx): Promise<Row[]> => {
    const handle = openedHandle() ?? (await getHandle());
    if (db && db !== handle.db) return rowsOf<Row>(await db.execute(build(values)));
    compiled ??= compile();
    return handle.query<Row>(compiled.text, fillPlaceholders(compiled.params, values));
  };
}
