/**
 * The audit trail's hash chain (db/migrations/0009): each audit_log row stores the previous row's row_hash
 * (prev_hash; NULL for the first row) and row_hash = audit_row_hash(row), SHA-256 over the row's canonical form.
 * The canonical form exists once, in SQL (audit_row_hash() in the migration); the check below asks the database
 * to recompute it for each row rather than re-implementing it, and walks the rows in id order in batches
 * (keyset on id), so a table of any size is read a batch at a time.
 *
 * A row whose content was edited fails its own hash; a deleted row breaks the link at the next row. The chain
 * alone cannot tell removing the newest rows (it simply ends earlier) nor a rewrite of the whole chain — a
 * TRUNCATE and fresh inserts, by whoever can switch the table's guards off (its owner; the app's role cannot,
 * db/roles.ts). The anchor closes both: `<rows>:<head>`, the chain's length and its newest row's hash, written by
 * every instance's daily reward timer into the log and /api/metrics (recordAuditAnchor), so it is kept outside
 * the database; `audit:verify --anchor <rows>:<head>` then fails unless row number <rows> still has hash <head>.
 * Rows chain in id order and a row's id is drawn under the chain's lock (migration 0009), so the committed rows
 * are always a prefix of the chain to come: an anchor read at any moment stays true while nothing is removed.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { errorLogFields } from "@/lib/errors";
import { log } from "@/lib/log";
import { setAuditAnchor } from "@/lib/metrics";

export type AuditChainBreak = {
  /** The first row that does not verify. */
  id: number;
  /** `hash`: its content does not match its row_hash; `link`: its prev_hash is not the previous row's row_hash. */
  reason: "hash" | "link";
};

/** The chain's length and its newest row's row_hash (lower-case hex) at one moment. */
export type AuditAnchor = { rows: number; head: string };

/** The chain no longer holds the anchor: `found` is the hash of its row number anchor.rows, null when it is shorter. */
export type AuditAnchorMiss = { anchor: AuditAnchor; found: string | null };

export type AuditChainResult =
  | { ok: true; rows: number }
  | { ok: false; rows: number; broken: AuditChainBreak }
  | { ok: false; rows: number; anchorMiss: AuditAnchorMiss };

type Row = { id: string; prev_hash: string | null; row_hash: string | null; hash_ok: boolean };

/**
 * Recomputes the chain in id order; stops at the first broken row. `rows` counts the rows that verified. With an
 * anchor, an intact chain must also hold it: its row number anchor.rows has hash anchor.head.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  opts: { batchSize?: number; anchor?: AuditAnchor } = {},
): Promise<AuditChainResult> {
  const batchSize = opts.batchSize ?? 5000;
  let afterId: string | null = null;
  let previousHash: string | null = null;
  let rows = 0;
  let atAnchor: string | null = null;
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
      if (rows === opts.anchor?.rows) atAnchor = r.row_hash;
    }
    if (batch.length < batchSize) break;
    afterId = batch[batch.length - 1]!.id;
  }
  const { anchor } = opts;
  if (anchor && atAnchor !== anchor.head) return { ok: false, rows, anchorMiss: { anchor, found: atAnchor } };
  return { ok: true, rows };
}

/** The anchor as written and as `--anchor` takes it: `<rows>:<head>`. */
export const formatAnchor = (a: AuditAnchor) => `${a.rows}:${a.head}`;

/** `<rows>:<head>` (rows ≥ 1, head 64 hex digits), or null. */
export function parseAnchor(text: string | undefined): AuditAnchor | null {
  const m = /^([1-9]\d{0,14}):([0-9a-fA-F]{64})$/.exec(text?.trim() ?? "");
  return m ? { rows: Number(m[1]), head: m[2]!.toLowerCase() } : null;
}

/** The chain's anchor now, from one snapshot; null while the log is empty. */
export async function readAuditAnchor(db: DbOrTx): Promise<AuditAnchor | null> {
  const [row] = rowsOf<{ rows: string; head: string | null }>(
    await db.execute(sql`
      SELECT count(*)::text AS rows,
        (SELECT encode(l.row_hash, 'hex') FROM audit_log l ORDER BY l.id DESC LIMIT 1) AS head
      FROM audit_log`),
  );
  return row?.head ? { rows: Number(row.rows), head: row.head } : null;
}

/**
 * Writes the anchor where the database cannot reach it: one log line (`"msg":"audit anchor"`, its `anchor` ready
 * for `audit:verify --anchor`) and the wld_audit_anchor_* metrics. Called at the end of every reward run
 * (lib/staking/run.ts accrueRewards: the timer's on every instance, the cron call's, an administrator's), after
 * its days' transactions.
 */
export async function recordAuditAnchor(db: DbOrTx): Promise<void> {
  let anchor: AuditAnchor | null;
  try {
    anchor = await readAuditAnchor(db);
  } catch (e) {
    log.error("audit anchor unreadable", errorLogFields(e));
    return;
  }
  if (!anchor) return;
  log.info("audit anchor", { anchor: formatAnchor(anchor), rows: anchor.rows });
  setAuditAnchor(anchor);
}
