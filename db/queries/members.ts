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
 * 0.1 %): seq scans are off inside this transaction, so the count reads the trigram bitmap (a pattern too short
 * for trigrams still falls back to a scan — the planner has no other path).
 */
export async function memberPage(db: DbOrTx, q: MemberListQuery): Promise<MemberPage> {
  if (!q.search && !q.phone) return pageOf(db, q);
  // A term of one or two characters has no trigram: the GIN indexes would hand back every row to recheck
  // (0.4–0.9 s at 1,000,000 members, docs/scaling.md), while a plain scan in created_at order stops after the
  // page and the count's cap of matches — a common fragment such as 김민 is found within the first rows.
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

async function pageOf(db: DbOrTx, q: MemberListQuery): Promise<MemberPage> {
  const where = memberWhere(q);
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
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
