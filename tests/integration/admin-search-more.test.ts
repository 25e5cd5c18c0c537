/**
 * The request queue's search and the referral codes' search of migration 0032 answer exactly what the plain
 * statements answer (docs/scaling.md, "Hot queries at that size"): same rows, same order across pages, same capped
 * total, for terms of one, two and three or more characters, Korean and ASCII, a member's handle or name or a
 * deposit's 입금자명, a code or its owner's handle, with a SUPERADMIN's rows hidden from an ADMIN. The data reaches
 * every way each reads: matches under and over COUNT_CAP, a walk that finds its page within its bound and one that
 * does not (matches only among the last requests, or only among the oldest members), and on PostgreSQL the plans
 * use the new indexes.
 */
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import * as codes from "@/db/queries/admin-referral-codes";
import { BOUNDED_WALK, byMemberOf, read } from "@/db/queries/admin-request-keys";
import { adminRequestPage } from "@/db/queries/admin-requests";
import { COUNT_CAP, SHORT_WALK_ROWS } from "@/db/queries/members";
import type { RequestStatus, RequestType } from "@/db/schema";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const MEMBERS = SHORT_WALK_ROWS + 2_500;
/** The oldest members: their codes are ZQ…, found only past the newest SHORT_WALK_ROWS. */
const OLD = 1_200;
const SUPER = MEMBERS - 5;
/** Requests: the first EARLY of members 19001…22000, then LATE of the 늦게 members, the last in the queue's order. */
const EARLY = BOUNDED_WALK + 800;
const LATE = 1_200;
const ADMIN_VIEW = { withSuperadmins: false };
/** A page of 김민 past the requests the bounded walk reads. */
const DEEP = 140;

async function ids(query: SQL): Promise<string[]> {
  return rowsOf<{ id: number | string }>(await (await getDb()).execute(query)).map((r) => String(r.id));
}
const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

beforeAll(async () => {
  const db = await getDb();
  // Two members per minute (ties on created_at, told apart by id), oldest first.
  await db.execute(sql`
    INSERT INTO users (user_id, name, password_hash, ref_code, created_at, status, role)
    SELECT CASE WHEN g = ${SUPER} THEN 'AbQ7_boss' WHEN g % 50 = 0 THEN 'AbQ7_' || g ELSE 'm' || g END,
      CASE WHEN g = ${SUPER} THEN '김민준' WHEN g > 22000 AND g <= 22400 THEN '늦게' || (g % 10)
        WHEN g % 997 = 0 THEN '이퓨나' WHEN g % 4 = 0 THEN '김민준' WHEN g % 4 = 1 THEN '이서연'
        ELSE '박' || chr(44032 + g % 400) END,
      'x', CASE WHEN g <= ${OLD} THEN 'ZQ' || g ELSE 'RC' || g END,
      timestamptz '2025-01-01 00:00+00' + (g / 2) * interval '1 minute',
      CASE WHEN g % 13 = 0 THEN 'DEACTIVATED' ELSE 'ACTIVE' END::user_status,
      CASE WHEN g = ${SUPER} THEN 'SUPERADMIN' ELSE 'USER' END::role
    FROM generate_series(1, ${MEMBERS}) g`);
  // Requests in the order of i (two per minute, ties): members 19001…22000 first (PENDING ones among the first
  // 3,000, one per member and type), then the 늦게 members' (a quarter PENDING). Deposits carry a 입금자명; some
  // PENDING deposits' quotes ran out (they read EXPIRED and go with the rest). The SUPERADMIN has a few.
  await db.execute(sql`
    INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, quote_expires_at, price_krw,
      krw_amount, depositor_name, created_at)
    SELECT u.id, q.type, 'WLD', 10, 0, 10, q.status,
      CASE WHEN q.type = 'DEPOSIT' THEN now() + CASE WHEN i % 4 = 1 THEN interval '-1 hour' ELSE interval '1 hour' END END,
      2000, CASE WHEN q.type = 'DEPOSIT' THEN 20000 END,
      CASE WHEN q.type <> 'DEPOSIT' OR i % 11 = 5 THEN NULL WHEN i % 44 = 0 THEN '홍길동' WHEN i % 44 = 1 THEN 'Kim Minjun'
        WHEN i % 11 = 2 THEN '김민준' ELSE '예금주' || (i % 97) END,
      timestamptz '2026-01-01 00:00+00' + (i / 2) * interval '1 minute'
    FROM generate_series(1, ${EARLY + LATE}) i
    CROSS JOIN LATERAL (SELECT (ARRAY['DEPOSIT', 'WITHDRAW', 'TRANSFER'])[1 + i % 3]::request_type AS type,
      CASE WHEN (i <= 3000 AND i % 5 = 0) OR (i > ${EARLY} AND i % 4 = 0) THEN 'PENDING'
        ELSE (ARRAY['APPROVED', 'REJECTED', 'PAID', 'EXPIRED'])[1 + i % 4] END::request_status AS status,
      CASE WHEN i = 5000 OR i = 5001 THEN ${SUPER} WHEN i <= ${EARLY} THEN 19001 + i % 3000
        ELSE 22001 + i % 400 END AS g) q
    JOIN users u ON lower(u.user_id) = lower(CASE WHEN q.g = ${SUPER} THEN 'AbQ7_boss' WHEN q.g % 50 = 0
      THEN 'AbQ7_' || q.g ELSE 'm' || q.g END)`);
  // Sign-up codes, each created at the same minute as a member (the order's tie: member before sign-up code).
  await db.execute(sql`
    INSERT INTO signup_codes (code, owner_id, note, created_at)
    SELECT CASE WHEN n % 2 = 0 THEN 'SU-ZQ' || n ELSE 'SU-AB' || n END, (SELECT id FROM users WHERE user_id = 'm1'),
      'n' || n, timestamptz '2025-01-01 00:00+00' + (n * 700) * interval '1 minute'
    FROM generate_series(1, 30) n`);
  await db.execute(sql`ANALYZE users`);
  await db.execute(sql`ANALYZE requests`);
}, 300_000);

describe(`request queue search (${kind})`, () => {
  type F = { status?: RequestStatus; type?: RequestType; withSuperadmins: boolean };
  /** The plain statement: the ILIKE on handle, name and 입금자명, a sort of every match, the count capped. */
  async function plain(term: string, f: F, page: number) {
    const like = likeOf(term);
    const effective = sql`(CASE WHEN r.status = 'PENDING' AND r.quote_expires_at <= now() THEN 'EXPIRED'::request_status
      ELSE r.status END)`;
    const where = sql`(u.user_id ILIKE ${like} OR u.name ILIKE ${like} OR r.depositor_name ILIKE ${like})
      ${f.withSuperadmins ? sql`` : sql`AND u.role NOT IN ('SUPERADMIN')`}
      ${f.status ? sql`AND ${effective} = ${f.status}::request_status` : sql``}
      ${f.type ? sql`AND r.type = ${f.type}::request_type` : sql``}`;
    const rows = await ids(sql`SELECT r.id FROM requests r JOIN users u ON u.id = r.user_id WHERE ${where}
      ORDER BY (${effective} = 'PENDING') DESC, r.created_at, r.id LIMIT 20 OFFSET ${(page - 1) * 20}`);
    const [n] = await ids(sql`SELECT count(*) AS id FROM (SELECT 1 FROM requests r JOIN users u ON u.id = r.user_id
      WHERE ${where} LIMIT ${COUNT_CAP + 1}) c`);
    return { ids: rows, total: Math.min(Number(n), COUNT_CAP), totalCapped: Number(n) > COUNT_CAP };
  }

  const cases: [string, string, F, number[]][] = [
    ["q7_", "a handle fragment, `_` literal, under the cap: by member", ADMIN_VIEW, [1, 2, 13]],
    ["이퓨나", "a rare Korean name: by member", ADMIN_VIEW, [1]],
    ["김민준", "a 3-letter name, over the cap (and a 입금자명): the walk finds the page", ADMIN_VIEW, [1, 2, 9]],
    ["김민준", "as a SUPERADMIN: their requests too", { withSuperadmins: true }, [1, 2, 21]],
    ["김민", "two letters, over the cap: the walk; a deep page past its bound: by member", ADMIN_VIEW, [1, 3, DEEP]],
    ["늦게", "only the last requests: PENDING part from the walk, the rest by member", ADMIN_VIEW, [1, 15, 16, 40]],
    ["길동", "a 입금자명 only, two letters: its grams", ADMIN_VIEW, [1, 2, 3]],
    ["minjun", "a 입금자명 only, ASCII, its trigrams", ADMIN_VIEW, [1, 17]],
    ["홍", "one letter of a 입금자명", ADMIN_VIEW, [1, 2]],
    ["m", "one ASCII letter, over the cap", ADMIN_VIEW, [1, 2, 31]],
    ["퓨", "one rare letter", ADMIN_VIEW, [1]],
    ["ㅋ", "no match", ADMIN_VIEW, [1]],
    ["김민", "PENDING only", { status: "PENDING", withSuperadmins: false }, [1, 2, 7]],
    ["김", "EXPIRED only (quotes run out included)", { status: "EXPIRED", withSuperadmins: false }, [1, 2, 30]],
    ["길동", "deposits only", { type: "DEPOSIT", withSuperadmins: false }, [1, 2]],
    ["늦게", "transfers only", { type: "TRANSFER", withSuperadmins: false }, [1, 6, 20]],
  ];
  it.each(cases)("%s (%s): the plain statement's rows, order and capped total", async (term, _why, f, pages) => {
    const db = await getDb();
    for (const page of pages) {
      const got = await adminRequestPage(db, { ...f, search: term, page, limit: 20, at: new Date() });
      const want = await plain(term, f, page);
      expect(
        { ids: got.items.map((i) => String(i.id)), total: got.total, totalCapped: got.totalCapped },
        `page ${page}`,
      ).toEqual(want);
    }
  });

  it("the data reaches every way: under and over the cap, pages within and past the walk's bound", async () => {
    expect((await plain("q7_", ADMIN_VIEW, 1)).totalCapped).toBe(false);
    // 김민: pages 1 and 3 lie within the first BOUNDED_WALK requests (and the PENDING ones), page DEEP past them.
    const like = likeOf("김민");
    const [within] = await ids(sql`SELECT count(*) AS id FROM requests r JOIN users u ON u.id = r.user_id
      WHERE u.role NOT IN ('SUPERADMIN') AND (u.user_id ILIKE ${like} OR u.name ILIKE ${like} OR r.depositor_name ILIKE ${like})
        AND (r.status = 'PENDING' OR (r.created_at, r.id) <= (SELECT created_at, id FROM requests
          ORDER BY created_at, id OFFSET ${BOUNDED_WALK - 1} LIMIT 1))`);
    expect(Number(within)).toBeGreaterThanOrEqual(3 * 20);
    expect(Number(within)).toBeLessThan(DEEP * 20);
    expect((await plain("김민", ADMIN_VIEW, DEEP)).ids).toHaveLength(20);
    expect((await plain("늦게", ADMIN_VIEW, 1)).totalCapped).toBe(true);
    expect((await plain("늦게", ADMIN_VIEW, 40)).ids).toHaveLength(20);
    expect((await plain("길동", ADMIN_VIEW, 3)).ids.length).toBeGreaterThan(0);
    // A 입금자명 that is also the member's name is one match, not two; the SUPERADMIN's requests are hidden.
    const both = await plain("김민준", { withSuperadmins: true }, 1);
    expect(both.totalCapped).toBe(true);
    const [superRequests] = await ids(sql`SELECT count(*) AS id FROM requests r JOIN users u ON u.id = r.user_id
      WHERE u.role = 'SUPERADMIN'`);
    expect(Number(superRequests)).toBe(2);
  });

  it.runIf(onPostgres())(
    "by member: the members' indexes, each one's requests, the 입금자명's",
    async () => {
      const explain = async (tx: DbOrTx, search: string) =>
        rowsOf<Record<string, string>>(
          await tx.execute(sql`EXPLAIN SELECT count(*) FROM (SELECT * FROM (${byMemberOf({ ...ADMIN_VIEW, search })}) x
          LIMIT ${COUNT_CAP + 1}) c`),
        )
          .map((r) => Object.values(r)[0])
          .join("\n");
      const plans: string[] = [];
      const rollback = new Error("rolled back");
      await (await getDb())
        .transaction(async (tx) => {
          // As many named deposits as at scale (rolled back): then reading every named deposit's entry of the old
          // requests_depositor_name_idx costs more than a term's trigrams or grams, as it does at 1,000,000 members.
          await tx.execute(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status,
            depositor_name, created_at)
          SELECT (SELECT id FROM users WHERE user_id = 'm19001'), 'DEPOSIT', 'WLD', 10, 0, 10, 'APPROVED',
            '예금주' || i, timestamptz '2026-03-01 00:00+00' + i * interval '1 second'
          FROM generate_series(1, 40000) i`);
          await tx.execute(sql`ANALYZE requests`);
          await read(tx, "members");
          plans.push(await explain(tx, "minjun"), await explain(tx, "길동"));
          throw rollback;
        })
        .catch((e) => {
          if (e !== rollback) throw e;
        });
      const [long, short] = plans;
      expect(long).toContain("users_user_id_trgm_idx");
      expect(long).toContain("requests_user_created_idx");
      expect(long).toContain("requests_depositor_name_trgm_idx");
      expect(short).toContain("users_search_grams_idx");
      expect(short).toContain("requests_user_created_idx");
      expect(short).toContain("requests_depositor_grams_idx");
      expect(`${long}\n${short}`).not.toMatch(/Seq Scan on (users|requests)/);
    },
    60_000,
  );
});

describe(`referral codes (${kind})`, () => {
  /** The plain statement: both kinds, the ILIKE on code and owner's handle, a sort of every row, the count capped. */
  async function plain(term: string, withSuperadmins: boolean, page: number) {
    const like = likeOf(term);
    const all = sql`SELECT 'member' AS kind, u.id, u.created_at FROM users u
        WHERE TRUE ${withSuperadmins ? sql`` : sql`AND u.role NOT IN ('SUPERADMIN')`}
        ${term ? sql`AND (u.ref_code ILIKE ${like} OR u.user_id ILIKE ${like})` : sql``}
      UNION ALL SELECT 'signup-code', c.id, c.created_at FROM signup_codes c LEFT JOIN users o ON o.id = c.owner_id
        WHERE TRUE ${term ? sql`AND (c.code ILIKE ${like} OR o.user_id ILIKE ${like})` : sql``}`;
    const rows = await ids(sql`SELECT kind || ':' || id AS id FROM (${all}) x
      ORDER BY created_at DESC, kind, id DESC LIMIT 20 OFFSET ${(page - 1) * 20}`);
    const [n] = await ids(sql`SELECT count(*) AS id FROM (SELECT 1 FROM (${all}) x LIMIT ${COUNT_CAP + 1}) c`);
    return { ids: rows, total: Math.min(Number(n), COUNT_CAP), totalCapped: Number(n) > COUNT_CAP };
  }

  const cases: [string, string, boolean, number[]][] = [
    ["", "no term: each kind's newest, merged", false, [1, 2, 600, 1126, 1127]],
    ["rc", "two letters, over the cap: the walk over the newest members", false, [1, 2, 300]],
    ["zq", "only the oldest members and sign-up codes: the walk finds none, the grams index all", false, [1, 2, 61]],
    ["rc123", "a code fragment under the cap: its trigrams", false, [1, 2]],
    ["q7_", "the owner's handle, `_` literal", false, [1, 2, 23]],
    ["ab", "two letters under the cap: handles and sign-up codes", false, [1, 23]],
    ["7", "one character, over the cap", false, [1, 2]],
    ["rc2249", "as an ADMIN: the SUPERADMIN's code hidden", false, [1]],
    ["rc2249", "as a SUPERADMIN: shown", true, [1]],
    ["ㅋ", "no match", false, [1]],
  ];
  it.each(cases)("%s (%s): the plain statement's rows, order and capped total", async (term, _why, sup, pages) => {
    const db = await getDb();
    for (const page of pages) {
      const got = await codes.referralCodePage(db, { withSuperadmins: sup, search: term, page, limit: 20 });
      const want = await plain(term, sup, page);
      expect(
        { ids: got.items.map((i) => `${i.kind}:${i.id}`), total: got.total, totalCapped: got.totalCapped },
        `page ${page}`,
      ).toEqual(want);
    }
  });

  it("the data reaches every way", async () => {
    expect((await plain("zq", false, 1)).totalCapped).toBe(true);
    expect((await plain("zq", false, 61)).ids.length).toBeGreaterThan(0);
    expect((await plain("rc123", false, 1)).totalCapped).toBe(false);
    expect((await plain("rc2249", true, 1)).ids).toContain(`member:${await superId()}`);
    expect((await plain("rc2249", false, 1)).ids).not.toContain(`member:${await superId()}`);
  });

  it("a sign-up code created the same minute as members comes after them, on its page and the next", async () => {
    const db = await getDb();
    // SU-AB1 was created at minute 700, as members 1400 and 1401: its position in the plain order picks the page.
    const [before] = await ids(sql`SELECT count(*) AS id FROM users u WHERE u.role NOT IN ('SUPERADMIN')
      AND u.created_at >= timestamptz '2025-01-01 00:00+00' + interval '700 minutes'`);
    const [codesBefore] = await ids(sql`SELECT count(*) AS id FROM signup_codes WHERE code <> 'SU-AB1'
      AND created_at >= timestamptz '2025-01-01 00:00+00' + interval '700 minutes'`);
    const page = Math.floor((Number(before) + Number(codesBefore)) / 20) + 1;
    for (const p of [page, page + 1]) {
      const got = await codes.referralCodePage(db, { ...ADMIN_VIEW, search: "", page: p, limit: 20 });
      expect(got.items.map((i) => `${i.kind}:${i.id}`)).toEqual((await plain("", false, p)).ids);
    }
    const onPage = (await plain("", false, page)).ids;
    const su = onPage.findIndex((i) => i.startsWith("signup-code"));
    expect(su).toBeGreaterThan(0);
    const tied = await ids(sql`SELECT 'member:' || id AS id FROM users
      WHERE created_at = timestamptz '2025-01-01 00:00+00' + interval '700 minutes'`);
    expect(tied).toHaveLength(2);
    expect(onPage.slice(0, su)).toEqual(expect.arrayContaining(tied));
  });
  const superId = async () =>
    (await ids(sql`SELECT id FROM users WHERE role = 'SUPERADMIN' AND user_id = 'AbQ7_boss'`))[0];

  it.runIf(onPostgres())("through the indexes: the codes' trigrams and grams", async () => {
    const plan = async (search: string) =>
      (await getDb()).transaction(async (tx) => {
        await codes.read(tx, "index");
        const rows = rowsOf<Record<string, string>>(
          await tx.execute(sql`EXPLAIN SELECT count(*) FROM (SELECT * FROM (${codes.searchOf(ADMIN_VIEW, search).matches})
            x LIMIT ${COUNT_CAP + 1}) c`),
        );
        return rows.map((r) => Object.values(r)[0]).join("\n");
      });
    expect(await plan("rc123")).toContain("users_ref_code_trgm_idx");
    const short = await plan("zq");
    expect(short).toContain("users_ref_code_grams_idx");
    expect(short).toContain("users_search_grams_idx");
    expect(short).not.toMatch(/Seq Scan on users/);
  });
});
