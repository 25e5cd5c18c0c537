/**
 * The admin reads of migration 0030 answer exactly what the plain statements answer (docs/scaling.md, "Hot queries
 * at that size"), now from their indexes: the member search for a term of one or two characters (the bigram index,
 * the walk over the newest members and its fallback), the request queue PENDING first across pages and filters, and
 * staking progress's page and count. Each is compared, page by page, with the statement it replaced, on data built
 * to reach every path: more members than the walk reads (SHORT_WALK_ROWS), terms over and under COUNT_CAP, a term
 * found only among the oldest members, ties on created_at, deactivated members and a SUPERADMIN.
 */
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { adminRequestPage } from "@/db/queries/admin-requests";
import { COUNT_CAP, memberPage, SHORT_WALK_ROWS } from "@/db/queries/members";
import { stakingProgress } from "@/db/queries/staking-admin";
import type { RequestStatus, RequestType } from "@/db/schema";
import { createUser, fund } from "../factories/money";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const MEMBERS = SHORT_WALK_ROWS + 2_500;
// The oldest members, named 옛날…: over COUNT_CAP and over the share the count walks for (pg_stats), yet none
// among the newest SHORT_WALK_ROWS: the walk comes back empty and the bigram index answers.
const OLD = 1_200;
const ADMIN_VIEW = { withSuperadmins: false };

async function ids(query: SQL): Promise<number[]> {
  return rowsOf<{ id: number | string }>(await (await getDb()).execute(query)).map((r) => Number(r.id));
}

beforeAll(async () => {
  const db = await getDb();
  // Two members per minute (ties on created_at, told apart by id), oldest first; names and handles by position.
  await db.execute(sql`
    INSERT INTO users (user_id, name, password_hash, ref_code, created_at, status, role)
    SELECT CASE WHEN g % 50 = 0 THEN 'AbQ7_' || g ELSE 'm' || g END,
      CASE WHEN g <= ${OLD} THEN '옛날' || (g % 10) WHEN g % 499 = 0 THEN '이퓨나' WHEN g % 5 = 0 THEN '김민준'
        WHEN g % 5 = 1 THEN '이서연' ELSE '박' || chr(44032 + g % 400) END,
      'x', 'RI' || g, timestamptz '2025-01-01 00:00+00' + (g / 2) * interval '1 minute',
      CASE WHEN g % 13 = 0 THEN 'DEACTIVATED' ELSE 'ACTIVE' END::user_status,
      CASE WHEN g = ${MEMBERS - 5} THEN 'SUPERADMIN' ELSE 'USER' END::role
    FROM generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`ANALYZE users`);
}, 120_000);

describe(`member search, one or two characters (${kind})`, () => {
  /** The list's statement as it was: ILIKE on handle and name, newest first, the count capped at COUNT_CAP + 1. */
  async function plain(term: string, page: number) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = sql`status = 'ACTIVE' AND role NOT IN ('SUPERADMIN') AND (user_id ILIKE ${like} OR name ILIKE ${like})`;
    const rows = await ids(sql`SELECT id FROM users WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET ${(page - 1) * 20}`);
    const [n] = await ids(
      sql`SELECT count(*) AS id FROM (SELECT 1 FROM users WHERE ${where} LIMIT ${COUNT_CAP + 1}) c`,
    );
    return { ids: rows, total: Math.min(n ?? 0, COUNT_CAP), totalCapped: (n ?? 0) > COUNT_CAP };
  }

  const cases: [string, string, number[]][] = [
    ["김민", "common: the walk over the newest members fills every page", [1, 2, 60]],
    ["김민", "a page past the newest members' matches: the bigram index", [186, 197, 198]],
    ["옛날", "only the oldest members, over COUNT_CAP: the walk finds none, the bigram index all", [1, 2, 56, 57]],
    ["퓨", "rare, under COUNT_CAP: the bigram index's rows, sorted", [1, 2, 3]],
    ["q7", "a handle fragment in another case", [1, 3]],
    ["7_", "`_` is a literal underscore, not any character", [1, 2]],
    ["김", "one common character", [1, 40]],
    ["ㅋ", "no match", [1]],
  ];
  it.each(cases)("%s (%s): the same rows, order and capped total as the plain ILIKE", async (term, _why, pages) => {
    const db = await getDb();
    for (const page of pages) {
      const got = await memberPage(db, { ...ADMIN_VIEW, search: term, phone: "", page, limit: 20 });
      const want = await plain(term, page);
      expect(
        { ids: got.users.map((u) => u.id), total: got.total, totalCapped: got.totalCapped },
        `page ${page}`,
      ).toEqual(want);
    }
  });

  it("the cases reach every path: over and under the cap, pages full and short, grams common and rare", async () => {
    const freq = async (gram: string) =>
      Number(
        rowsOf<{ f: string | null }>(
          await (await getDb()).execute(sql`SELECT (SELECT x.f FROM pg_stats s,
            unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS x(e, f)
            WHERE s.tablename = 'users_search_grams_idx' AND x.e = ${gram} LIMIT 1)::text AS f`),
        )[0]?.f ?? 0,
      );
    const walkedFor = (COUNT_CAP + 1) / SHORT_WALK_ROWS;
    expect(await freq("옛날")).toBeGreaterThanOrEqual(walkedFor); // the count walks, finds none, reads the bitmap
    expect(await freq("김민")).toBeGreaterThanOrEqual(walkedFor); // the count walks and reaches the cap
    expect(await freq("퓨")).toBeLessThan(walkedFor); // the count reads the bitmap
    expect((await plain("옛날", 1)).totalCapped).toBe(true);
    expect((await plain("김민", 1)).totalCapped).toBe(true);
    expect((await plain("퓨", 1)).totalCapped).toBe(false);
    expect((await plain("퓨", 2)).ids.length).toBeGreaterThan(0);
    expect((await plain("김민", 60)).ids).toHaveLength(20);
    // 3,922 matches, 3,683 of them among the newest SHORT_WALK_ROWS: page 186 reaches past those, 198 past all.
    expect((await plain("김민", 186)).ids).toHaveLength(20);
    expect((await plain("김민", 197)).ids).toHaveLength(2);
    expect((await plain("김민", 198)).ids).toHaveLength(0);
    expect((await plain("옛날", 56)).ids).toHaveLength(8);
  });

  it("the bigram index serves a two-character term (the count reads only the term's rows)", async () => {
    const db = await getDb();
    const plan = await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
      );
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`EXPLAIN SELECT 1 FROM users
          WHERE (search_grams(user_id) || search_grams(name)) @> ARRAY[lower('김민')] LIMIT 1001`),
      )
        .map((r) => Object.values(r)[0])
        .join("\n");
    });
    expect(plan).toContain("users_search_grams_idx");
  });

  it("search_grams: every character and adjacent pair, lower-cased", async () => {
    const [r] = rowsOf<{ g: string[] | string }>(
      await (await getDb()).execute(sql`SELECT search_grams('Ab김민') AS g`),
    );
    const grams = Array.isArray(r?.g) ? r.g : String(r?.g).replace(/[{}]/g, "").split(",");
    expect([...grams].sort()).toEqual(["a", "ab", "b", "b김", "김", "김민", "민"].sort());
  });
});

describe(`request queue: PENDING first, then the rest, oldest first, across pages (${kind})`, () => {
  let superadmin = 0;
  beforeAll(async () => {
    const db = await getDb();
    superadmin = (await ids(sql`SELECT id FROM users WHERE role = 'SUPERADMIN' AND user_id LIKE 'm%'`))[0] ?? 0;
    // 90 requests of 90 members (one PENDING per member, coin and type): PENDING ones, PENDING deposits whose quote
    // ran out (they read EXPIRED and go with the rest), and decided ones; created_at interleaved, with ties.
    await db.execute(sql`
      INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, quote_expires_at, price_krw,
        krw_amount, created_at)
      SELECT u.id, (ARRAY['DEPOSIT', 'WITHDRAW', 'TRANSFER'])[1 + g % 3]::request_type, 'WLD', 10, 0, 10,
        (ARRAY['PENDING', 'APPROVED', 'PENDING', 'REJECTED', 'EXPIRED', 'PAID'])[1 + g % 6]::request_status,
        CASE WHEN g % 3 = 0 THEN now() + CASE WHEN g % 4 = 0 THEN interval '-1 hour' ELSE interval '1 hour' END END,
        2000, CASE WHEN g % 3 = 0 THEN 20000 END,
        timestamptz '2026-01-01 00:00+00' + ((g * 37) % 60) * interval '1 minute'
      FROM generate_series(1, 90) g
      JOIN LATERAL (SELECT id FROM users WHERE user_id = 'm' || (${MEMBERS} - 200 + g) OR (g = 90 AND id = ${superadmin})
        ORDER BY id DESC LIMIT 1) u ON true`);
  });

  /** The queue's statement as it was: a sort of every request by (effective status = PENDING) DESC, created_at, id. */
  const plainOrder = (where: SQL, withSuperadmins: boolean) =>
    ids(sql`SELECT r.id FROM requests r JOIN users u ON u.id = r.user_id
      WHERE ${where} ${withSuperadmins ? sql`` : sql`AND u.role NOT IN ('SUPERADMIN')`}
      ORDER BY ((CASE WHEN r.status = 'PENDING' AND r.quote_expires_at <= now() THEN 'EXPIRED'::request_status
        ELSE r.status END) = 'PENDING') DESC, r.created_at ASC, r.id ASC`);
  const effective = (s: RequestStatus) =>
    sql`(CASE WHEN r.status = 'PENDING' AND r.quote_expires_at <= now() THEN 'EXPIRED'::request_status
      ELSE r.status END) = ${s}::request_status`;

  const filters: [string, { status?: RequestStatus; type?: RequestType; withSuperadmins: boolean }, SQL][] = [
    ["all, as an ADMIN", { withSuperadmins: false }, sql`TRUE`],
    ["all, as a SUPERADMIN", { withSuperadmins: true }, sql`TRUE`],
    ["PENDING", { status: "PENDING", withSuperadmins: false }, effective("PENDING")],
    ["EXPIRED (quotes run out included)", { status: "EXPIRED", withSuperadmins: false }, effective("EXPIRED")],
    ["APPROVED", { status: "APPROVED", withSuperadmins: false }, effective("APPROVED")],
    ["DEPOSIT", { type: "DEPOSIT", withSuperadmins: false }, sql`r.type = 'DEPOSIT'`],
  ];
  it.each(filters)("%s: every page of 7 is the plain sort's slice", async (_name, f, where) => {
    const db = await getDb();
    const want = await plainOrder(where, f.withSuperadmins);
    expect(want.length).toBeGreaterThan(0);
    const got: number[] = [];
    const statuses: string[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 7) + 1; page++) {
      const p = await adminRequestPage(db, { ...f, page, limit: 7, at: new Date() });
      expect(p.total).toBe(want.length);
      got.push(...p.items.map((i) => i.id));
      statuses.push(...p.items.map((i) => i.status));
    }
    expect(got).toEqual(want);
    // PENDING first, then never again; a quote that ran out reads EXPIRED.
    const firstOther = statuses.findIndex((s) => s !== "PENDING");
    if (firstOther >= 0) expect(statuses.slice(firstOther)).not.toContain("PENDING");
  });

  it("the PENDING part is read from its partial index (no sort of every request)", async () => {
    const db = await getDb();
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`EXPLAIN SELECT id FROM requests r WHERE r.status = 'PENDING'
          AND (r.quote_expires_at IS NULL OR r.quote_expires_at > now()) ORDER BY r.created_at, r.id LIMIT 20`),
      )
        .map((r) => Object.values(r)[0])
        .join("\n");
    });
    expect(plan).toContain("requests_pending_created_idx");
  });
});

describe(`staking progress: page and count from the staked-balance index (${kind})`, () => {
  it("the same stakes, order and count as the join of every stake to its member", async () => {
    const db = await getDb();
    const stakers = await Promise.all([5, 7, 7, 3, 12, 7, 1].map(async (n) => [await createUser(), n] as const));
    for (const [u, n] of stakers) await fund(u.id, { staked: String(n) });
    // A deactivated member's stake is not listed; a member with nothing staked is not either.
    await db.execute(sql`UPDATE users SET status = 'DEACTIVATED' WHERE id = ${stakers[4]![0].id}`);
    await createUser();
    const want = await ids(sql`SELECT a.id FROM ledger_accounts a JOIN users u ON u.id = a.user_id
      WHERE a.kind = 'staked' AND a.balance > 0 AND u.status = 'ACTIVE' ORDER BY a.balance DESC, a.id`);
    expect(want).toHaveLength(6);
    const owners = await ids(sql`SELECT a.user_id AS id FROM ledger_accounts a JOIN users u ON u.id = a.user_id
      WHERE a.kind = 'staked' AND a.balance > 0 AND u.status = 'ACTIVE' ORDER BY a.balance DESC, a.id`);
    const got: number[] = [];
    for (let offset = 0; offset < 8; offset += 4) {
      const p = await stakingProgress(db, { offset, limit: 4, protectedLockEnd: "2030-01-01T00:00:00.000Z" });
      expect(p.total).toBe(want.length);
      got.push(...p.items.map((i) => i.id));
    }
    expect(got).toEqual(owners);
  });
});
