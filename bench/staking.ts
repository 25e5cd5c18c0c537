/**
 * Benchmark: one day's staking reward run for 100,000 staked members on real PostgreSQL.
 *
 *   npx tsx bench/staking.ts            (BENCH_PG_URL defaults to postgres://postgres@127.0.0.1:5432/postgres,
 *                                        BENCH_MEMBERS to 100000)
 *
 * Creates a scratch database, migrates it, seeds the members set-based (one batch posting stakes them all),
 * times the run of one day (and of the next day, when every rewards account exists), times a repeated run
 * (a no-op), checks the ledger invariants, leaves its figures in bench/results/staking.json, and drops the database.
 */
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { saveResult } from "./support/results";

const base = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const name = `wld_bench_staking_${process.pid}`;

const admin = postgres(base, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";

const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);

try {
  const { sql } = await import("drizzle-orm");
  const { closeDb, getDb } = await import("@/db/client");
  const { migrateDatabase } = await import("@/db/migrate");
  const { postBatchCredit } = await import("@/lib/ledger/batch");
  const { checkLedger } = await import("@/lib/ledger/check");
  const { runRewardDay } = await import("@/lib/staking/run");
  const { addDays, dayEnd, kstDay } = await import("@/lib/kst-day");

  await migrateDatabase();
  const db = await getDb();

  let t0 = performance.now();
  await db.execute(sql`
    INSERT INTO users (user_id, name, password_hash, ref_code)
    SELECT 'bench' || g, 'Bench ' || g, 'not-a-login', 'B' || g FROM generate_series(1, ${members}) g`);
  await db.execute(sql`INSERT INTO staking_products (coin_symbol, name, annual_rate) VALUES ('WLD', 'bench', 12)`);
  // Every member stakes 100–1099.123456 WLD, in one set-based posting from `external`.
  const seeded = await postBatchCredit(db, {
    kind: "BENCH_STAKE",
    idempotencyKey: "bench-stake",
    coin: "WLD",
    from: "external",
    to: "staked",
    rows: async () =>
      sql`SELECT id AS user_id, (100 + (id % 1000) + 0.123456)::numeric AS amount FROM users WHERE user_id LIKE 'bench%'`,
  });
  // A few members with their own rate, as admins set them.
  await db.execute(sql`
    INSERT INTO member_staking_rates (user_id, coin_symbol, annual_rate)
    SELECT id, 'WLD', 20 FROM users WHERE id % 100 = 0`);
  await db.execute(sql`ANALYZE`);
  console.log(`seeded ${seeded.count} staked members (${seeded.total} WLD) in ${secs(t0)} s`);

  const day1 = kstDay(new Date());
  const day2 = addDays(day1, 1);
  const after = (d: string) => new Date(dayEnd(d).getTime() + 5 * 60_000);

  t0 = performance.now();
  const r1 = await runRewardDay(db, day1, { now: after(day1) });
  const first = secs(t0);
  console.log(
    `day ${day1}: paid ${r1.membersPaid} members ${r1.totalPaid} WLD in ${first} s (first run: creates the rewards accounts)`,
  );

  t0 = performance.now();
  const r2 = await runRewardDay(db, day2, { now: after(day2) });
  const second = secs(t0);
  console.log(`day ${day2}: paid ${r2.membersPaid} members ${r2.totalPaid} WLD in ${second} s (steady state)`);

  t0 = performance.now();
  const r3 = await runRewardDay(db, day2, { now: after(day2) });
  console.log(`day ${day2} again: alreadyPaid=${r3.alreadyPaid}, paid ${r3.membersPaid} in ${secs(t0)} s`);

  // BENCH_DAYS > 2: keep paying days, so the ledger grows by 100,000 reward entries a day.
  const extraDays = Math.max(0, Number(process.env.BENCH_DAYS ?? 2) - 2);
  for (let i = 1; i <= extraDays; i++) {
    const d = addDays(day2, i);
    t0 = performance.now();
    const r = await runRewardDay(db, d, { now: after(d) });
    console.log(`day ${d}: paid ${r.membersPaid} members in ${secs(t0)} s`);
  }

  t0 = performance.now();
  const violations = await checkLedger(db);
  console.log(`ledger check: ${violations.length ? `${violations.length} violation(s)` : "passed"} in ${secs(t0)} s`);
  await closeDb();
  console.log(
    `RESULT: one day's reward run for ${members} staked members on PostgreSQL: ${first} s (first day), ${second} s (next day)`,
  );
  saveResult("staking", {
    members,
    firstDaySec: Number(first),
    nextDaySec: Number(second),
    violations: violations.length,
  });
  if (violations.length || r1.membersPaid !== members || r2.membersPaid !== members || !r3.alreadyPaid)
    process.exitCode = 1;
} finally {
  if (process.env.BENCH_KEEP !== "1") await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else console.log(`kept database ${name}`);
  await admin.end();
}
