/**
 * The dashboard's kept figures (admin_tallies, migration 0030) equal what a full count of users and ledger_accounts
 * says, after every kind of write that changes them: sign-ups (members and staff), a sign-up time moved to another
 * day, an ID approval paying its 1,000 WLD, stakes and credits, a deactivation, a role change, a transaction rolled
 * back, a fold; and, on PostgreSQL, sign-ups, credits and folds from many connections at once (no deadlock, no lost
 * delta). The dashboard reads only the kept rows, so each comparison is dashboardFigures against the full count.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveId from "@/app/api/admin/users/[id]/approve-id/route";
import * as deleteMember from "@/app/api/admin/users/[id]/route";
import { getDb, rowsOf } from "@/db/client";
import { dashboardFigures } from "@/db/queries/admin-dashboard";
import { credit } from "@/lib/ledger";
import { addDays, kstDay } from "@/lib/kst-day";
import { createUser, fund } from "../factories/money";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const DAYS = 30;

/** The figures as the dashboard's statements counted them before migration 0030: full scans. */
async function counted(today: string) {
  const db = await getDb();
  const [m] = rowsOf<{ total: string; today: string }>(
    await db.execute(sql`SELECT count(*) FILTER (WHERE role = 'USER')::text AS total,
      count(*) FILTER (WHERE role = 'USER'
        AND created_at >= (${today}::date - interval '9 hours')::timestamp AT TIME ZONE 'UTC')::text AS today
      FROM users WHERE status = 'ACTIVE'`),
  );
  const owed = rowsOf<{ kind: string; total: string }>(
    await db.execute(sql`SELECT kind::text AS kind, trim_scale(sum(balance))::text AS total FROM ledger_accounts
      WHERE user_id IS NOT NULL AND coin = 'WLD' GROUP BY kind`),
  );
  const days = rowsOf<{ day: string; n: string }>(
    await db.execute(sql`SELECT ((created_at AT TIME ZONE 'UTC') + interval '9 hours')::date::text AS day,
      count(*)::text AS n FROM users WHERE role = 'USER' GROUP BY 1`),
  );
  const owedOf = (k: string) => owed.find((o) => o.kind === k)?.total ?? "0";
  return {
    members: { total: Number(m?.total), newToday: Number(m?.today) },
    wldOwed: { holding: owedOf("holding"), staked: owedOf("staked"), held: owedOf("held"), rewards: owedOf("rewards") },
    signups: Array.from({ length: DAYS }, (_, i) => {
      const day = addDays(today, i - DAYS + 1);
      return { day, count: Number(days.find((d) => d.day.slice(0, 10) === day)?.n ?? 0) };
    }),
  };
}

async function expectKept(step: string) {
  const db = await getDb();
  const today = kstDay(new Date());
  const kept = await dashboardFigures(db, { today, days: DAYS, withSuperadmins: true });
  const want = await counted(today);
  expect({ members: kept.members, wldOwed: kept.wldOwed, signups: kept.signups }, step).toEqual(want);
}

const openRows = async () =>
  Number(
    rowsOf<{ n: string }>(
      await (await getDb()).execute(sql`SELECT count(*)::text AS n FROM admin_tallies WHERE tx <> 0`),
    )[0]?.n,
  );

describe(`the dashboard's kept figures equal the full counts (${kind})`, () => {
  it("after sign-ups, a moved sign-up day, an ID approval, stakes, a deactivation, a role change, a rollback and a fold", async () => {
    const db = await getDb();
    await expectKept("as migrated");

    const admin = await createUser({ role: "ADMIN" });
    const members = [await createUser(), await createUser(), await createUser({ idStatus: "PENDING" })];
    await expectKept("sign-ups");

    await db.execute(sql`UPDATE users SET created_at = now() - interval '3 days' WHERE id = ${members[0]!.id}`);
    await expectKept("a sign-up moved three days back");

    const member = members[2]!;
    await db.execute(sql`INSERT INTO id_documents (user_id, status) VALUES (${member.id}, 'PENDING')`);
    const before = await dashboardFigures(db, { today: kstDay(new Date()), days: DAYS, withSuperadmins: true });
    const approved = await call(approveId, "PATCH", `/api/admin/users/${member.id}/approve-id`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const after = await dashboardFigures(db, { today: kstDay(new Date()), days: DAYS, withSuperadmins: true });
    expect(after.idDocumentsPending).toBe(before.idDocumentsPending - 1);
    await expectKept("an ID approval paying 1,000 WLD");

    await fund(members[0]!.id, { holding: "12.5", staked: "100.000000000000000001" });
    await fund(members[1]!.id, { staked: "7" });
    await expectKept("credits and stakes");

    const gone = await call(deleteMember, "DELETE", `/api/admin/users/${members[1]!.id}`, {
      cookie: admin.cookie,
      params: { id: String(members[1]!.id) },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await expectKept("a deactivation");

    await db.execute(sql`UPDATE users SET role = 'SUPPORT' WHERE id = ${members[0]!.id}`);
    await expectKept("a member made staff");

    await db
      .transaction(async (tx) => {
        const [u] = rowsOf<{ id: number }>(
          await tx.execute(sql`INSERT INTO users (user_id, name, password_hash, ref_code)
            VALUES ('rolled-back', 'x', 'x', 'ROLLEDBACK1') RETURNING id`),
        );
        await credit(tx, { userId: u!.id, coin: "WLD", amount: "5" });
        throw new Error("roll back");
      })
      .catch(() => {});
    await expectKept("a transaction rolled back");

    expect(await openRows()).toBeGreaterThan(0);
    await db.execute(sql`SELECT admin_tallies_fold()`);
    expect(await openRows()).toBe(0);
    await expectKept("folded");
  });

  it("a fold keeps the rows of a transaction still open, and the totals stay whole when it commits", async () => {
    const db = await getDb();
    const u = await createUser();
    await db.transaction(async (tx) => {
      await credit(tx, { userId: u.id, coin: "WLD", amount: "3" });
      // The fold inside this transaction leaves this transaction's own rows (they are not committed yet).
      await tx.execute(sql`SELECT admin_tallies_fold()`);
      const [own] = rowsOf<{ n: string }>(
        await tx.execute(
          sql`SELECT count(*)::text AS n FROM admin_tallies WHERE tx = pg_current_xact_id()::text::bigint`,
        ),
      );
      expect(Number(own?.n)).toBeGreaterThan(0);
    });
    await expectKept("after the open transaction committed");
  });

  it("many connections at once: sign-ups, credits and folds; nothing lost, no deadlock", async () => {
    const db = await getDb();
    const work = Array.from({ length: 24 }, async (_, i) => {
      const u = await createUser();
      await fund(u.id, { holding: String(i + 1), staked: i % 2 ? "0.5" : "0" });
      if (i % 4 === 0) await db.execute(sql`SELECT admin_tallies_fold()`);
      if (i % 6 === 0) await db.execute(sql`UPDATE users SET status = 'DEACTIVATED' WHERE id = ${u.id}`);
    });
    const results = await Promise.allSettled(work);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    await expectKept("after the concurrent writes");
    await db.execute(sql`SELECT admin_tallies_fold()`);
    await expectKept("after a last fold");
  });

  it("admin_tallies_rebuild counts the same figures afresh", async () => {
    const db = await getDb();
    await db.execute(sql`SELECT admin_tallies_rebuild()`);
    expect(await openRows()).toBe(0);
    await expectKept("rebuilt");
  });
});
