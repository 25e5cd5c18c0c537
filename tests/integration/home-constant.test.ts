/**
 * /home costs the same whatever the member's history (docs/benchmarks.md, bench/home-history.ts): what the page
 * reads on the server — the session, and the layout's freeze banner and the page's first data
 * (components/providers/member-prefetch.tsx) — sends the same statements for a member with 1,000 swaps, 500
 * requests, 1,000 notifications (700 unread) and 300 proposals about them as for a member with almost nothing (the
 * tables holding other members' rows too: 20,000 notifications, 200 proposals waiting for a second administrator),
 * and each statement reads a bounded number of rows (EXPLAIN ANALYZE of the very statements sent, recorded at the
 * driver). What the page shows of the long history is still right: the totals of its balances and the bell's
 * "99+".
 */
import { sql } from "drizzle-orm";
import type { DehydratedState } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import { type FirstQuery, MemberPrefetch } from "@/components/providers/member-prefetch";
import { getDb } from "@/db/client";
import { freezeState } from "@/lib/account/freeze";
import { sessionUser } from "@/lib/auth/session";
import { notify } from "@/lib/notifications";
import { D } from "@/lib/money";
import { UNREAD_CAP } from "@/lib/notifications/inbox";
import { swapIntoStaking } from "@/lib/wallet/balances";
import { approvedMember, createUser, fund } from "../factories/money";
import type { TestUser } from "../factories/users";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const HOME: FirstQuery[] = ["profile", "coins", "staked", "price", "unread"];
/** The most rows one of /home's statements may read: the bell's cap, or a member's 24 ledger accounts. */
const ROWS_PER_STATEMENT = UNREAD_CAP;

type Sent = { text: string; params: unknown[] };
/** The driver under Drizzle: postgres.js (`unsafe`) or PGlite (`query`). */
type Driver = Record<"unsafe" | "query", (text: string, params?: unknown[], ...rest: unknown[]) => any>;
const driver = async () => ((await getDb()) as unknown as { $client: Driver }).$client;
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/**
 * Every statement the driver is handed while `work` runs (postgres.js `unsafe`, PGlite `query`: what Drizzle and
 * db/statement.ts call), and a way to run EXPLAIN ANALYZE of one with the same values, unrecorded.
 */
async function recorded(work: () => Promise<unknown>): Promise<Sent[]> {
  const client = await driver();
  const method = onPostgres() ? "unsafe" : "query";
  const original = client[method];
  const sent: Sent[] = [];
  client[method] = function (this: unknown, text: string, params: unknown[] = [], ...rest: unknown[]) {
    sent.push({ text, params });
    return original.call(this, text, params, ...rest);
  };
  try {
    await work();
  } finally {
    client[method] = original;
  }
  return sent;
}

/** Rows the scans of one statement read (returned or filtered out), from EXPLAIN (ANALYZE, FORMAT JSON). */
async function rowsRead(s: Sent): Promise<number> {
  const client = await driver();
  const text = `EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`;
  const rows = onPostgres() ? await client.unsafe(text, s.params) : (await client.query(text, s.params)).rows;
  const raw = rows[0]["QUERY PLAN"];
  const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  let read = 0;
  const walk = (n: PlanNode) => {
    if (n["Relation Name"])
      read +=
        ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) *
        (n["Actual Loops"] ?? 1);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan.Plan);
  return read;
}

/** What /home reads on the server for the member: the session, the freeze banner, the first data. */
async function homeReads(u: TestUser): Promise<{ data: Map<string, unknown> }> {
  const user = await sessionUser(new Request("http://localhost/home", { headers: { cookie: u.cookie } }));
  if (!user) throw new Error("no session");
  await freezeState(user);
  const element = (await MemberPrefetch({ user, queries: HOME, children: null })) as {
    props: { state: DehydratedState };
  };
  return {
    data: new Map(element.props.state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data])),
  };
}

/** 500 requests in every type and status (one PENDING per type) with their events, set-based. */
async function seedRequests(userId: number) {
  const db = await getDb();
  await db.execute(sql`
    WITH r AS (
      SELECT g, (ARRAY['TRANSFER', 'WITHDRAW', 'DEPOSIT'])[1 + g % 3] AS type, now() - (500 - g) * interval '7 hours' AS at,
        CASE WHEN g <= 3 THEN 'PENDING'
          WHEN g % 3 = 2 THEN (ARRAY['APPROVED', 'REJECTED', 'CANCELLED', 'EXPIRED'])[1 + g / 3 % 4]
          ELSE (ARRAY['APPROVED', 'REJECTED', 'CANCELLED', 'RETURNED', 'SENDING', 'PAID', 'FAILED'])[1 + g / 3 % 7]
        END AS status
      FROM generate_series(1, 500) g
    ), ins AS (
      INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, created_at, updated_at)
      SELECT ${userId}::integer, type::request_type, 'WLD', 5, 0, 5, status::request_status, at, at + interval '1 hour'
      FROM r ORDER BY g
      RETURNING id, status, created_at, updated_at
    )
    INSERT INTO request_events (request_id, status, actor_id, created_at)
    SELECT id, 'PENDING', ${userId}::integer, created_at FROM ins
    UNION ALL SELECT id, status, NULL, updated_at FROM ins WHERE status <> 'PENDING'`);
}

describe(`/home reads the same whatever the history (${kind})`, () => {
  let short: TestUser;
  let long: TestUser;

  beforeAll(async () => {
    const db = await getDb();
    const [admin, second] = [await createUser({ role: "ADMIN" }), await createUser({ role: "ADMIN" })];
    short = await approvedMember();
    long = await approvedMember();
    for (const m of [short, long]) {
      await fund(m.id, { holding: "1000" });
      await swapIntoStaking(db, { userId: m.id, actorId: m.id, amount: new D("100") });
      await notify(db, m.id, "balance_credited", { coin: "WLD", amount: "1000", account: "holding" });
    }
    // The long history: 1,000 swaps through the real ledger, …
    for (let i = 1; i < 1000; i++)
      await swapIntoStaking(db, { userId: long.id, actorId: long.id, amount: new D("0.01") });
    await seedRequests(long.id);
    // … 1,000 notifications as notify() writes them, the newest 700 unread, …
    await db.execute(sql`
      INSERT INTO notifications (user_id, kind, params, created_at, read_at)
      SELECT ${long.id}::integer, 'request_approved',
        jsonb_build_object('requestId', g, 'type', 'TRANSFER', 'coin', 'WLD', 'amount', '5'),
        now() - (1000 - g) * interval '3 hours', CASE WHEN g <= 300 THEN now() END
      FROM generate_series(1, 999) g`);
    // Other members' notifications over the same months: the table is not the long member's alone (a planner reads
    // a small table whole).
    const neighbour = await createUser();
    await db.execute(sql`
      INSERT INTO notifications (user_id, kind, params, created_at)
      SELECT ${neighbour.id}::integer, 'wallet_reset', '{}'::jsonb, now() - g * interval '9 minutes'
      FROM generate_series(1, 20000) g`);
    // … and 300 decided proposals about them (credits, rates, resets), none a pending unfreeze.
    await db.execute(sql`
      INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, status, decided_by, decided_at,
                             created_at, expires_at)
      SELECT (ARRAY['coin', 'member_rate', 'password_reset'])[1 + g % 3], ${long.id}::integer, '{}'::jsonb, 'history',
        ${admin.id}::integer, (ARRAY['APPROVED', 'REJECTED', 'EXPIRED'])[1 + g % 3], ${second.id}::integer, now(), now(), now()
      FROM generate_series(1, 300) g`);
    // Other members' proposals waiting for a second administrator.
    await db.execute(sql`
      INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, created_at, expires_at)
      SELECT 'coin', ${neighbour.id}::integer, '{}'::jsonb, 'waiting', ${admin.id}::integer, now(), now() + interval '1 day'
      FROM generate_series(1, 200) g`);
    await db.execute(sql`ANALYZE`);
    await homeReads(short); // the price and the statements' first compilation, once
  });

  it("shows the long history's totals and the bell's 99+", async () => {
    const [s, l] = [await homeReads(short), await homeReads(long)];
    expect(s.data.get(JSON.stringify(["notifications", "unread"]))).toEqual({ unread: 1 });
    // 700 unread: counted to the cap, which the bell shows as "99+" (notification-bell.tsx).
    expect(l.data.get(JSON.stringify(["notifications", "unread"]))).toEqual({ unread: UNREAD_CAP });
    const byKey = (r: typeof s, first: string) =>
      [...r.data.entries()].find(([k]) => (JSON.parse(k) as unknown[])[0] === first)?.[1] as
        | { symbol?: string; coinSymbol?: string; amount: string }[]
        | undefined;
    const wld = (r: typeof s, first: string) =>
      byKey(r, first)?.find((c) => (c.symbol ?? c.coinSymbol) === "WLD")?.amount;
    expect(wld(s, "coins")).toBe("900");
    expect(wld(s, "staked")).toBe("100");
    // 999 swaps of 0.01 after the first 100.
    expect(wld(l, "coins")).toBe("890.01");
    expect(wld(l, "staked")).toBe("109.99");
  });

  it("sends the same statements for both, each reading a bounded number of rows", async () => {
    const s = await recorded(() => homeReads(short));
    const l = await recorded(() => homeReads(long));
    expect(l.map((x) => x.text).sort()).toEqual(s.map((x) => x.text).sort());
    const shortRows = await Promise.all(s.map(rowsRead));
    const longRows = await Promise.all(l.map(rowsRead));
    for (const [i, n] of longRows.entries())
      expect(n, `rows read by ${l[i]!.text.slice(0, 120)}`).toBeLessThanOrEqual(ROWS_PER_STATEMENT);
    // The long history reads no more than the short one but for the bell's capped count.
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(longRows)).toBeLessThanOrEqual(sum(shortRows) + UNREAD_CAP);
  });
});
