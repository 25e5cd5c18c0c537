/**
 * The admin reads of migration 0033 answer exactly what the plain statements answer (docs/scaling.md, "Hot queries
 * at that size"), now from their indexes: the staking records (STAKING transactions, newest first) for every
 * combination of member, from and to, page by page with the total, and the ID review queue in its order for both
 * viewers. Data built to reach every branch: movements of other types at the same moments, ties on created_at,
 * rows either side of a KST midnight, a hidden row, a member whose handle is another member's id, a mixed-case
 * handle; documents of deactivated members, erased ones, decided ones and a SUPERADMIN's.
 * Each plan is read with EXPLAIN on the statements the functions send (sequential scans off, as the tables are
 * small here): the pages walk their partial indexes with no sort, the records' count reads its index alone.
 */
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { idReviewQueue } from "@/db/queries/admin-id-documents";
import { stakingRecords } from "@/db/queries/staking-admin";
import { credit } from "@/lib/ledger";
import { D } from "@/lib/money";
import { swapIntoStaking } from "@/lib/wallet/balances";
import { createUser, type TestUser } from "../factories/users";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";

/**
 * `db` whose statements are also EXPLAINed (the real ones run as they would): every plan the function's
 * statements get, with sequential scans off in its transactions.
 */
function explaining(db: DbOrTx): { db: DbOrTx; plans: string[] } {
  const plans: string[] = [];
  const wrap = (target: DbOrTx): DbOrTx =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "execute")
          return async (q: SQL) => {
            const plan = rowsOf<Record<string, string>>(await t.execute(sql`EXPLAIN ${q}`));
            plans.push(plan.map((r) => Object.values(r)[0]).join("\n"));
            return t.execute(q);
          };
        if (prop === "transaction")
          return (fn: (tx: DbOrTx) => Promise<unknown>) =>
            t.transaction(async (tx) => {
              await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
              return fn(wrap(tx));
            });
        return Reflect.get(t, prop, receiver);
      },
    });
  return { db: wrap(db), plans };
}

describe(`staking records: every filter combination, from the STAKING indexes (${kind})`, () => {
  let members: TestUser[] = [];
  /** A member whose login handle is another member's numeric id. */
  let twin: TestUser;
  let mixed: TestUser;

  beforeAll(async () => {
    const db = await getDb();
    members = [await createUser(), await createUser(), await createUser()];
    mixed = await createUser({ userId: `Mixed.Case${Date.now().toString(36)}` });
    twin = await createUser({ userId: String(members[0]!.id) });
    const all = [...members, mixed, twin];
    // Through the ledger: a DEPOSIT row each (another type), then swaps into the lock (STAKING).
    for (const [i, m] of all.entries()) {
      await credit(db, {
        userId: m.id,
        coin: "WLD",
        amount: "1000",
        memberTx: [{ userId: m.id, type: "DEPOSIT", coinSymbol: "WLD", amount: "1000" }],
      });
      for (let k = 0; k < 4 + i; k++)
        await swapIntoStaking(db, { userId: m.id, actorId: m.id, amount: new D(`${k + 1}.5`) });
    }
    // Times: members interleaved, two rows at each moment (ties, told apart by id), 97 minutes apart, from a day
    // and a half before the KST midnight starting 2026-03-02 (2026-03-01 15:00 UTC) to a day after it.
    await db.execute(sql`UPDATE transactions t SET created_at = timestamptz '2026-03-01 15:00:00+00'
        + ((s.n / 2) * 2 - 20) * interval '97 minutes'
      FROM (SELECT id, row_number() OVER (ORDER BY id % 3, id) AS n FROM transactions) s WHERE s.id = t.id`);
    await db.execute(sql`UPDATE transactions SET created_at = timestamptz '2026-03-01 14:59:59.999999+00'
      WHERE id = (SELECT min(id) FROM transactions WHERE type = 'STAKING' AND user_id = ${members[2]!.id})`);
    await db.execute(sql`UPDATE transactions SET created_at = timestamptz '2026-03-01 15:00:00+00'
      WHERE id = (SELECT max(id) FROM transactions WHERE type = 'STAKING' AND user_id = ${members[2]!.id})`);
    await db.execute(sql`UPDATE transactions SET hidden_at = now(), hidden_by = ${members[0]!.id}
      WHERE id = (SELECT max(id) FROM transactions WHERE type = 'STAKING' AND user_id = ${members[0]!.id})`);
    await db.execute(sql`ANALYZE transactions`);
  });

  /** The statement as it was: every STAKING row joined to its member, the filters on the joined row. */
  async function plain(q: { member: string | null; from: string | null; to: string | null }) {
    const conds: SQL[] = [sql`t.type = 'STAKING'`];
    if (q.member) {
      const m = q.member.trim();
      conds.push(
        /^\d{1,9}$/.test(m)
          ? sql`(u.id = ${Number(m)} OR lower(u.user_id) = lower(${m}))`
          : sql`lower(u.user_id) = lower(${m})`,
      );
    }
    if (q.from) conds.push(sql`t.created_at >= (${q.from}::date::text || ' 00:00+09')::timestamptz`);
    if (q.to) conds.push(sql`t.created_at < ((${q.to}::date + 1)::text || ' 00:00+09')::timestamptz`);
    const rows = rowsOf<{ id: string; member_id: number; amount: string; hidden: boolean; at: string }>(
      await (await getDb()).execute(sql`
        SELECT t.id::text AS id, u.id AS member_id, trim_scale(t.amount)::text AS amount,
          t.hidden_at IS NOT NULL AS hidden, floor(extract(epoch FROM t.created_at) * 1000)::bigint::text AS at
        FROM transactions t JOIN users u ON u.id = t.user_id WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY t.created_at DESC, t.id DESC`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      memberId: r.member_id,
      amount: r.amount,
      hidden: r.hidden,
      at: Number(r.at),
    }));
  }

  const memberFilters = () => [
    null,
    String(members[0]!.id), // the member with this id and the one whose handle it is
    String(members[1]!.id),
    ` ${members[2]!.userId.toUpperCase()} `,
    mixed.userId.toLowerCase(),
    "nobody-here",
    "999999999",
  ];
  const days = [null, "2026-03-01", "2026-03-02", "2026-02-28"];

  it("the same rows, order and total as the join of every STAKING row to its member, on every page", async () => {
    const db = await getDb();
    let nonEmpty = 0;
    for (const member of memberFilters())
      for (const from of days)
        for (const to of days) {
          const want = await plain({ member, from, to });
          if (want.length > 0) nonEmpty++;
          const got: typeof want = [];
          for (let offset = 0; offset <= want.length; offset += 7) {
            const page = await stakingRecords(db, { member, from, to, offset, limit: 7 });
            expect(page.total, `${member} ${from}..${to} @${offset}`).toBe(want.length);
            got.push(
              ...page.items.map((r) => ({
                id: r.id,
                memberId: r.memberId,
                amount: r.amount,
                hidden: r.hidden,
                at: new Date(r.createdAt).getTime(),
              })),
            );
          }
          expect(got, `${member} ${from}..${to}`).toEqual(want);
        }
    // The cases reach the branches: the id filter finds two members, ties, both sides of the midnight, hidden.
    const byId = await plain({ member: String(members[0]!.id), from: null, to: null });
    expect(new Set(byId.map((r) => r.memberId))).toEqual(new Set([members[0]!.id, twin.id]));
    const every = await plain({ member: null, from: null, to: null });
    expect(new Set(every.map((r) => r.at)).size).toBeLessThan(every.length);
    expect(every.some((r) => r.hidden)).toBe(true);
    const kstDay = (from: string) => plain({ member: members[2]!.userId, from, to: from });
    expect((await kstDay("2026-03-01")).some((r) => r.at === Date.parse("2026-03-01T14:59:59.999Z"))).toBe(true);
    expect((await kstDay("2026-03-02")).some((r) => r.at === Date.parse("2026-03-01T15:00:00Z"))).toBe(true);
    expect(nonEmpty).toBeGreaterThan(40);
  });

  describe("the plans, beside a busy member's 3,000 movements", () => {
    beforeAll(async () => {
      // One posting through the ledger with 3,000 history rows, spread over the KST days around the midnight:
      // walking every STAKING row of those days for a member's costs more than reading the member's own.
      const db = await getDb();
      const busy = await createUser();
      await credit(db, {
        userId: busy.id,
        coin: "WLD",
        amount: "3000",
        memberTx: Array.from({ length: 3000 }, () => ({
          userId: busy.id,
          type: "STAKING" as const,
          coinSymbol: "WLD" as const,
          amount: "1",
        })),
      });
      await db.execute(sql`UPDATE transactions SET created_at = timestamptz '2026-03-01 00:00+00'
        + (id % 3000) * interval '1 minute' WHERE user_id = ${busy.id}`);
      await db.execute(sql`VACUUM ANALYZE transactions`);
    });

    it("the page walks transactions_staking_created_idx with no sort; the count reads a STAKING index alone", async () => {
      for (const [from, to] of [
        [null, null],
        ["2026-03-01", "2026-03-02"],
      ] as const) {
        const { db, plans } = explaining(await getDb());
        await stakingRecords(db, { member: null, from, to, offset: 0, limit: 20 });
        const [count, page] = plans.filter((p) => p.includes("transactions"));
        expect(count).toMatch(/Index Only Scan using transactions_staking_(created|user)_idx/);
        expect(count).not.toContain("users");
        expect(page).toContain("Index Scan using transactions_staking_created_idx");
        expect(page).not.toMatch(/Sort/);
      }
    });

    it("a member's rows are read from the member's own, counted from transactions_staking_user_idx", async () => {
      for (const member of [String(members[0]!.id), mixed.userId]) {
        const { db, plans } = explaining(await getDb());
        await stakingRecords(db, { member, from: "2026-03-01", to: null, offset: 0, limit: 20 });
        const [count, page] = plans.filter((p) => p.includes("transactions"));
        expect(count).toMatch(/Index Only Scan using transactions_staking_user_idx/);
        // The page reads the member's rows by either index that starts with the member (the planner's choice).
        expect(page).toMatch(/transactions_(staking_user|user_created)_idx/);
        expect(page).not.toContain("transactions_staking_created_idx");
      }
    });
  });
});

describe(`ID review queue: oldest first from its partial index (${kind})`, () => {
  beforeAll(async () => {
    const db = await getDb();
    // 30 pending documents of pending members (created_at with ties), plus what the queue leaves out: a
    // deactivated member's, an erased one, a decided one, one whose member is no longer pending, a SUPERADMIN's.
    const pending: TestUser[] = [];
    for (let i = 0; i < 34; i++) pending.push(await createUser({ idStatus: "PENDING" }));
    const superadmin = await createUser({ role: "SUPERADMIN", idStatus: "PENDING" });
    const approved = await createUser({ idStatus: "APPROVED" });
    for (const [i, u] of [...pending, superadmin, approved].entries())
      await db.execute(sql`INSERT INTO id_documents (user_id, status, storage_key, created_at)
        VALUES (${u.id}, 'PENDING', ${`key-${i}`}, timestamptz '2026-02-01 00:00+00' + ${(i * 7) % 13} * interval '1 hour')`);
    await db.execute(sql`UPDATE users SET status = 'DEACTIVATED' WHERE id = ${pending[0]!.id}`);
    await db.execute(
      sql`UPDATE id_documents SET erased_at = now(), storage_key = NULL WHERE user_id = ${pending[1]!.id}`,
    );
    await db.execute(sql`UPDATE id_documents SET status = 'REJECTED' WHERE user_id = ${pending[2]!.id}`);
    await db.execute(sql`ANALYZE id_documents`);
  });

  /** The statement as it was: every pending document of a pending member, sorted. */
  async function plain(withSuperadmins: boolean) {
    return rowsOf<{ id: string }>(
      await (await getDb()).execute(sql`SELECT d.id::text AS id FROM id_documents d JOIN users u ON u.id = d.user_id
        WHERE d.status = 'PENDING' AND d.erased_at IS NULL AND u.status = 'ACTIVE' AND u.id_status = 'PENDING'
        ${withSuperadmins ? sql`` : sql`AND u.role NOT IN ('SUPERADMIN')`}
        ORDER BY d.created_at ASC, d.id ASC`),
    ).map((r) => Number(r.id));
  }

  it.each([false, true])("withSuperadmins %s: every page of 6 is the plain sort's slice", async (withSuperadmins) => {
    const db = await getDb();
    const want = await plain(withSuperadmins);
    expect(want).toHaveLength(withSuperadmins ? 32 : 31);
    const got: number[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 6) + 1; page++) {
      const p = await idReviewQueue(db, { withSuperadmins, page, limit: 6 });
      expect(p.total).toBe(want.length);
      got.push(...p.items.map((i) => i.documentId));
    }
    expect(got).toEqual(want);
  });

  it("the page walks id_documents_pending_created_idx, no sort", async () => {
    const { db, plans } = explaining(await getDb());
    await idReviewQueue(db, { withSuperadmins: false, page: 1, limit: 20 });
    const page = plans.find((p) => p.includes("Limit") && p.includes("id_documents_pending_created_idx"));
    expect(page, plans.join("\n---\n")).toBeDefined();
    expect(page).not.toMatch(/Sort/);
  });
});
