/**
 * Which requests a page of the admin queue shows, in the queue's order — PENDING first (oldest first), then the
 * rest (oldest first) — as ids (./admin-requests.ts reads their rows), and how many match (exact up to COUNT_CAP).
 * Never a sort of every request nor, with a search term, a walk of every request or a scan of every member
 * (docs/scaling.md, "Hot queries at that size").
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { RequestStatus } from "@/db/schema";
import type { AdminRequestFilter } from "./admin-requests";
import { COUNT_CAP, hideRoles, isShortTerm, type ViewerScope } from "./members";

/** A request whose effective status is PENDING (not a deposit whose quote ran out): the queue's first part. */
const isPending = sql.raw(`r.status = 'PENDING' AND (r.quote_expires_at IS NULL OR r.quote_expires_at > now())`);

/**
 * `effectiveStatus = status`, spelled so that an index on `status` serves it: PENDING is the partial index's rows
 * still in their quote, EXPIRED adds the PENDING ones whose quote ran out, any other status is the stored one.
 */
function statusIs(status: RequestStatus): SQL {
  if (status === "PENDING") return sql`(${isPending})`;
  if (status === "EXPIRED")
    return sql`(r.status = 'EXPIRED' OR (r.status = 'PENDING' AND r.quote_expires_at <= now()))`;
  return sql`r.status = ${status}::request_status`;
}

/** The filter over `requests r JOIN users u` but the search term: a SUPERADMIN's requests only `withSuperadmins`. */
function scopeOf(f: AdminRequestFilter & ViewerScope): SQL {
  const parts: SQL[] = [sql`TRUE ${hideRoles(f, "u")}`];
  if (f.type) parts.push(sql`r.type = ${f.type}::request_type`);
  if (f.status) parts.push(statusIs(f.status));
  return sql.join(parts, sql` AND `);
}

/** `%` and `_` in the search text are literal. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The queue's filter over `requests r JOIN users u`: the member's ID or name, or the deposit's 입금자명. */
export function whereOf(f: AdminRequestFilter & ViewerScope): SQL {
  if (!f.search) return scopeOf(f);
  const like = contains(f.search);
  return sql`${scopeOf(f)} AND (u.user_id ILIKE ${like} OR u.name ILIKE ${like} OR r.depositor_name ILIKE ${like})`;
}

/** A part's last row the bounded walk reads (the BOUNDED_WALK-th in the part's index order), null: read them all. */
type Cut = { at: string; id: string | number } | null;

/**
 * The parts of the queue that can match, each its first `k` matches in order from its own index walk: PENDING from
 * requests_pending_created_idx (partial, status = 'PENDING'; a deposit whose quote ran out is skipped there and
 * read with the rest), the rest from requests_created_idx; with a status filter only the one part that can match.
 * A part with a cut stops there.
 */
function parts(f: AdminRequestFilter & ViewerScope, k: number, cuts?: { pending: Cut; rest: Cut }): SQL {
  const where = whereOf(f);
  const part = (grp: 0 | 1, cond: SQL, cut: Cut | undefined) => sql`(SELECT ${sql.raw(String(grp))} AS grp, r.id,
      r.created_at FROM requests r JOIN users u ON u.id = r.user_id WHERE ${where} AND ${cond}
      ${cut ? sql`AND (r.created_at, r.id) <= (${cut.at}::timestamptz, ${cut.id}::bigint)` : sql``}
      ORDER BY r.created_at, r.id LIMIT ${k})`;
  const pending = part(0, sql`(${isPending})`, cuts?.pending);
  const rest = part(1, sql`NOT (${isPending})`, cuts?.rest);
  return !f.status ? sql`${pending} UNION ALL ${rest}` : f.status === "PENDING" ? pending : rest;
}

/**
 * The page's (grp, id) in the queue's order from the two ordered index walks, never a sort of every request: each
 * part stops after offset + limit rows and only those are ordered.
 */
export function pageKeys(f: AdminRequestFilter & ViewerScope, limit: number, offset: number): SQL {
  return sql`SELECT k.grp, k.id FROM (${parts(f, offset + limit)}) k
    ORDER BY k.grp, k.created_at, k.id LIMIT ${limit} OFFSET ${offset}`;
}

/** Requests the bounded walk reads at most per part (~5 µs each: the member's row with it). */
export const BOUNDED_WALK = 10_000;

export type Key = { grp: number; id: number };
type Way = "members" | "walk";

/**
 * A search term's page and capped count, the same rows, order and total as the walks of `parts` with `whereOf`
 * alone, read one of two bounded ways (each statement takes one: seq scans, hash and merge joins off, and index
 * scans or bitmap scans, so the plan is the one named whatever the planner guesses of an ILIKE or of a small
 * table; parallel workers and JIT off, as in ./members.ts):
 * - by member: the matching members from the member search's indexes (trigrams for three characters or more,
 *   users_search_grams_idx for one or two, as ./members.ts), each one's requests from requests_user_created_idx,
 *   and the requests whose 입금자명 matches (requests_depositor_name_trgm_idx / requests_depositor_grams_idx) of
 *   members who do not. Read until COUNT_CAP + 1 matches: the count, and with at most COUNT_CAP of them, all of
 *   them, so the page is theirs, sorted. A common term reaches the cap within a few thousand members.
 * - the walk: more than COUNT_CAP matches, so the parts' ordered walks find the page soon; each reads at most
 *   BOUNDED_WALK requests (to the part's cut). A page found within the cuts is the answer (every earlier request
 *   was read); else, rarely (a deep page, matches only among late requests), every match by member, sorted.
 */
export async function searchKeys(
  tx: DbOrTx,
  f: AdminRequestFilter & ViewerScope & { search: string },
  limit: number,
  offset: number,
): Promise<{ keys: Key[]; n: number }> {
  const byMember = byMemberOf(f);
  const keysOf = (rows: { grp: number | string | null; id: number | string | null }[]) =>
    rows.filter((r) => r.id !== null).map((r) => ({ grp: Number(r.grp), id: Number(r.id) }));

  await read(tx, "members");
  const found = rowsOf<{ n: number | string; grp: number | null; id: number | string | null }>(
    await tx.execute(sql`WITH m AS MATERIALIZED (SELECT * FROM (${byMember}) x LIMIT ${COUNT_CAP + 1}),
      c AS (SELECT count(*) AS n FROM m)
      SELECT c.n, p.grp, p.id FROM c LEFT JOIN LATERAL (
        SELECT grp, id, created_at FROM m ORDER BY grp, created_at, id LIMIT ${limit} OFFSET ${offset}) p ON TRUE
      ORDER BY p.grp, p.created_at, p.id`),
  );
  const n = Number(found[0]?.n ?? 0);
  if (n <= COUNT_CAP) return { keys: keysOf(found), n };

  await read(tx, "walk");
  const k = offset + limit;
  const [c] = rowsOf<{ p_at: string | null; p_id: string | null; r_at: string | null; r_id: string | null }>(
    await tx.execute(sql`SELECT p.created_at::text AS p_at, p.id AS p_id, a.created_at::text AS r_at, a.id AS r_id
      FROM (SELECT 1) o
      LEFT JOIN LATERAL (SELECT created_at, id FROM requests WHERE status = 'PENDING'
        ORDER BY created_at, id OFFSET ${BOUNDED_WALK - 1} LIMIT 1) p ON TRUE
      LEFT JOIN LATERAL (SELECT created_at, id FROM requests
        ORDER BY created_at, id OFFSET ${BOUNDED_WALK - 1} LIMIT 1) a ON TRUE`),
  );
  const cuts = {
    pending: c?.p_at && c.p_id !== null ? { at: c.p_at, id: c.p_id } : null,
    rest: c?.r_at && c.r_id !== null ? { at: c.r_at, id: c.r_id } : null,
  };
  const walked = keysOf(
    rowsOf<{ grp: number; id: number | string }>(
      await tx.execute(sql`SELECT k.grp, k.id FROM (${parts(f, k, cuts)}) k ORDER BY k.grp, k.created_at, k.id`),
    ),
  );
  // A part's rows are the first of its matches; they are all it needs when it was read to the end (no cut) or has
  // as many as the page needs of it. The rest is needed only when the PENDING part holds fewer than k.
  const pendingRead = f.status && f.status !== "PENDING" ? 0 : walked.filter((r) => r.grp === 0).length;
  const pendingEnough = f.status && f.status !== "PENDING" ? true : !cuts.pending || pendingRead === k;
  const restEnough = f.status === "PENDING" || !cuts.rest || walked.length >= k;
  if (pendingEnough && restEnough) return { keys: walked.slice(offset, offset + limit), n };

  await read(tx, "members");
  const sorted = rowsOf<{ grp: number; id: number | string }>(
    await tx.execute(sql`SELECT grp, id FROM (${byMember}) x ORDER BY grp, created_at, id
      LIMIT ${limit} OFFSET ${offset}`),
  );
  return { keys: keysOf(sorted), n };
}

/**
 * The matches of a search term found through their members (and 입금자명), unordered: (grp, id, created_at), grp 0
 * for the PENDING part. Read with `read(tx, "members")`.
 */
export function byMemberOf(f: AdminRequestFilter & ViewerScope & { search: string }): SQL {
  const like = contains(f.search);
  const short = isShortTerm(f.search);
  // For a short term the ILIKE is written on `x || ''`, the same text, which the trigram indexes cannot take: the
  // planner does not AND the grams' bitmap with theirs (a pattern of one or two characters is every trigram row).
  const col = (c: string) => sql.raw(short ? `(${c} || '')` : c);
  const memberHit = sql`(${col("u.user_id")} ILIKE ${like} OR ${col("u.name")} ILIKE ${like})`;
  const members = short
    ? sql`(search_grams(u.user_id) || search_grams(u.name)) @> ARRAY[lower(${f.search})] AND ${memberHit}`
    : memberHit;
  const depositor = short
    ? sql`search_grams(r.depositor_name) @> ARRAY[lower(${f.search})] AND ${col("r.depositor_name")} ILIKE ${like}`
    : sql`r.depositor_name ILIKE ${like}`;
  const grp = sql`CASE WHEN ${isPending} THEN 0 ELSE 1 END`;
  return sql`
    SELECT ${grp} AS grp, r.id, r.created_at FROM users u JOIN requests r ON r.user_id = u.id
      WHERE ${scopeOf(f)} AND ${members}
    UNION ALL
    SELECT ${grp}, r.id, r.created_at FROM requests r JOIN users u ON u.id = r.user_id
      WHERE ${scopeOf(f)} AND ${depositor} AND NOT ${memberHit}`;
}

/** The session settings of one way to read (this transaction only). */
export async function read(tx: DbOrTx, way: Way) {
  await tx.execute(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true),
    set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true),
    set_config('enable_seqscan', 'off', true),
    set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
    set_config('enable_indexscan', ${way === "walk" ? "on" : "off"}, true),
    set_config('enable_bitmapscan', ${way === "walk" ? "off" : "on"}, true)`);
}

/** The keys as a statement of (grp, id), for ./admin-requests.ts rowsFor. */
export function keysStatement(keys: Key[]): SQL {
  const rows = keys.map((k) => sql`(${k.grp}::int, ${k.id}::bigint)`);
  return sql`SELECT * FROM (VALUES ${sql.join(rows, sql`, `)}) k(grp, id)`;
}
