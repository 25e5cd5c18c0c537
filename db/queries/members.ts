/**
 * The admin member list: active members, newest first, searched by handle or name and by phone, each row with
 * its WLD holding and staked balances. DTOs only, never a password hash.
 *
 * Built for 100,000 members (bench/admin-search.ts): the search is ILIKE '%…%' on user_id, name and phone,
 * which the pg_trgm GIN indexes of migration 0003 answer (a userId prefix is a fragment at the start, so the
 * same index serves it); the page is the newest rows by users_created_idx; balances are read for the page's
 * rows only (ledger_accounts_owner_uq). The total is never a second full scan: it is counted over at most
 * COUNT_CAP + 1 matching rows, exact up to COUNT_CAP; beyond, `totalCapped` is true and `total` is COUNT_CAP
 * ("1,000+"), or with no search term the planner's row estimate of the table. Pages past the cap still answer.
 *
 * SUPERADMIN accounts are listed only `withSuperadmins` (a SUPERADMIN reading; lib/admin/lists.ts decides): an
 * ADMIN may not read one (lib/auth/permissions.ts), so a list or an export must not show it either — rows, phones,
 * balances and totals alike. The filter is one more condition on rows the indexes already found, never a new path.
 */
import "server-only";
import { and, desc, eq, ilike, notInArray, or, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { type ProfileDto, profileColumns, toProfileDto } from "@/db/queries/users";
import { users } from "@/db/schema";

export type MemberDto = ProfileDto & {
  /** WLD in the member's holding account, a decimal string ("0" when none). */
  holdingWld: string;
  /** WLD staked, a decimal string. */
  stakedWld: string;
};
/**
 * Whether a list shows SUPERADMIN accounts (and what they own): only to a viewer who may read one; and ADMIN
 * accounts: `withAdmins: false` for a staff viewer (SUPPORT, FINANCE, COMPLIANCE), who may not read one either.
 */
export type ViewerScope = { withSuperadmins: boolean; withAdmins?: boolean };

/** The roles whose accounts (and what they own) a list leaves out for this viewer. */
export function hiddenRoleList(s: ViewerScope): ("ADMIN" | "SUPERADMIN")[] {
  return [
    ...(s.withAdmins === false ? (["ADMIN"] as const) : []),
    ...(s.withSuperadmins ? [] : (["SUPERADMIN"] as const)),
  ];
}

/** `AND <alias>.role NOT IN (…)` for the roles hidden from this viewer, or nothing (constants only, never input). */
export function hideRoles(s: ViewerScope, alias: "u" | "t"): SQL {
  const roles = hiddenRoleList(s);
  return roles.length ? sql.raw(`AND ${alias}.role NOT IN (${roles.map((r) => `'${r}'`).join(", ")})`) : sql``;
}
export type MemberListQuery = { search: string; phone: string; page: number; limit: number } & ViewerScope;
export type MemberPage = { users: MemberDto[]; total: number; totalCapped: boolean };

/** Totals are exact up to this many matches. */
export const COUNT_CAP = 1000;

/** `%` and `_` in the search text are literal. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// "users"."id" spelled out: inside a one-table select drizzle prints columns unqualified, and a bare "id"
// would bind to ledger_accounts.id here.
const wldBalance = (kind: "holding" | "staked") =>
  sql<string>`COALESCE((SELECT trim_scale(a.balance)::text FROM ledger_accounts a
    WHERE a.user_id = "users"."id" AND a.coin = 'WLD' AND a.kind = ${kind}), '0')`;

/** The filter of the list (and of its CSV export). */
export function memberWhere(
  q: Pick<MemberListQuery, "search" | "phone" | "withSuperadmins" | "withAdmins">,
): SQL | undefined {
  const hidden = hiddenRoleList(q);
  return and(
    eq(users.status, "ACTIVE"),
    hidden.length ? notInArray(users.role, hidden) : undefined,
    q.search ? or(ilike(users.userId, contains(q.search)), ilike(users.name, contains(q.search))) : undefined,
    q.phone ? phoneMatch(q.phone) : undefined,
  );
}

/**
 * A phone search term of digits and separators only (`010-2345`, `2345 6789`, `+82 10 2345`) as the digits to look
 * for, the country code +82 read as the domestic 0; null for anything else (matched as typed).
 */
export function phoneSearchDigits(term: string): string | null {
  const t = term.trim();
  if (!/^[\d\s\-.()+]+$/.test(t)) return null;
  let digits = t.replace(/\D/g, "");
  if (t.startsWith("+")) digits = t.startsWith("+82") ? `0${digits.slice(2).replace(/^0/, "")}` : digits;
  return digits || null;
}

/**
 * Phones are stored as `010-2345-6789` (lib/phone.ts, migration 0022): a term of digits and separators is matched
 * by its digits against the stored digits (the expression's own trigram index, users_phone_digits_trgm_idx), so
 * `01023456789` and `010-2345-6789` find the same member; any other term as typed.
 */
function phoneMatch(term: string): SQL {
  const digits = phoneSearchDigits(term);
  return digits ? ilike(sql`replace(${users.phone}, '-', '')`, contains(digits)) : ilike(users.phone, contains(term));
}

const memberColumns = { ...profileColumns, holdingWld: wldBalance("holding"), stakedWld: wldBalance("staked") };
type MemberRow = Omit<MemberDto, "CertID" | "createdAt"> & { createdAt: Date };
const toMemberDto = (r: MemberRow): MemberDto => ({
  ...toProfileDto(r),
  holdingWld: r.holdingWld,
  stakedWld: r.stakedWld,
});

/** Matches counted up to COUNT_CAP + 1 rows: one bounded pass, never a scan of every match. */
export async function cappedCount(db: DbOrTx, from: SQL): Promise<number> {
  const [r] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM (${from} LIMIT ${COUNT_CAP + 1}) c`),
  );
  return Number(r?.n ?? 0);
}

/**
 * With a search term the plan must see the pattern: postgres.js prepares statements and after five runs
 * PostgreSQL may switch to a generic plan, which cannot tell how selective `ILIKE $1` is and walks
 * users_created_idx for ORDER BY … LIMIT, reading most of the table for a rare name (p95 160 ms at 100,000
 * members). A custom plan per call uses the trigram indexes. And the capped count's `LIMIT 1001` makes a seq scan
 * look cheap whenever the planner over-estimates the matches (it guesses ~1 % for a Korean name that matches
 * 0.1 %): seq scans are off inside this transaction, so the count reads the trigram bitmap. A search term of one
 * or two characters has no trigram: the bigram index answers it (shortTermPage).
 */
export async function memberPage(db: DbOrTx, q: MemberListQuery): Promise<MemberPage> {
  if (!q.search && !q.phone) return pageOf(db, q);
  if (q.search && isShortTerm(q.search)) return db.transaction((tx) => shortTermPage(tx, q));
  // A phone term of one or two digits has no trigram either: a plain scan in created_at order stops after the
  // page and the count's cap of matches (phones are stored in one form, 0XX-XXXX-XXXX, lib/phone.ts, so any one or
  // two digits occur in a large share of them).
  const trigrams = [q.search, q.phone && (phoneSearchDigits(q.phone) ?? q.phone)].every(
    (term) => !term || [...term].length >= 3,
  );
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true),
        set_config('enable_seqscan', ${trigrams ? "off" : "on"}, true)`,
    );
    return pageOf(tx, q);
  });
}

/** Fewer than three characters once lower-cased (as ILIKE compares them): no trigram, one bigram or character. */
export const isShortTerm = (term: string) => [...term.toLowerCase()].length < 3;

/** The newest members a short term's walk reads at most (~1 µs a row) before it turns to the bigram index. */
export const SHORT_WALK_ROWS = 20_000;
/** A gram in at least this share of rows (pg_stats) is counted by the walk: COUNT_CAP + 1 matches lie within it. */
const COMMON_GRAM = (COUNT_CAP + 1) / SHORT_WALK_ROWS;

/**
 * A search term of one or two characters (김, 김민, 서연: docs/scaling.md, "Hot queries at that size"). pg_trgm makes
 * no trigram of it, so users_search_grams_idx (migration 0030) holds every character and every pair of adjacent
 * characters of the lower-cased handle and name (db/functions/search_grams.sql): a row matches `ILIKE '%t%'`
 * exactly when its grams contain lower(t), so the index finds every match and only matches. The ILIKE stays the
 * filter; the grams are read only as the index's condition (as a per-row filter the function costs ~90 µs a row).
 * Two bounded ways to read, each statement taking one:
 * - the walk: the newest SHORT_WALK_ROWS members in the page's order (users_created_idx, ending at the
 *   SHORT_WALK_ROWS-th newest created_at), the ILIKE on each — a common term (김: a fifth of all names) finds its
 *   page and its COUNT_CAP + 1 matches within a few thousand rows;
 * - the bitmap of the term's rows in the bigram index (bitmap scans only), read until COUNT_CAP + 1 matches for the
 *   count, or all of them, sorted, for a page when there are at most COUNT_CAP.
 * The count walks when the gram is common (its frequency in the index's statistics, pg_stats, is at least
 * COMMON_GRAM), else reads the bitmap (then at most ~50,000 rows of index at 1,000,000 members); a walk that does
 * not reach the cap falls back to the bitmap. The page walks when there are more than COUNT_CAP matches and reads
 * the bitmap otherwise (≤ 1,000 rows), or when the walk did not fill it (a term rare among recent members). A full
 * page or the cap found by the walk is the answer: every newer row was read. Same rows, order and totals as
 * memberWhere's ILIKE alone; parallel workers off (on a busy server their start costs more than these reads).
 */
async function shortTermPage(tx: DbOrTx, q: MemberListQuery): Promise<MemberPage> {
  // memberWhere's ILIKE on `x || ''`, the same text: the trigram indexes cannot take it, so the planner does not AND
  // the grams' bitmap with theirs (a pattern of one character makes each of them a bitmap of every row).
  const where = and(
    memberWhere({ ...q, search: "" }),
    or(ilike(sql`(${users.userId} || '')`, contains(q.search)), ilike(sql`(${users.name} || '')`, contains(q.search))),
  );
  const grams = and(
    where,
    sql`(search_grams(${users.userId}) || search_grams(${users.name})) @> ARRAY[lower(${q.search})]`,
  );
  let current: "walk" | "bitmap" | undefined;
  const read = async (way: "walk" | "bitmap") => {
    if (current === way) return;
    current = way;
    await tx.execute(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true),
      set_config('max_parallel_workers_per_gather', '0', true), set_config('enable_seqscan', 'off', true),
      set_config('enable_indexscan', ${way === "walk" ? "on" : "off"}, true),
      set_config('enable_bitmapscan', ${way === "walk" ? "off" : "on"}, true)`);
  };
  await read("walk");
  // The created_at of the SHORT_WALK_ROWS-th newest member (null when there are fewer: the walk reads them all),
  // and the gram's frequency among the rows ANALYZE sampled (null when below its most common elements).
  const [st] = rowsOf<{ cut: string | null; freq: string | number | null }>(
    await tx.execute(sql`SELECT
      (SELECT created_at FROM ${users} ORDER BY created_at DESC OFFSET ${SHORT_WALK_ROWS - 1} LIMIT 1)::text AS cut,
      (SELECT x.f FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS x(e, f)
        WHERE s.schemaname = 'public' AND s.tablename = 'users_search_grams_idx' AND x.e = lower(${q.search})
        LIMIT 1) AS freq`),
  );
  const walk = st?.cut ? and(where, sql`${users.createdAt} >= ${st.cut}::timestamptz`) : where;
  let n: number | undefined;
  if (!st?.cut || Number(st.freq ?? 0) >= COMMON_GRAM) {
    const walked = await cappedCount(tx, sql`SELECT 1 FROM ${users} WHERE ${walk}`);
    if (walked > COUNT_CAP || !st?.cut) n = walked;
  }
  if (n === undefined) {
    await read("bitmap");
    n = await cappedCount(tx, sql`SELECT 1 FROM ${users} WHERE ${grams}`);
  }
  let rows: MemberRow[] | undefined;
  if (n > COUNT_CAP || !st?.cut) {
    await read("walk");
    const walked = await pageRows(tx, q, walk);
    if (walked.length === q.limit || !st?.cut) rows = walked;
  }
  if (!rows) {
    await read("bitmap");
    rows = await pageRows(tx, q, grams);
  }
  return { users: rows.map(toMemberDto), total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

const pageRows = (db: DbOrTx, q: MemberListQuery, where: SQL | undefined) =>
  db
    .select(memberColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);

async function pageOf(db: DbOrTx, q: MemberListQuery): Promise<MemberPage> {
  const where = memberWhere(q);
  const rows = await pageRows(db, q, where);
  const n = await cappedCount(db, sql`SELECT 1 FROM ${users} WHERE ${where}`);
  if (n <= COUNT_CAP) return { users: rows.map(toMemberDto), total: n, totalCapped: false };
  let total = COUNT_CAP;
  if (!q.search && !q.phone) {
    // No term: the table's size as the planner knows it (kept by autovacuum/ANALYZE), no scan at all.
    const [est] = rowsOf<{ n: string | number }>(
      await db.execute(sql`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = 'users'::regclass`),
    );
    total = Math.max(n, Number(est?.n ?? 0));
  }
  return { users: rows.map(toMemberDto), total, totalCapped: true };
}

/** Up to `max` members of a filter, newest first, for the CSV export. */
export async function memberExportRows(
  db: DbOrTx,
  q: Pick<MemberListQuery, "search" | "phone" | "withSuperadmins" | "withAdmins"> & { max: number },
): Promise<MemberDto[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(memberWhere(q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.max);
  return rows.map(toMemberDto);
}
