/**
 * Read use cases for route handlers and pages: a query of db/queries bound to the database, so that nothing
 * under app/ touches the driver or composes queries itself (Biome's noRestrictedImports keeps it so).
 * `found` turns a query's null ("no such row") into 404 NOT_FOUND.
 */
import "server-only";
import { type DbOrTx, getDb } from "@/db/client";
import { foundOrThrow } from "@/lib/errors";

type Query<A, R> = (db: DbOrTx, args: A) => Promise<R>;

/** The query as a use case that opens the database itself. */
export const reader =
  <A, R>(query: Query<A, R>) =>
  async (args: A): Promise<R> =>
    query(await getDb(), args);

/** The same, answering 404 NOT_FOUND where the query finds nothing. */
export const found =
  <A, R>(query: Query<A, R | null>) =>
  async (args: A): Promise<R> =>
    foundOrThrow(await query(await getDb(), args));
