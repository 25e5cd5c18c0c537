/**
 * Every referral code (/admin/signup-codes): each member's own code and each sign-up code an administrator
 * issued, with the owner and how many sign-ups used it (a member code: members who entered it, found through
 * users_referrer_idx; a sign-up code: its `uses` counter, kept atomically at sign-up). Newest first. A SUPERADMIN
 * account's own code is listed only `withSuperadmins` (./members); a sign-up code is the console's, whoever issued it.
 *
 * At 1,000,000 members (docs/scaling.md, "Hot queries at that size") never a sort of every member: the page is
 * the newest rows of each kind, read in order (users_created_idx; sign-up codes are the console's, a few), merged;
 * a search reads its matches through indexes (searchPage). The total is exact up to COUNT_CAP (./members).
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { COUNT_CAP, cappedCount, hideRoles, isShortTerm, SHORT_WALK_ROWS, type ViewerScope } from "./members";

export type ReferralCodeDto = {
  kind: "member" | "signup-code";
  /** users.id for a member code, signup_codes.id for a sign-up code. */
  id: number;
  code: string;
  owner: { id: number; userId: string; name: string } | null;
  /** Sign-ups that used the code. */
  signups: number;
  active: boolean;
  note: string | null;
  maxUses: number | null;
  createdAt: string;
};

type Row = {
  kind: "member" | "signup-code";
  id: number;
  code: string;
  owner_id: number | null;
  owner_handle: string | null;
  owner_name: string | null;
  signups: string | number;
  active: boolean;
  note: string | null;
  max_uses: number | null;
  at: string;
  /** How many rows of the member kind the statement read before its page was cut (the walk's check). */
  member_rows?: string | number;
  n?: string | number;
};

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ORDER = sql.raw("created_at DESC, kind, id DESC");

/** The members' codes (`where`: more of the condition on `u`). */
const memberCodes = (scope: ViewerScope, where: SQL) => sql`
  SELECT 'member' AS kind, u.id, u.ref_code AS code, u.id AS owner_id, u.user_id AS owner_handle, u.name AS owner_name,
    NULL::int AS uses, (u.status = 'ACTIVE') AS active, NULL::text AS note, NULL::int AS max_uses, u.created_at
  FROM users u WHERE TRUE ${hideRoles(scope, "u")} ${where}`;

/** The sign-up codes, by code or by the issuer's handle. */
const signupCodes = (search: string) => sql`
  SELECT 'signup-code' AS kind, c.id, c.code, o.id AS owner_id, o.user_id AS owner_handle, o.name AS owner_name,
    c.uses, c.active, c.note, c.max_uses, c.created_at
  FROM signup_codes c LEFT JOIN users o ON o.id = c.owner_id
  WHERE TRUE ${search ? sql`AND (c.code ILIKE ${contains(search)} OR o.user_id ILIKE ${contains(search)})` : sql``}`;

/** The first `k` of each kind in the list's order, each from its own ordered read. */
const firstOfEach = (members: SQL, search: string, k: number) => sql`
  (SELECT * FROM (${members}) m ORDER BY created_at DESC, id DESC LIMIT ${k})
  UNION ALL (SELECT * FROM (${signupCodes(search)}) s ORDER BY created_at DESC, id DESC LIMIT ${k})`;

/** The page of `from` (the list's rows, or more), each member code with its sign-ups counted (the page's only). */
const pageOf = (from: SQL, limit: number, offset: number) => sql`
  SELECT kind, id, code, owner_id, owner_handle, owner_name, active, note, max_uses, created_at,
    ${iso("created_at")} AS at, member_rows,
    CASE WHEN kind = 'member'
      THEN (SELECT count(*) FROM users r WHERE r.referrer_id = p.owner_id AND r.ref_id = p.code) ELSE uses END AS signups
  FROM (SELECT *, count(*) FILTER (WHERE kind = 'member') OVER () AS member_rows FROM (${from}) x
    ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}) p
  ORDER BY ${ORDER}`;

export async function referralCodePage(
  db: DbOrTx,
  { search, page, limit, ...scope }: { search: string; page: number; limit: number } & ViewerScope,
): Promise<{ items: ReferralCodeDto[]; total: number; totalCapped: boolean }> {
  const offset = (page - 1) * limit;
  let rows: Row[];
  let n: number;
  if (search) ({ rows, n } = await db.transaction((tx) => searchPage(tx, scope, search, limit, offset)));
  else {
    rows = rowsOf<Row>(
      await db.execute(pageOf(firstOfEach(memberCodes(scope, sql``), "", offset + limit), limit, offset)),
    );
    n = await cappedCount(db, sql`SELECT 1 FROM (${memberCodes(scope, sql``)} UNION ALL ${signupCodes("")}) x`);
  }
  return {
    items: rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      code: r.code,
      owner: r.owner_id === null ? null : { id: r.owner_id, userId: r.owner_handle ?? "", name: r.owner_name ?? "" },
      signups: Number(r.signups),
      active: Boolean(r.active),
      note: r.note,
      maxUses: r.max_uses,
      createdAt: r.at,
    })),
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
  };
}

/**
 * A search (a fragment of the code or of the owner's handle): the same rows, order and capped total as the ILIKE
 * alone, read one of two bounded ways (each statement takes one; seq scans off, parallel workers off, as in
 * ./members.ts):
 * - through the indexes: the member codes whose code or owner's handle holds the term — trigrams for three
 *   characters or more (users_ref_code_trgm_idx, users_user_id_trgm_idx), the grams of one or two
 *   (users_ref_code_grams_idx, users_search_grams_idx; db/functions/search_grams.sql) — with the sign-up codes,
 *   read until COUNT_CAP + 1 matches: the count, and with at most COUNT_CAP of them all of them, so the page is
 *   theirs, sorted;
 * - the walk: with more than COUNT_CAP matches, the newest SHORT_WALK_ROWS members in the list's order
 *   (users_created_idx), the ILIKE on each, finds the page soon; a page found there is the answer (every newer
 *   member was read), else (a deep page, matches only among older members) every match through the indexes, sorted.
 */
async function searchPage(tx: DbOrTx, scope: ViewerScope, search: string, limit: number, offset: number) {
  const { hit, matches } = searchOf(scope, search);

  await read(tx, "index");
  const found = rowsOf<Row>(
    await tx.execute(sql`WITH m AS MATERIALIZED (SELECT * FROM (${matches}) x LIMIT ${COUNT_CAP + 1}),
      c AS (SELECT count(*) AS n FROM m)
      SELECT c.n, p.* FROM c LEFT JOIN LATERAL (${pageOf(sql`SELECT * FROM m`, limit, offset)}) p ON TRUE
      ORDER BY p.created_at DESC, p.kind, p.id DESC`),
  );
  const n = Number(found[0]?.n ?? 0);
  if (n <= COUNT_CAP) return { rows: found.filter((r) => r.id !== null), n };

  await read(tx, "walk");
  const [cut] = rowsOf<{ at: string | null }>(
    await tx.execute(sql`SELECT (SELECT created_at FROM users ORDER BY created_at DESC
      OFFSET ${SHORT_WALK_ROWS - 1} LIMIT 1)::text AS at`),
  );
  const k = offset + limit;
  const walk = cut?.at ? sql`${hit} AND u.created_at >= ${cut.at}::timestamptz` : hit;
  const walked = rowsOf<Row>(await tx.execute(pageOf(firstOfEach(memberCodes(scope, walk), search, k), limit, offset)));
  if (!cut?.at || Number(walked[0]?.member_rows ?? 0) === k) return { rows: walked, n };

  await read(tx, "index");
  return { rows: rowsOf<Row>(await tx.execute(pageOf(matches, limit, offset))), n };
}

/**
 * A search's condition on the member codes (`hit`, more of the condition on `u`) and its matches through the
 * indexes, unordered (`matches`, the list's columns; read with `read(tx, "index")`).
 */
export function searchOf(scope: ViewerScope, search: string): { hit: SQL; matches: SQL } {
  const like = contains(search);
  const short = isShortTerm(search);
  // For a short term the ILIKE is written on `x || ''`, the same text, which the trigram indexes cannot take: the
  // planner does not AND the grams' bitmaps with theirs (a pattern of one or two characters is every trigram row).
  const col = (c: string) => sql.raw(short ? `(${c} || '')` : c);
  const hit = sql`AND (${col("u.ref_code")} ILIKE ${like} OR ${col("u.user_id")} ILIKE ${like})`;
  const indexed = short
    ? sql`AND (search_grams(u.ref_code) @> ARRAY[lower(${search})]
        OR (search_grams(u.user_id) || search_grams(u.name)) @> ARRAY[lower(${search})]) ${hit}`
    : hit;
  return { hit, matches: sql`${memberCodes(scope, indexed)} UNION ALL ${signupCodes(search)}` };
}

/** The session settings of one way to read (this transaction only). */
export async function read(tx: DbOrTx, way: "index" | "walk") {
  await tx.execute(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true),
    set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true),
    set_config('enable_seqscan', 'off', true),
    set_config('enable_indexscan', ${way === "walk" ? "on" : "off"}, true),
    set_config('enable_bitmapscan', ${way === "walk" ? "off" : "on"}, true)`);
}
