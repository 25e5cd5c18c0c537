/**
 * The audit trail's hash chain (db/migrations/0009): each audit_log row stores the previous row's row_hash
 * (prev_hash; NULL for the first row) and row_hash = audit_row_hash(row), SHA-256 over the row's canonical form.
 * The canonical form exists once, in SQL (audit_row_hash() in the migration); the check below asks the database
 * to recompute it for each row rather than re-implementing it, and walks the rows in id order in batches
 * (keyset on id), so a table of any size is read a batch at a time.
 *
 * A row whose content was edited fails its own hash; a deleted row breaks the link at the next row. Not
 * detectable by the chain alone: removing the newest rows (the chain simply ends earlier) and a rewrite of
 * the whole chain by someone who can run SQL as the table owner — an anchor kept elsewhere would close those.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";

export type AuditChainBreak = {
  /** The first row that does not verify. */
  id: number;
  /** `hash`: its content does not match its row_hash; `link`: its prev_hash is not the previous row's row_hash. */
  reason: "hash" | "link";
};

export type AuditChainResult = { ok: true; rows: number } | { ok: false; rows: number; broken: AuditChainBreak };

type Row = { id: string; prev_hash: string | null; row_hash: string | null; hash_ok: boolean };

/** Recomputes the chain in id order; stops at the first broken row. `rows` counts the rows that verified. */
export async function verifyAuditChain(db: DbOrTx, opts: { batchSize?: number } = {}): Promise<AuditChainResult> {
  const batchSize = opts.batchSize ?? 5000;
  let afterId: string | null = null;
  let previousHash: string | null = null;
  let rows = 0;
  for (;;) {
    const batch: Row[] = rowsOf<Row>(
      await db.execute(sql`
        SELECT l.id::text AS id, encode(l.prev_hash, 'hex') AS prev_hash, encode(l.row_hash, 'hex') AS row_hash,
          COALESCE(audit_row_hash(l) = l.row_hash, false) AS hash_ok
        FROM audit_log l
        WHERE ${afterId === null ? sql`true` : sql`l.id > ${afterId}::bigint`}
        ORDER BY l.id
        LIMIT ${batchSize}`),
    );
    for (const r of batch) {
      if (r.prev_hash !== previousHash) return { ok: false, rows, broken: { id: Number(r.id), reason: "link" } };
      if (!r.hash_ok) return { ok: false, rows, broken: { id: Number(r.id), reason: "hash" } };
      previousHash = r.row_hash;
      rows++;
    }
    if (batch.length < batchSize) return { ok: true, rows };
    afterId = batch[batch.length - 1]!.id;
  }
}
