/**
 * Monthly partitions of notifications and staking_rewards (migration 0029, db/functions/ensure_month_partitions.sql,
 * lib/partitions/job.ts; docs/scaling.md section 2). On both databases: a row lands in its KST month's partition
 * (the legacy one before the cutover, the DEFAULT one for a month not created yet); the inbox, unread count, mark-read
 * and read-all, and the reward history read across partitions; the job creates missing months, moves a default
 * partition's rows into their month and detaches months past the window into the schema `archive` — no row lost, the
 * archived table still readable and still guarded; no row of either table can be deleted or truncated, through the
 * parent or a partition; the reward run writes into the current months; the remembered first staking day.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as readOneRoute from "@/app/api/notifications/[id]/read/route";
import * as readAllRoute from "@/app/api/notifications/read-all/route";
import * as inboxRoute from "@/app/api/notifications/route";
import * as unreadRoute from "@/app/api/notifications/unread-count/route";
import { getDb, rowsOf } from "@/db/client";
import { stakingProducts } from "@/db/schema";
import { stakingHistory } from "@/db/queries/staking";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { ensureMonthPartitions, runPartitionMaintenance } from "@/lib/partitions/job";
import { pendingDays, runRewardDay } from "@/lib/staking/run";
import { countOf, fund } from "../factories/money";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const DAY = 86_400_000;

/** The KST month `n` months from now's, as YYYY_MM and as its first day. */
function month(n: number): { tag: string; first: string } {
  const [y, m] = kstDay(new Date()).split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  const tag = `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  return { tag, first: `${tag.replace("_", "-")}-01` };
}

/** The partition (schema-qualified when not public) holding each row of `table` matching `where`. */
async function partitionsOf(table: "notifications" | "staking_rewards", where: ReturnType<typeof sql>) {
  const db = await getDb();
  return rowsOf<{ p: string }>(
    await db.execute(
      sql`SELECT tableoid::regclass::text AS p FROM ${sql.identifier(table)} WHERE ${where} ORDER BY id`,
    ),
  ).map((r) => r.p);
}

async function notificationAt(userId: number, at: string): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`INSERT INTO notifications (user_id, kind, params, created_at)
      VALUES (${userId}, 'wallet_reset', '{}'::jsonb, ${at}::timestamptz) RETURNING id::text AS id`),
  );
  return Number(row!.id);
}

async function rewardOn(userId: number, day: string) {
  const db = await getDb();
  await db.execute(sql`INSERT INTO staking_rewards (user_id, coin_symbol, day, staked_balance, annual_rate, amount)
    VALUES (${userId}, 'WLD', ${day}::date, 100, 12, 0.03287671)`);
}

/** The first instant of KST day `day`. */
const startOf = (day: string) => new Date(dayEnd(day).getTime() - DAY).toISOString();

describe(`monthly partitions (${kind})`, () => {
  it("a row lands in its KST month's partition: legacy before the cutover, DEFAULT past the created months", async () => {
    const u = await createUser();
    // The cutover of a fresh database is the start of this KST month; three months ahead exist.
    await notificationAt(u.id, startOf(month(0).first)); // 00:00 KST on the 1st: this month, not the last
    await notificationAt(u.id, new Date(Date.parse(startOf(month(0).first)) - 1000).toISOString());
    await notificationAt(u.id, startOf(month(2).first));
    await notificationAt(u.id, startOf(month(8).first));
    expect(await partitionsOf("notifications", sql`user_id = ${u.id}`)).toEqual([
      `notifications_${month(0).tag}`,
      "notifications_legacy",
      `notifications_${month(2).tag}`,
      "notifications_default",
    ]);
    // (staking_rewards' legacy partition is kept empty here: the job's test below reshapes it.)
    for (const n of [0, 3, 9]) await rewardOn(u.id, month(n).first);
    expect(await partitionsOf("staking_rewards", sql`user_id = ${u.id}`)).toEqual([
      `staking_rewards_${month(0).tag}`,
      `staking_rewards_${month(3).tag}`,
      "staking_rewards_default",
    ]);
  });

  it("the inbox, unread count, mark-read by id and read-all work across partitions", async () => {
    const member = await createUser();
    const older = await notificationAt(
      member.id,
      new Date(Date.parse(startOf(month(0).first)) - 3 * DAY).toISOString(),
    );
    const newer = await notificationAt(member.id, new Date().toISOString());
    expect(await partitionsOf("notifications", sql`user_id = ${member.id}`)).toEqual([
      "notifications_legacy",
      `notifications_${month(0).tag}`,
    ]);
    const inbox = (q = "") => call(inboxRoute, "GET", `/api/notifications${q}`, { cookie: member.cookie });
    expect((await inbox()).body.items.map((i: { id: number }) => i.id)).toEqual([newer, older]);
    expect((await inbox("?page=2&limit=1")).body).toMatchObject({ total: 2, unread: 2, items: [{ id: older }] });
    const marked = await call(readOneRoute, "POST", `/api/notifications/${older}/read`, {
      cookie: member.cookie,
      params: { id: String(older) },
    });
    expect(marked.body).toMatchObject({ id: older, unread: 1 });
    expect((await call(unreadRoute, "GET", "/api/notifications/unread-count", { cookie: member.cookie })).body).toEqual(
      {
        unread: 1,
      },
    );
    const all = await call(readAllRoute, "POST", "/api/notifications/read-all", { cookie: member.cookie });
    expect(all.body).toEqual({ marked: 1, unread: 0 });
    // Marking read updates each row in its own partition (no row moves: read_at is not the key).
    expect(await partitionsOf("notifications", sql`user_id = ${member.id} AND read_at IS NOT NULL`)).toHaveLength(2);
  });

  it("the reward history reads newest day first across months", async () => {
    const u = await createUser();
    const days = [month(0).first, month(1).first, month(2).first];
    for (const day of days) await rewardOn(u.id, day);
    const db = await getDb();
    const page1 = await stakingHistory(db, { userId: u.id, offset: 0, limit: 2 });
    const page2 = await stakingHistory(db, { userId: u.id, offset: 2, limit: 2 });
    expect([...page1, ...page2].map((r) => r.day)).toEqual([...days].reverse());
  });

  it("no row of either table is deleted or truncated, through the parent or any partition", async () => {
    const u = await createUser();
    await notificationAt(u.id, new Date().toISOString());
    await notificationAt(u.id, startOf(month(8).first));
    await rewardOn(u.id, month(0).first);
    const db = await getDb();
    const targets = [
      "notifications",
      `notifications_${month(0).tag}`,
      "notifications_default",
      "notifications_legacy",
      "staking_rewards",
      `staking_rewards_${month(0).tag}`,
    ];
    const before = await countOf(
      sql`SELECT (SELECT count(*) FROM notifications) + (SELECT count(*) FROM staking_rewards) AS n`,
    );
    for (const t of targets) {
      for (const statement of [sql`DELETE FROM ${sql.identifier(t)}`, sql`TRUNCATE ${sql.identifier(t)}`]) {
        const err = await db.execute(statement).then(
          () => null,
          (e: { message: string; cause?: { message: string } }) => e.cause?.message ?? e.message,
        );
        expect(err, t).toMatch(/never deleted/);
      }
    }
    expect(
      await countOf(sql`SELECT (SELECT count(*) FROM notifications) + (SELECT count(*) FROM staking_rewards) AS n`),
    ).toBe(before);
  });

  it("the reward run writes into the current months; the first staking day is remembered and read", async () => {
    const db = await getDb();
    await db.update(stakingProducts).set({ active: false });
    await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "WLD 12%", annualRate: "12", minAmount: "0" });
    const u = await createUser();
    await fund(u.id, { staked: "1000" });
    const today = kstDay(new Date());
    const result = await runRewardDay(db, today, { now: new Date(dayEnd(today).getTime() + 5 * 60_000) });
    expect(result.membersPaid).toBeGreaterThan(0);
    expect(await partitionsOf("staking_rewards", sql`user_id = ${u.id}`)).toEqual([`staking_rewards_${month(0).tag}`]);
    const [n] = await partitionsOf("notifications", sql`user_id = ${u.id} AND kind = 'reward_paid'`);
    expect(n).toMatch(/^notifications_20\d\d_\d\d$/);
    // The calendar starts at today's first stake (paid); found by the scan, not final yet, so not remembered.
    const later = new Date(dayEnd(today).getTime() + 3 * DAY);
    const next = [1, 2, 3].map((n) => addDays(today, n));
    expect(await pendingDays(db, later)).toEqual(next);
    expect(await countOf(sql`SELECT count(*) AS n FROM staking_first_day`)).toBe(0);
    // Once remembered, the calendar starts there, with no scan of the ledger.
    await db.execute(sql`INSERT INTO staking_first_day (day) VALUES (${addDays(today, -2)}::date)`);
    expect(await pendingDays(db, later)).toEqual([addDays(today, -2), addDays(today, -1), ...next]);
  });

  it("the job creates missing months, moves DEFAULT rows into them and archives months past the window, losing none", async () => {
    const db = await getDb();
    const u = await createUser();
    // A row for a month not created yet waits in the default partition.
    const waiting = await notificationAt(u.id, startOf(month(6).first));
    await rewardOn(u.id, month(7).first);
    expect(await partitionsOf("notifications", sql`id = ${waiting}`)).toEqual(["notifications_default"]);
    const total = () =>
      countOf(sql`SELECT (SELECT count(*) FROM notifications) + (SELECT count(*) FROM staking_rewards) AS n`);
    const before = await total();
    const changes = rowsOf<{ c: string }>(
      await db.execute(sql`SELECT c FROM ensure_month_partitions(now(), 8, 0, 0) c`),
    ).map((r) => r.c);
    expect(changes).toEqual(
      expect.arrayContaining([
        `created notifications_${month(6).tag}`,
        `moved 1 rows from notifications_default into notifications_${month(6).tag}`,
      ]),
    );
    expect(await partitionsOf("notifications", sql`id = ${waiting}`)).toEqual([`notifications_${month(6).tag}`]);
    expect(await partitionsOf("staking_rewards", sql`user_id = ${u.id}`)).toEqual([`staking_rewards_${month(7).tag}`]);
    expect(await total()).toBe(before);
    // Run again: nothing left to do.
    expect(rowsOf(await db.execute(sql`SELECT c FROM ensure_month_partitions(now(), 8, 0, 0) c`))).toEqual([]);

    // The reward history of 30 months back gets its months (the empty legacy partition ends there) …
    await ensureMonthPartitions(db, {
      from: new Date(`${month(-30).first}T00:00:00+09:00`),
      notificationsKeepMonths: 0,
      rewardsKeepMonths: 0,
    });
    await rewardOn(u.id, month(-29).first);
    await rewardOn(u.id, month(-12).first);
    const rewards = await countOf(sql`SELECT count(*) AS n FROM staking_rewards`);
    // … and with a window of 24 months, the months before it move to the archive schema, whole and guarded.
    const archived = await ensureMonthPartitions(db, { notificationsKeepMonths: 0, rewardsKeepMonths: 24 });
    expect(archived).toContain(`archived staking_rewards_${month(-29).tag}`);
    expect(archived).not.toContain(`archived staking_rewards_${month(-24).tag}`);
    const old = sql.raw(`archive.staking_rewards_${month(-29).tag}`);
    expect(await countOf(sql`SELECT count(*) AS n FROM ${old}`)).toBe(1);
    expect(await countOf(sql`SELECT count(*) AS n FROM staking_rewards`)).toBe(rewards - 1);
    const archivedRows = await countOf(sql`
      SELECT count(*) AS n FROM (SELECT * FROM staking_rewards UNION ALL SELECT * FROM ${old}) r
      WHERE r.user_id = ${u.id}`);
    expect(archivedRows).toBe(3);
    for (const statement of [sql`DELETE FROM ${old}`, sql`TRUNCATE ${old}`])
      await expect(db.execute(statement)).rejects.toThrow();
    expect(await countOf(sql`SELECT count(*) AS n FROM ${old}`)).toBe(1);
    // The job's own run (the environment's windows: notifications 24 months, rewards kept): nothing more to do.
    expect(await runPartitionMaintenance()).toEqual([]);
  });
});
