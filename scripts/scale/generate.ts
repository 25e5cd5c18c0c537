/**
 * `npm run scale:generate [-- --members N --stakers N --days N --resume]`: the past-one-database simulation's
 * data set (docs/scaling.md). Fills a separate PostgreSQL database (scripts/scale/database.ts,
 * `wld_scale` by default), created here and migrated with the project's own migrations (`npm run db:migrate`),
 * with N members (default 1,000,000) and a year of daily staking rewards, everything the real code paths write:
 *
 *  - users: Korean names by census surname frequency, romanized login handles ("minjunkim92"), unique 010
 *    phones, referral codes in the app's alphabet, a third referred by an earlier member, sign-ups growing over
 *    two years (ids in sign-up order, as a serial column gives them);
 *  - ID checks: 60 % approved (each with the 1,000 WLD KYC_REWARD posting from `airdrop`, a DEPOSIT history
 *    row, an `id_approved` notification and a `kyc.approve` audit row), some pending or rejected;
 *  - KRW purchases (DEPOSIT requests approved by an administrator: DEPOSIT_APPROVE postings, request events,
 *    notifications, audit), expired quotes, and transfers/withdrawals from the staked balance (hold posting,
 *    payout posting to `external` + `fees`, PAID: long proven on chain), a few still PENDING with their coins held;
 *  - swaps into the protected lock (SWAP postings with STAKING history rows): `--stakers` members (default
 *    150,000, 15 %; see docs/scaling.md for why not all), most of them early in the year, some twice;
 *  - per KST day of the year, exactly what lib/staking/run.ts writes: one STAKING_REWARD posting
 *    (`reward-run:WLD:<day>`) with one entry per staker and one on `rewards_pool`, a staking_rewards row and a
 *    `reward_paid` notification per staker, a staking_runs row and a `staking.reward_run` audit row — the reward
 *    being the same SQL (db/queries/staking-rates.ts rewardSql) of the day-end staked balance.
 *
 * All of it set-based SQL (generate_series, INSERT … SELECT) from a plan drawn once per member with
 * hashint8extended (deterministic: the same N gives the same data). Rows are written period by period in time
 * order — a week per period before staking starts, then a day per period, that day's events and then its
 * reward run — so ledger entries and notifications lie on disk as production would lay them (a member's 300
 * rewards on 300 pages, not clustered). Secondary indexes of the big tables are dropped for the load and rebuilt
 * from their catalog definitions at the end; foreign keys are not checked during the load
 * (session_replication_role = replica) — ids all come from the plan — except the audit log's, whose hash-chain
 * trigger must run. Member balances are computed from the plan (independently of the entries), so
 * `npm run ledger:check`, run at the end, really compares two computations; `npm run audit:verify` follows.
 *
 * Drops and recreates the database each time (idempotent); `--resume` continues an interrupted run instead
 * (each stage and each period commits with a marker in scale_gen.stage). Progress goes to stdout.
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
import { maintenanceUrl, SCALE_DATABASE_URL, scaleDatabaseName } from "./database";
import { GIVEN_NAMES, surnameSlots } from "./names";

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
const { hangul, roman } = surnameSlots();
const textArray = (a: readonly string[]) =>
  sql`ARRAY[${sql.join(
    a.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
// One unusable argon2id hash for every member (a real hash's length and shape; nobody knows the password).
const passwordHash = await hash(randomBytes(24).toString("base64"));

await stage("setup", async (tx) => {
  await tx.execute(sql`
    CREATE TABLE scale_gen.meta AS SELECT ${N}::int AS members, ${STAKERS}::int AS stakers,
      ${firstDay}::date AS first_day, ${lastDay}::date AS last_day, now() AS generated_at`);
  // A uniform fraction in [0, 1) per member and salt: deterministic, so the same N gives the same data.
  await tx.execute(sql`
    CREATE FUNCTION scale_gen.u(g bigint, salt bigint) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT (hashint8extended(g, salt) & 4294967295)::float8 / 4294967296.0 $$`);
  // The app's referral alphabet (lib/referral.ts), 8 characters; unique: a bijection of g mod 31^8.
  await tx.execute(sql`
    CREATE FUNCTION scale_gen.refcode(g bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789',
         (((g * 2147483647 + 777) % 852891037441) / power(31, i)::bigint % 31)::int + 1, 1), '' ORDER BY i)
       FROM generate_series(0, 7) i $$`);
  // WLD in KRW over time: a smooth, plausible curve (1,750–3,250 KRW), also the price history's source.
  await tx.execute(sql`
    CREATE FUNCTION scale_gen.price(t timestamptz) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT round((2500 + 600 * sin(extract(epoch FROM t) / 86400 / 29) + 150 * sin(extract(epoch FROM t) / 86400 / 5.3))::numeric, 2) $$`);
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

await stage("plan members", async (tx) => {
  const nGiven = GIVEN_NAMES.length;
  await tx.execute(sql`
    CREATE UNLOGGED TABLE scale_gen.m AS
    WITH b AS (
      SELECT g, (g + ${lit(STAFF)})::int AS id,
        ${ts(signupStart)} + (${ts(signupEnd)} - ${ts(signupStart)}) * sqrt((g - 1 + 0.5 * scale_gen.u(g, 1)) / ${N}::float8) AS created_at,
        1 + floor(scale_gen.u(g, 2) * 1000)::int AS sn,
        1 + floor(scale_gen.u(g, 3) * ${nGiven})::int AS gn,
        floor(scale_gen.u(g, 4) * 4)::int AS pattern,
        lpad(((70 + floor(scale_gen.u(g, 5) * 40)::int) % 100)::text, 2, '0') AS yy,
        scale_gen.u(g, 6) AS u_status, scale_gen.u(g, 7) AS u_kyc
      FROM generate_series(1::bigint, ${N}::bigint) g
    ), n AS (
      SELECT b.*,
        (${textArray(hangul)})[sn] || (${textArray(GIVEN_NAMES.map((x) => x[0]))})[gn] AS name,
        CASE pattern
          WHEN 0 THEN (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || (${textArray(roman)})[sn] || yy
          WHEN 1 THEN (${textArray(roman)})[sn] || (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || yy
          WHEN 2 THEN (${textArray(roman)})[sn] || '.' || (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || yy
          ELSE (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || '_' || (${textArray(roman)})[sn]
        END AS base,
        created_at + scale_gen.u(g, 8) * interval '3 days' AS doc_at
      FROM b
    ), k AS (
      SELECT n.*, doc_at + (0.05 + scale_gen.u(g, 9)) * interval '1 day' AS kyc_at,
        row_number() OVER (PARTITION BY base ORDER BY g) AS rn
      FROM n
    )
    SELECT k.g, k.id, k.created_at, k.name,
      base || CASE WHEN rn = 1 THEN '' WHEN pattern = 3 THEN rn::text ELSE '_' || rn END AS handle,
      '010-' || lpad(((g * 48271 + 13579) % 100000000 / 10000)::text, 4, '0') || '-'
        || lpad(((g * 48271 + 13579) % 10000)::text, 4, '0') AS phone,
      CASE WHEN u_status < 0.02 THEN 'DEACTIVATED' ELSE 'ACTIVE' END AS status,
      CASE WHEN u_status < 0.02 OR doc_at >= ${ts(lastEnd)} THEN 'NONE'
           WHEN u_kyc < 0.60 AND kyc_at < ${ts(lastEnd)} THEN 'APPROVED'
           WHEN u_kyc < 0.62 OR (u_kyc < 0.60 AND kyc_at >= ${ts(lastEnd)}) THEN 'PENDING'
           WHEN u_kyc < 0.65 AND kyc_at < ${ts(lastEnd)} THEN 'REJECTED' ELSE 'NONE' END AS id_status,
      doc_at, kyc_at,
      CASE WHEN g > 1 AND scale_gen.u(g, 30) < 0.35 THEN 1 + floor(scale_gen.u(g, 31) * (g - 1))::bigint END AS ref_g
    FROM k`);
  // Money plans, for approved active members only.
  await tx.execute(sql`
    ALTER TABLE scale_gen.m
      ADD COLUMN dep_at timestamptz, ADD COLUMN dep_krw numeric, ADD COLUMN dep_price numeric, ADD COLUMN dep_amt numeric,
      ADD COLUMN dep_done timestamptz, ADD COLUMN exp_at timestamptz, ADD COLUMN exp_krw numeric, ADD COLUMN exp_price numeric,
      ADD COLUMN staker boolean NOT NULL DEFAULT false, ADD COLUMN t1 timestamptz, ADD COLUMN a1 numeric,
      ADD COLUMN t2 timestamptz, ADD COLUMN a2 numeric, ADD COLUMN rate numeric, ADD COLUMN own_rate boolean NOT NULL DEFAULT false,
      ADD COLUMN x_type text, ADD COLUMN t3 timestamptz, ADD COLUMN x_amt numeric, ADD COLUMN x_fee numeric, ADD COLUMN x_total numeric,
      ADD COLUMN x_done timestamptz, ADD COLUMN wallet text`);
  const ok = sql`status = 'ACTIVE' AND id_status = 'APPROVED'`;
  // A quarter of approved members bought WLD with KRW once; 3 % let a quote run out.
  await tx.execute(sql`
    UPDATE scale_gen.m SET dep_at = kyc_at + scale_gen.u(g, 11) * (${ts(lastEnd)} - interval '1 hour' - kyc_at),
      dep_krw = (1 + floor(scale_gen.u(g, 12) ^ 2 * 50)) * 100000
    WHERE ${ok} AND scale_gen.u(g, 10) < 0.25`);
  await tx.execute(sql`
    UPDATE scale_gen.m SET dep_price = scale_gen.price(dep_at), dep_amt = trunc(dep_krw / scale_gen.price(dep_at), 6),
      dep_done = dep_at + (1 + scale_gen.u(g, 13) * 8) * interval '1 minute'
    WHERE dep_at IS NOT NULL`);
  await tx.execute(sql`
    UPDATE scale_gen.m SET exp_at = kyc_at + scale_gen.u(g, 28) * (${ts(lastEnd)} - interval '1 hour' - kyc_at),
      exp_krw = (1 + floor(scale_gen.u(g, 29) * 20)) * 100000
    WHERE ${ok} AND scale_gen.u(g, 27) < 0.03`);
  await tx.execute(sql`UPDATE scale_gen.m SET exp_price = scale_gen.price(exp_at) WHERE exp_at IS NOT NULL`);
  // Stakers: STAKERS of the approved active members, most of them in the first months after launch.
  await tx.execute(sql`
    UPDATE scale_gen.m SET t1 = greatest(${ts(launch)} + scale_gen.u(g, 14) ^ 3 * (${ts(lastEnd)} - ${ts(launch)}),
      kyc_at + scale_gen.u(g, 15) * interval '2 days')
    WHERE ${ok}`);
  await tx.execute(sql`
    UPDATE scale_gen.m SET staker = true, a1 = round((300 + scale_gen.u(g, 17) * 700)::numeric, 2),
      rate = CASE WHEN scale_gen.u(g, 21) < 0.01 THEN ${OWN_RATE}::numeric ELSE ${PRODUCT_RATE}::numeric END,
      own_rate = scale_gen.u(g, 21) < 0.01
    WHERE id IN (SELECT id FROM scale_gen.m WHERE ${ok} AND t1 < ${ts(lastEnd)} - interval '1 day'
                 ORDER BY scale_gen.u(g, 16) LIMIT ${STAKERS})`);
  await tx.execute(sql`UPDATE scale_gen.m SET t1 = NULL WHERE NOT staker`);
  // Half the stakers who also bought swap part of it later.
  await tx.execute(sql`
    UPDATE scale_gen.m SET t2 = greatest(t1, dep_done) + scale_gen.u(g, 19) * interval '5 days',
      a2 = trunc(dep_amt * (0.3 + 0.7 * scale_gen.u(g, 20))::numeric, 2)
    WHERE staker AND dep_at IS NOT NULL AND scale_gen.u(g, 18) < 0.5
      AND greatest(t1, dep_done) + scale_gen.u(g, 19) * interval '5 days' < ${ts(lastEnd)} - interval '1 hour'`);
  // 4 % of stakers sent coins out of the lock (transfer or withdrawal); those still open at the end are PENDING.
  await tx.execute(sql`
    UPDATE scale_gen.m SET t3 = t1 + scale_gen.u(g, 23) * (${ts(lastEnd)} - interval '1 hour' - t1),
      x_type = CASE WHEN scale_gen.u(g, 24) < 0.3 THEN 'WITHDRAW' ELSE 'TRANSFER' END,
      x_amt = round((a1 - 0.2) * (0.1 + 0.8 * scale_gen.u(g, 25))::numeric, 2), x_fee = 0.2
    WHERE staker AND scale_gen.u(g, 22) < 0.04`);
  await tx.execute(sql`
    UPDATE scale_gen.m SET x_total = x_amt + x_fee,
      x_done = CASE WHEN t3 < ${ts(lastEnd)} - interval '2 days'
        THEN t3 + interval '10 minutes' + scale_gen.u(g, 26) * interval '6 hours' END
    WHERE t3 IS NOT NULL`);
  await tx.execute(sql`
    UPDATE scale_gen.m SET wallet = (ARRAY['OP','WORLDCHAIN'])[1 + floor(scale_gen.u(g, 33) * 2)::int] || '|'
      || (ARRAY['Upbit','Bithumb','Coinone','Korbit'])[1 + floor(scale_gen.u(g, 34) * 4)::int] || '|0x'
      || substr(md5(g::text) || md5((g * 7)::text), 1, 40)
    WHERE t3 IS NOT NULL OR (${ok} AND scale_gen.u(g, 35) < 0.15)`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_gen.m (g)`);
});

// ── the months of the history: notifications and staking_rewards are partitioned by KST month (migration
//    0029); on this fresh database the empty legacy partition is made to end at the first generated month and
//    every month from there gets its partition (ensure_month_partitions; nothing archived) ──────────────────
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
await stage("plan requests and postings", async (tx) => {
  await tx.execute(sql`
    CREATE UNLOGGED TABLE scale_gen.rq AS
    SELECT row_number() OVER (ORDER BY created_at, g, kind) AS rid, * FROM (
      SELECT g, id AS user_id, 'DEPOSIT' AS kind, dep_at AS created_at, dep_amt AS amount, 0::numeric AS fee, dep_amt AS total,
        dep_krw AS krw, dep_price AS price, NULL::text AS wallet, 'APPROVED' AS status, dep_done AS done_at
      FROM scale_gen.m WHERE dep_at IS NOT NULL
      UNION ALL
      SELECT g, id, 'DEPOSIT', exp_at, trunc(exp_krw / exp_price, 6), 0, trunc(exp_krw / exp_price, 6), exp_krw, exp_price,
        NULL, 'EXPIRED', exp_at + interval '10 minutes'
      FROM scale_gen.m WHERE exp_at IS NOT NULL
      UNION ALL
      SELECT g, id, x_type, t3, x_amt, x_fee, x_total, NULL, scale_gen.price(t3), wallet,
        CASE WHEN x_done IS NULL THEN 'PENDING' ELSE 'APPROVED' END, x_done
      FROM scale_gen.m WHERE t3 IS NOT NULL
    ) r`);
  await tx.execute(sql`CREATE INDEX ON scale_gen.rq (g)`);
  const acc = (k: number) => sql.raw(`(4 + 4 * (m.g - 1) + ${k})`);
  // One row per posting: its legs as (account, amount) arrays in the order the app writes them, the history
  // row, the notification and the audit row it comes with.
  await tx.execute(sql`
    CREATE UNLOGGED TABLE scale_gen.ev AS
    SELECT row_number() OVER (ORDER BY at, ord, user_id) AS id, e.* FROM (
      SELECT m.kyc_at AS at, 1 AS ord, m.id AS user_id, 'KYC_REWARD' AS kind, 'kyc-reward:' || m.id AS key, NULL::text AS memo,
        ${lit(ADMIN_ID)} AS actor, NULL::date AS day,
        ARRAY[${lit(ACC.airdrop)}, ${acc(1)}]::bigint[] AS leg_acc, ARRAY[-1000, 1000]::numeric[] AS leg_amt,
        'DEPOSIT' AS tx_type, 1000::numeric AS tx_amt,
        'id_approved' AS note, jsonb_build_object('reward', '1000') AS note_params,
        'kyc.approve' AS audit, d.doc_id::text AS audit_target, jsonb_build_object('idStatus', 'PENDING') AS audit_before,
        jsonb_build_object('idStatus', 'APPROVED', 'document', d.doc_id, 'rewardPaid', true) AS audit_after
      FROM scale_gen.m m JOIN scale_gen.docs d ON d.user_id = m.id
      WHERE m.id_status = 'APPROVED' AND m.status = 'ACTIVE'
      UNION ALL
      SELECT r.done_at, 2, r.user_id, 'DEPOSIT_APPROVE', 'request-settle:' || r.rid, 'request ' || r.rid, ${lit(ADMIN_ID)}, NULL,
        ARRAY[${lit(ACC.external)}, ${acc(1)}], ARRAY[-r.amount, r.amount], 'DEPOSIT', r.amount,
        'request_approved', jsonb_build_object('requestId', r.rid, 'type', 'DEPOSIT', 'coin', 'WLD', 'amount', trim_scale(r.amount)::text),
        'request.approved', r.rid::text, jsonb_build_object('status', 'PENDING'), jsonb_build_object('status', 'APPROVED')
      FROM scale_gen.rq r JOIN scale_gen.m m ON m.g = r.g WHERE r.kind = 'DEPOSIT' AND r.status = 'APPROVED'
      UNION ALL
      SELECT m.t1, 3, m.id, 'SWAP', NULL, NULL, m.id, NULL, ARRAY[${acc(1)}, ${acc(2)}], ARRAY[-m.a1, m.a1], 'STAKING', m.a1,
        NULL, NULL, NULL, NULL, NULL, NULL
      FROM scale_gen.m m WHERE m.staker
      UNION ALL
      SELECT m.t2, 3, m.id, 'SWAP', NULL, NULL, m.id, NULL, ARRAY[${acc(1)}, ${acc(2)}], ARRAY[-m.a2, m.a2], 'STAKING', m.a2,
        NULL, NULL, NULL, NULL, NULL, NULL
      FROM scale_gen.m m WHERE m.t2 IS NOT NULL
      UNION ALL
      SELECT r.created_at, 4, r.user_id, r.kind || '_HOLD', 'request-hold:' || r.rid, 'request ' || r.rid, r.user_id, NULL,
        ARRAY[${acc(2)}, ${acc(3)}], ARRAY[-r.total, r.total], NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM scale_gen.rq r JOIN scale_gen.m m ON m.g = r.g WHERE r.kind IN ('TRANSFER', 'WITHDRAW')
      UNION ALL
      SELECT r.done_at, 5, r.user_id, r.kind || '_PAYOUT', 'request-settle:' || r.rid, 'request ' || r.rid, ${lit(ADMIN_ID)}, NULL,
        ARRAY[${acc(3)}, ${lit(ACC.external)}, ${lit(ACC.fees)}], ARRAY[-r.total, r.amount, r.fee], r.kind, -r.total,
        'request_approved', jsonb_build_object('requestId', r.rid, 'type', r.kind, 'coin', 'WLD', 'amount', trim_scale(r.amount)::text),
        'request.approved', r.rid::text, jsonb_build_object('status', 'PENDING'), jsonb_build_object('status', 'APPROVED')
      FROM scale_gen.rq r JOIN scale_gen.m m ON m.g = r.g WHERE r.kind IN ('TRANSFER', 'WITHDRAW') AND r.status = 'APPROVED'
      UNION ALL
      SELECT (d::date + 1)::timestamp AT TIME ZONE 'Asia/Seoul' + interval '5 minutes', 0, NULL, 'STAKING_REWARD',
        'reward-run:WLD:' || d::date, 'staking reward WLD ' || d::date, NULL, d::date, NULL, NULL, NULL, NULL, NULL, NULL,
        'staking.reward_run', 'WLD:' || d::date, NULL, NULL
      FROM generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d
    ) e`);
  await tx.execute(sql`CREATE INDEX ON scale_gen.ev (at)`);
  await tx.execute(sql`CREATE INDEX ON scale_gen.ev (key)`);
  await tx.execute(sql`
    INSERT INTO ledger_postings (id, kind, idempotency_key, actor_id, memo, created_at)
    SELECT id, kind, key, actor, memo, at FROM scale_gen.ev ORDER BY id`);
  await tx.execute(sql`
    INSERT INTO requests (id, user_id, type, coin_symbol, amount, fee, total, krw_amount, price_krw, wallet_addr, quote_expires_at,
                          status, hold_posting_id, settle_posting_id, handled_by, created_at, updated_at)
    SELECT r.rid, r.user_id, r.kind::request_type, 'WLD', r.amount, r.fee, r.total, r.krw, r.price, r.wallet,
      CASE WHEN r.kind = 'DEPOSIT' THEN r.created_at + interval '10 minutes' END,
      -- A year-old payout is long proven (PAID; its posting goes straight to external).
      (CASE WHEN r.kind IN ('TRANSFER', 'WITHDRAW') AND r.status = 'APPROVED' THEN 'PAID' ELSE r.status END)::request_status,
      (SELECT e.id FROM scale_gen.ev e WHERE e.key = 'request-hold:' || r.rid),
      (SELECT e.id FROM scale_gen.ev e WHERE e.key = 'request-settle:' || r.rid),
      CASE WHEN r.status = 'APPROVED' THEN ${lit(ADMIN_ID)} END, r.created_at, coalesce(r.done_at, r.created_at)
    FROM scale_gen.rq r ORDER BY r.rid`);
  await tx.execute(sql`
    INSERT INTO request_events (request_id, status, actor_id, created_at)
    SELECT rid, status::request_status, actor, at FROM (
      SELECT rid, 'PENDING' AS status, user_id AS actor, created_at AS at FROM scale_gen.rq
      UNION ALL
      SELECT rid, status, CASE WHEN status = 'APPROVED' THEN ${lit(ADMIN_ID)} END, done_at FROM scale_gen.rq WHERE status <> 'PENDING'
    ) x ORDER BY at, rid`);
  await tx.execute(sql`
    INSERT INTO transactions (user_id, type, coin_symbol, amount, posting_id, created_at)
    SELECT user_id, tx_type::tx_type, 'WLD', tx_amt, id, at FROM scale_gen.ev WHERE tx_type IS NOT NULL ORDER BY id`);
});

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
await stage("audit log (hash chain)", async (tx) => {
  await tx.execute(sql`SET LOCAL session_replication_role = origin`);
  await tx.execute(sql`
    INSERT INTO audit_log (at, actor_id, action, target_user_id, target_id, before, after)
    SELECT e.at, e.actor, e.audit, e.user_id, e.audit_target, e.audit_before,
      CASE WHEN e.kind = 'STAKING_REWARD'
        THEN jsonb_build_object('posting', e.id, 'kind', e.kind, 'count', r.members_paid, 'total', trim_scale(r.total_paid)::text)
        ELSE e.audit_after || jsonb_build_object('posting', e.id) END
    FROM scale_gen.ev e LEFT JOIN staking_runs r ON r.day = e.day
    WHERE e.audit IS NOT NULL ORDER BY e.id`);
});

await stage("balances from the plan", async (tx) => {
  // Member balances from the plan alone (what each member did), not from the entries: ledger:check then
  // compares two independent computations. Rewards from staking_rewards, the system accounts from the plan.
  await tx.execute(sql`
    UPDATE ledger_accounts a SET balance = v.balance, updated_at = ${ts(lastEnd)}
    FROM (
      SELECT 4 + 4 * (m.g - 1) + 1 AS id, 1000 + coalesce(m.dep_amt, 0) - coalesce(m.a1, 0) - coalesce(m.a2, 0) AS balance
      FROM scale_gen.m m WHERE m.id_status = 'APPROVED' AND m.status = 'ACTIVE'
      UNION ALL
      SELECT 4 + 4 * (m.g - 1) + 2, m.a1 + coalesce(m.a2, 0) - coalesce(m.x_total, 0) FROM scale_gen.m m WHERE m.staker
      UNION ALL
      SELECT 4 + 4 * (m.g - 1) + 3, CASE WHEN m.x_done IS NULL THEN m.x_total ELSE 0 END FROM scale_gen.m m WHERE m.t3 IS NOT NULL
      UNION ALL
      SELECT 4 + 4 * (m.g - 1) + 4, coalesce(r.sum, 0)
      FROM scale_gen.m m LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM staking_rewards GROUP BY user_id) r ON r.user_id = m.id
      WHERE m.staker
      UNION ALL
      SELECT ${lit(ACC.external)}, -(SELECT coalesce(sum(dep_amt), 0) FROM scale_gen.m) + (SELECT coalesce(sum(x_amt), 0) FROM scale_gen.m WHERE x_done IS NOT NULL)
      UNION ALL SELECT ${lit(ACC.fees)}, (SELECT coalesce(sum(x_fee), 0) FROM scale_gen.m WHERE x_done IS NOT NULL)
      UNION ALL SELECT ${lit(ACC.airdrop)}, -1000 * (SELECT count(*) FROM scale_gen.m WHERE id_status = 'APPROVED' AND status = 'ACTIVE')
      UNION ALL SELECT ${lit(ACC.rewards_pool)}, -(SELECT coalesce(sum(total_paid), 0) FROM staking_runs)
    ) v WHERE a.id = v.id`);
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

// The project's own checks on the result: the ledger's invariants and the audit log's hash chain.
let failed = 0;
for (const check of ["ledger:check", "audit:verify"]) {
  log(`npm run ${check}`);
  const run = spawnSync("npm", ["run", "--silent", check], {
    env: { ...process.env, DATABASE_URL: SCALE_DATABASE_URL },
    stdio: "inherit",
  });
  if (run.status !== 0) failed++;
}
log(failed ? "a check FAILED" : "done");
process.exitCode = failed ? 1 : 0;
