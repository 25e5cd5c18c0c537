/**
 * Read use cases for route handlers and pages: a query of db/queries bound to the database, so that nothing
 * under app/ touches the driver or composes queries itself (Biome's noRestrictedImports keeps it so).
 * `found` turns a query's null ("no such row") into 404 NOT_FOUND.
 *
 * `replicaReader` is for the reads that may be stale (docs/scaling.md, "Read replicas": the console's lists,
 * search, dashboard and exports): they go to DATABASE_REPLICA_URL's replica while it is current (db/replica.ts),
 * except for an administrator who has just written (lib/read-your-writes.ts). Everything else reads the primary.
 */
import "server-only";
import { type DbOrTx, getDb } from "@/db/client";
import { readMayBeStale } from "@/db/replica";
import { foundOrThrow } from "@/lib/errors";
import { primaryReadsOnly } from "@/lib/read-your-writes";

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

/**
 * A read that may be a few seconds stale (never one that decides money or access): on the replica when one is
 * configured and current, else on the primary; on the primary for an administrator who has just written.
 */
export const replicaReader =
  <A, R>(query: Query<A, R>) =>
  async (args: A): Promise<R> =>
    readStale((db) => query(db, args));

/** `read` on the replica or the primary, as replicaReader decides (for a use case reading several queries). */
export async function readStale<R>(read: (db: DbOrTx) => Promise<R>): Promise<R> {
  return primaryReadsOnly() ? read(await getDb()) : readMayBeStale(read);
}
