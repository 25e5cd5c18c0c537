/**
 * `npm run scale:generate [-- --members N --stakers N --days N --resume]`: the past-one-database simulation's
 * data set (docs/scaling.md section 4). Fills a separate PostgreSQL database (scripts/scale/database.ts,
 * `wld_scale` by default), created here and migrated with the project's own migrations (`npm run db:migrate`),
 * with N members (default 1,000,000) and a year of daily staking rewards, everything the real code paths write:
 * members and their ID checks, KYC rewards, KRW purchases, expired quotes, transfers and withdrawals, swaps into
 * the lock by `--stakers` members (default 150,000) — ./plan-members.ts draws the plan, ./plan-postings.ts turns
 * it into requests and postings — and per KST day exactly what lib/staking/run.ts writes (one STAKING_REWARD
 * posting, a staking_rewards row and a `reward_paid` notification per staker, the staking_runs and audit rows), the
 * reward being the same SQL (rewardSql) of the day-end staked balance.
 *
 * All of it set-based SQL from a plan drawn once per member with hashint8extended (the same N gives the same
 * data). Rows are written period by period in time order — a week per period before staking starts, then a day —
 * so ledger entries and notifications lie on disk as production would lay them. Secondary indexes of the big tables
 * are dropped for the load and rebuilt at the end; triggers and foreign keys are off during the load
 * (session_replication_role = replica) — ids all come from the plan — except the audit log's hash chain; what
 * triggers keep (the rate history, the dashboard's tallies) is written explicitly. Member balances are computed
 * from the plan, so `npm run ledger:check`, run at the end, really compares two computations; `npm run
 * audit:verify` follows.
 *
 * Drops and recreates the database each time; `--resume` continues an interrupted run instead (each stage and
 * each period commits with a marker in scale_gen.stage). Progress goes to stdout.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { hash } from "@node-rs/argon2";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { rewardSql } from "@/db/queries/staking-rates";
import { addDays, dayEnd, lastEndedDay } from "@/lib/kst-day";
import { maintenanceUrl, projectChecks, SCALE_DATABASE_URL, scaleDatabaseName } from "./database";
import { createPlanFunctions, planMembers } from "./plan-members";
import { balancesFromPlan, planPostings, writeAudit } from "./plan-postings";

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : dflt;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} wants a positive integer`);
  return v;
};
const N = opt("members", 1_000_000);
const STAKERS = Math.min(opt("stakers", 150_000), N);
const DAYS = opt("days", 365);
const RESUME = args.includes("--resume");

/** Product rate (percent a year) and the members' own rate for 1 % of stakers (an administrator set it). */
const PRODUCT_RATE = "12";
const OWN_RATE = "15";
/** The three staff accounts come first (ids 1–3); member g has id g + STAFF. */
const STAFF = 3;
const ADMIN_ID = 2;
/** System accounts WLD external, fees, airdrop, rewards_pool get ids 1–4; member g's holding, staked, held, rewards 4 + 4(g − 1) + 1…4. */
const ACC = { external: 1, fees: 2, airdrop: 3, rewards_pool: 4 } as const;
/** An integer constant spelled into the SQL text (a bare parameter in a UNION or SELECT list has no type). */
const lit = (n: number) => sql.raw(String(Math.trunc(n)));

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const log = (msg: string) => console.log(`[${elapsed().padStart(8)}] ${msg}`);

// ── the simulated calendar: DAYS reward days ending the day before yesterday (KST), so that yesterday, an
//    ended day, is "the next day" scripts/scale/measure.ts pays with the real reward run ─────────────────────
const lastDay = addDays(lastEndedDay(new Date()), -1);
const firstDay = addDays(lastDay, -(DAYS - 1));
const launch = dayEnd(addDays(firstDay, -1)); // 00:00 KST of the first reward day: staking opens
const lastEnd = dayEnd(lastDay);
const signupStart = new Date(launch.getTime() - 365 * 86_400_000);
const signupEnd = new Date(lastEnd.getTime() - 86_400_000);
const iso = (d: Date) => d.toISOString();
const ts = (d: Date) => sql`${iso(d)}::timestamptz`;
const MIN5 = 5 * 60_000;

// ── database ─────────────────────────────────────────────────────────────────────────────────────────────
const dbName = scaleDatabaseName();
if (!RESUME) {
  const admin = postgres(maintenanceUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  await admin.end();
  log(`database ${dbName} created; migrating with the project's migrations (npm run db:migrate)`);
  const migrated = spawnSync("npm", ["run", "--silent", "db:migrate"], {
    env: { ...process.env, DATABASE_URL: SCALE_DATABASE_URL, DATABASE_DIRECT_URL: SCALE_DATABASE_URL },
    stdio: "inherit",
  });
  if (migrated.status !== 0) throw new Error("npm run db:migrate failed");
}

// One connection: the load's session settings hold for every statement. Foreign keys and user triggers are
// off for the bulk load (session_replication_role = replica); the audit insert switches them back on.
const client = postgres(SCALE_DATABASE_URL, {
  max: 1,
  onnotice: () => {},
  connection: {
    session_replication_role: "replica",
    synchronous_commit: "off",
    work_mem: "256MB",
    maintenance_work_mem: "2GB",
    max_parallel_maintenance_workers: 2,
  },
});
const db = drizzle(client);
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
/** Rows of a statement, on the transaction `on` when inside one (the single connection is its). */
const rows = async <T>(q: SQL, on: Pick<typeof db, "execute"> = db) => (await on.execute(q)) as unknown as T[];

/** Runs `body` in one transaction once: skipped when its marker says it committed before (--resume). */
async function stage(name: string, body: (tx: Tx) => Promise<unknown>, quiet = false) {
  const [done] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM scale_gen.stage WHERE name = ${name}`);
  if (done && done.n > 0) return;
  const t = performance.now();
  await db.transaction(async (tx) => {
    await body(tx);
    await tx.execute(sql`INSERT INTO scale_gen.stage (name) VALUES (${name})`);
  });
  if (!quiet) log(`${name} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
}

await db.execute(sql`CREATE SCHEMA IF NOT EXISTS scale_gen`);
await db.execute(
  sql`CREATE TABLE IF NOT EXISTS scale_gen.stage (name text PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`,
);
const [meta] = await rows<{ members: number; stakers: number; first_day: string; last_day: string }>(
  sql`SELECT members, stakers, first_day::text, last_day::text FROM scale_gen.meta`,
).catch(() => []);
if (RESUME && meta && (meta.members !== N || meta.stakers !== STAKERS))
  throw new Error(
    `--resume: the database holds ${meta.members} members / ${meta.stakers} stakers, not ${N} / ${STAKERS}`,
  );
// A resumed run keeps the calendar it started with.
const cal = meta ? { first: meta.first_day, last: meta.last_day } : { first: firstDay, last: lastDay };
if (cal.first !== firstDay)
  throw new Error(`--resume: started for ${cal.first}…${cal.last}; a new day began since: start over`);
log(`${N} members, ${STAKERS} stakers, reward days ${firstDay} … ${lastDay} (KST); sign-ups from ${iso(signupStart)}`);

// ── stage 1: helpers, meta, products, the plan of every member ────────────────────────────────────────────
// One unusable argon2id hash for every member (a real hash's length and shape; nobody knows the password).
const passwordHash = await hash(randomBytes(24).toString("base64"));

await stage("setup", async (tx) => {
  await tx.execute(sql`
    CREATE TABLE scale_gen.meta AS SELECT ${N}::int AS members, ${STAKERS}::int AS stakers,
      ${firstDay}::date AS first_day, ${lastDay}::date AS last_day, now() AS generated_at`);
  await createPlanFunctions(tx);
  await tx.execute(sql`
    INSERT INTO staking_products (coin_symbol, name, annual_rate, min_amount, active, created_at, updated_at)
    VALUES ('WLD', 'WLD 보호 잠금 스테이킹', ${PRODUCT_RATE}, 0, true, ${ts(new Date(launch.getTime() - 7 * 86_400_000))}, ${ts(launch)})`);
  // The rate history the reward run reads (ratesAsOf, migration 0015): its trigger is off during the load.
  await tx.execute(sql`
    INSERT INTO staking_product_versions (product_id, coin_symbol, annual_rate, min_amount, active, valid_from)
    SELECT id, coin_symbol, annual_rate, min_amount, active, created_at FROM staking_products`);
  await tx.execute(sql`
    INSERT INTO users (id, user_id, name, password_hash, role, ref_code, phone, id_status, created_at, updated_at)
    VALUES (1, 'superadmin', '운영총괄', ${passwordHash}, 'SUPERADMIN', 'STAFF0001', NULL, 'NONE', ${ts(signupStart)}, ${ts(signupStart)}),
           (2, 'ops.kim', '김운영', ${passwordHash}, 'ADMIN', 'STAFF0002', NULL, 'NONE', ${ts(signupStart)}, ${ts(signupStart)}),
           (3, 'ops.lee', '이운영', ${passwordHash}, 'ADMIN', 'STAFF0003', NULL, 'NONE', ${ts(signupStart)}, ${ts(signupStart)})`);
});

await stage("plan members", (tx) =>
  planMembers(tx, {
    n: N,
    stakers: STAKERS,
    staff: STAFF,
    signupStart,
    signupEnd,
    launch,
    lastEnd,
    productRate: PRODUCT_RATE,
    ownRate: OWN_RATE,
  }),
);

// ── the months of the history (notifications and staking_rewards are partitioned by KST month, migration 0029):
//    the empty legacy partition ends at the first generated month, every month from there gets its partition ──
await stage("month partitions", async (tx) => {
  await tx.execute(sql`SELECT count(*) FROM ensure_month_partitions(${ts(signupStart)}, 3, 0, 0)`);
});

// ── stage 2: the big tables' secondary indexes out of the way (definitions kept for the rebuild) ──────────
const BIG = ["users", "ledger_entries", "staking_rewards", "notifications", "transactions", "audit_log"];
await stage("drop secondary indexes", async (tx) => {
  await tx.execute(sql`
    CREATE TABLE scale_gen.dropped AS
    SELECT c.conrelid::regclass::text AS tbl, 'ALTER TABLE ' || c.conrelid::regclass || ' ADD CONSTRAINT '
      || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid) AS restore,
      'ALTER TABLE ' || c.conrelid::regclass || ' DROP CONSTRAINT ' || quote_ident(c.conname) AS drop
    FROM pg_constraint c
    WHERE c.contype = 'u' AND c.conrelid::regclass::text IN (${sql.join(
      BIG.map((t) => sql`${t}`),
      sql`, `,
    )})
    UNION ALL
    -- An index of a partitioned table reads "ON ONLY" (the parent alone): rebuilt on every partition.
    SELECT i.tablename, replace(i.indexdef, ' ON ONLY ', ' ON '), 'DROP INDEX ' || quote_ident(i.indexname)
    FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(
      BIG.map((t) => sql`${t}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u'))`);
  for (const r of await rows<{ drop: string }>(sql`SELECT drop FROM scale_gen.dropped`, tx))
    await tx.execute(sql.raw(r.drop));
});

// ── stage 3: members, ID documents, accounts ────────────────────────────────────────────────────────────
const USER_BATCHES = 10;
for (let b = 0; b < USER_BATCHES; b++) {
  const lo = Math.floor((N * b) / USER_BATCHES) + 1;
  const hi = Math.floor((N * (b + 1)) / USER_BATCHES);
  await stage(`users ${lo}…${hi}`, async (tx) => {
    await tx.execute(sql`
      INSERT INTO users (id, user_id, name, password_hash, role, status, ref_code, ref_id, referrer_id, wallet_addr, phone,
                         id_status, created_at, updated_at, deactivated_at)
      SELECT m.id, m.handle, m.name, ${passwordHash}, 'USER', m.status::user_status, scale_gen.refcode(m.g),
        CASE WHEN m.ref_g IS NOT NULL THEN scale_gen.refcode(m.ref_g) END, (m.ref_g + ${lit(STAFF)})::int, m.wallet, m.phone,
        m.id_status::id_status, m.created_at, greatest(m.created_at, CASE WHEN m.id_status = 'APPROVED' THEN m.kyc_at END),
        CASE WHEN m.status = 'DEACTIVATED' THEN least(m.created_at + interval '30 days', ${ts(lastEnd)}) END
      FROM scale_gen.m m WHERE m.g BETWEEN ${lo} AND ${hi} ORDER BY m.g`);
  });
}

await stage("id documents, accounts, rates", async (tx) => {
  await tx.execute(sql`
    INSERT INTO id_documents (user_id, status, storage_key, mime, width, height, size_bytes, reviewed_by, reviewed_at, reason, created_at)
    SELECT m.id, m.id_status::id_status, encode(sha256(('id' || m.g)::bytea), 'hex'), 'image/jpeg', 1600, 1200,
      180000 + (m.g % 400000)::int,
      CASE WHEN m.id_status IN ('APPROVED', 'REJECTED') THEN ${lit(ADMIN_ID)} END,
      CASE WHEN m.id_status IN ('APPROVED', 'REJECTED') THEN m.kyc_at END,
      CASE WHEN m.id_status = 'REJECTED' THEN '사진이 흐립니다' END, m.doc_at
    FROM scale_gen.m m WHERE m.id_status <> 'NONE' ORDER BY m.doc_at`);
  await tx.execute(sql`CREATE UNLOGGED TABLE scale_gen.docs AS SELECT user_id, id AS doc_id FROM id_documents`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_gen.docs (user_id)`);
  await tx.execute(sql`
    INSERT INTO ledger_accounts (id, user_id, coin, kind) VALUES
      (${lit(ACC.external)}, NULL, 'WLD', 'external'), (${lit(ACC.fees)}, NULL, 'WLD', 'fees'),
      (${lit(ACC.airdrop)}, NULL, 'WLD', 'airdrop'), (${lit(ACC.rewards_pool)}, NULL, 'WLD', 'rewards_pool')`);
  await tx.execute(sql`
    INSERT INTO ledger_accounts (id, user_id, coin, kind)
    SELECT 4 + 4 * (m.g - 1) + k.n, m.id, 'WLD', k.kind::account_kind
    FROM scale_gen.m m
    CROSS JOIN (VALUES (1, 'holding'), (2, 'staked'), (3, 'held'), (4, 'rewards')) AS k (n, kind)
    WHERE m.id_status = 'APPROVED' AND m.status = 'ACTIVE'
      AND (k.n = 1 OR (k.n IN (2, 4) AND m.staker) OR (k.n = 3 AND m.t3 IS NOT NULL))
    ORDER BY 1`);
  await tx.execute(sql`
    INSERT INTO member_staking_rates (user_id, coin_symbol, annual_rate, updated_at)
    SELECT id, 'WLD', rate, t1 - interval '1 day' FROM scale_gen.m WHERE own_rate`);
  await tx.execute(sql`
    INSERT INTO member_staking_rate_versions (user_id, coin_symbol, product_id, annual_rate, valid_from)
    SELECT user_id, coin_symbol, product_id, annual_rate, updated_at FROM member_staking_rates`);
  // Hourly, daily and weekly WLD prices over the two years (the charts' history), from the same curve.
  await tx.execute(sql`
    INSERT INTO price_snapshots (symbol, series, time, price_krw, usdt_krw, change_percent, source, fetched_at)
    SELECT 'WLD', s.series, t, scale_gen.price(t), 1380, 0, 'upbit', t
    FROM (VALUES ('1h', interval '1 hour'), ('1d', interval '1 day'), ('1w', interval '7 days')) AS s (series, step)
    CROSS JOIN LATERAL generate_series(date_trunc('hour', ${ts(signupStart)}), ${ts(lastEnd)}, s.step) t`);
});

// ── stage 4: requests and every posting, in time order (posting ids follow time, reward runs included) ────
await stage("plan requests and postings", (tx) => planPostings(tx, { adminId: ADMIN_ID, acc: ACC, firstDay, lastDay }));

// ── stage 5: period by period, the entries and notifications of that time, and each day's reward run ───────
await stage("plan stakers", async (tx) => {
  await tx.execute(sql`
    CREATE UNLOGGED TABLE scale_gen.st AS
    SELECT m.id AS user_id, 4 + 4 * (m.g - 1) + 4 AS rewards_acc, m.t1, m.a1, m.t2, coalesce(m.a2, 0) AS a2,
      m.t3, coalesce(m.x_total, 0) AS x_total, m.rate, scale_gen.u(m.g, 32) < 0.7 AS reader
    FROM scale_gen.m m WHERE m.staker ORDER BY m.id`);
});

type Period = { from: Date; to: Date; day: string | null };
const periods: Period[] = [];
for (let at = signupStart.getTime(); at < launch.getTime() + MIN5; at += 7 * 86_400_000)
  periods.push({ from: new Date(at), to: new Date(Math.min(at + 7 * 86_400_000, launch.getTime() + MIN5)), day: null });
for (let d = firstDay; d <= lastDay; d = addDays(d, 1))
  periods.push({
    from: new Date(dayEnd(addDays(d, -1)).getTime() + MIN5),
    to: new Date(dayEnd(d).getTime() + MIN5),
    day: d,
  });

const readCutoff = addDays(lastDay, -14);
/** Members read their older notifications (70 % of them do); the last two weeks stay unread. */
const readAt = (created: SQL, day: SQL, reader: SQL) =>
  sql`CASE WHEN ${reader} AND ${day} < ${readCutoff}::date THEN ${created} + interval '20 hours' END`;

const rewardPostings = new Map(
  (
    await rows<{ day: string; id: number }>(
      sql`SELECT day::text AS day, id::int AS id FROM scale_gen.ev WHERE kind = 'STAKING_REWARD'`,
    ).catch(() => [])
  ).map((r) => [r.day, r.id]),
);
let loaded = 0;
for (const p of periods) {
  await stage(
    `period ${iso(p.from)}`,
    async (tx) => {
      const inPeriod = sql`e.at >= ${ts(p.from)} AND e.at < ${ts(p.to)}`;
      await tx.execute(sql`
        INSERT INTO ledger_entries (posting_id, account_id, coin, amount, created_at)
        SELECT e.id, l.acc, 'WLD', l.amt, e.at
        FROM scale_gen.ev e CROSS JOIN LATERAL unnest(e.leg_acc, e.leg_amt) WITH ORDINALITY AS l (acc, amt, ord)
        WHERE ${inPeriod} AND e.leg_acc IS NOT NULL
        ORDER BY e.id, l.ord`);
      await tx.execute(sql`
        INSERT INTO notifications (user_id, kind, params, created_at, read_at)
        SELECT e.user_id, e.note, e.note_params, e.at,
          ${readAt(sql`e.at`, sql`(e.at AT TIME ZONE 'Asia/Seoul')::date`, sql`scale_gen.u(e.user_id - ${lit(STAFF)}, 32) < 0.7`)}
        FROM scale_gen.ev e WHERE ${inPeriod} AND e.note IS NOT NULL ORDER BY e.id`);
      if (!p.day) return;
      const end = dayEnd(p.day);
      const due = new Date(end.getTime() + MIN5);
      const posting = { id: rewardPostings.get(p.day) };
      if (!posting.id) throw new Error(`no reward posting planned for ${p.day}`);
      // The staked balance at the day's end from the plan's swaps and holds; the reward as the run computes it.
      const [paid] = await rows<{ n: number; total: string | null }>(
        sql`
        WITH r AS (
          SELECT s.user_id, s.rewards_acc, s.rate, s.reader, b.balance, ${rewardSql(sql`b.balance`, sql`s.rate`)} AS reward
          FROM scale_gen.st s
          CROSS JOIN LATERAL (SELECT s.a1
            + CASE WHEN s.t2 < ${ts(end)} THEN s.a2 ELSE 0 END
            - CASE WHEN s.t3 < ${ts(end)} THEN s.x_total ELSE 0 END AS balance) b
          WHERE s.t1 < ${ts(end)}
        ), paid AS (SELECT * FROM r WHERE reward > 0),
        sr AS (
          INSERT INTO staking_rewards (user_id, coin_symbol, day, staked_balance, annual_rate, amount, posting_id, created_at)
          SELECT user_id, 'WLD', ${p.day}::date, balance, rate, reward, ${posting.id}, ${ts(due)} FROM paid ORDER BY user_id
        ), en AS (
          INSERT INTO ledger_entries (posting_id, account_id, coin, amount, created_at)
          SELECT ${posting.id}, x.acc, 'WLD', x.amount, ${ts(due)} FROM (
            SELECT 1 AS o, user_id, rewards_acc AS acc, reward AS amount FROM paid
            UNION ALL SELECT 2, NULL, ${lit(ACC.rewards_pool)}, -sum(reward) FROM paid HAVING count(*) > 0
          ) x ORDER BY x.o, x.user_id
        ), nt AS (
          INSERT INTO notifications (user_id, kind, params, created_at, read_at)
          SELECT user_id, 'reward_paid',
            jsonb_build_object('day', ${p.day}::text, 'amounts', jsonb_build_object('WLD', trim_scale(reward)::text)),
            ${ts(due)}, ${readAt(ts(due), sql`${p.day}::date`, sql`reader`)}
          FROM paid ORDER BY user_id
        )
        SELECT count(*)::int AS n, sum(reward)::text AS total FROM paid`,
        tx,
      );
      await tx.execute(sql`
        INSERT INTO staking_runs (day, started_at, finished_at, members_paid, total_paid)
        VALUES (${p.day}::date, ${ts(due)}, ${ts(due)} + interval '30 seconds', ${paid?.n ?? 0}, ${paid?.total ?? "0"})`);
      loaded += paid?.n ?? 0;
    },
    true,
  );
  if (p.day && (p.day === lastDay || p.day.endsWith("-01")))
    log(`rewards through ${p.day}: ${loaded.toLocaleString("en")} reward rows this run`);
}

// ── stage 6: audit trail (through its hash-chain trigger), balances, sequences, indexes, statistics ───────
await stage("audit log (hash chain)", (tx) => writeAudit(tx));

await stage("balances from the plan", async (tx) => {
  await balancesFromPlan(tx, { acc: ACC, lastEnd });
  for (const t of ["users", "ledger_accounts", "ledger_postings", "requests", "id_documents"])
    await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`));
});

await stage("rebuild indexes", async (tx) => {
  for (const r of await rows<{ tbl: string; restore: string }>(sql`SELECT tbl, restore FROM scale_gen.dropped`, tx)) {
    const t = performance.now();
    await tx.execute(sql.raw(r.restore));
    log(`  ${r.restore.replace(/\s+/g, " ").slice(0, 110)} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
});

// The dashboard's kept figures (admin_tallies, migration 0030) are written by triggers, which were off for the load.
await stage("dashboard tallies", async (tx) => {
  await tx.execute(sql`SELECT admin_tallies_rebuild()`);
});

await stage("drop the plan", async (tx) => {
  await tx.execute(
    sql`DROP TABLE scale_gen.m, scale_gen.rq, scale_gen.ev, scale_gen.st, scale_gen.docs, scale_gen.dropped`,
  );
});
log("VACUUM ANALYZE");
await db.execute(sql`VACUUM (ANALYZE)`);

const [size] = await rows<{ size: string }>(sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
const counts = await rows<{ t: string; n: string }>(sql`
  SELECT relname AS t, reltuples::bigint::text AS n FROM pg_class
  WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY reltuples DESC LIMIT 8`);
await client.end({ timeout: 5 });
log(
  `generated: database ${dbName} is ${size?.size}; ${counts.map((c) => `${c.t} ${Number(c.n).toLocaleString("en")}`).join(", ")}`,
);

const failed = projectChecks(log);
log(failed ? "a check FAILED" : "done");
process.exitCode = failed ? 1 : 0;
