/**
 * Benchmark: the admin member search (db/queries/members.ts memberPage, the query behind
 * GET /api/admin/users/paginated) at 100,000 members on real PostgreSQL.
 *
 *   npm run bench:admin-search      (tsx --conditions=react-server: db/queries is server-only; BENCH_PG_URL defaults to postgres://postgres@127.0.0.1:5432/postgres,
 *                                    BENCH_MEMBERS to 100000, BENCH_RUNS to 200 per kind, BENCH_CONCURRENCY to 10)
 *
 * Creates a scratch database, migrates it, seeds the members set-based (INSERT … SELECT generate_series: Korean
 * names, phones, a third of them with WLD holding and staked balances through one ledger batch posting each),
 * ANALYZEs, then times each search kind — userId prefix, name fragment, phone fragment, no term — with a
 * different term per run, page 1 of 10 rows plus the capped count, and prints p50/p95/p99: first one search at a
 * time, then BENCH_CONCURRENCY searches at once (the kinds mixed, on a pool of that many connections, as that
 * many administrators searching together). Leaves its figures in bench/results/admin-search.json. Drops the database.
 */
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { saveResult } from "./support/results";

const base = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const name = `wld_bench_search_${process.pid}`;

const admin = postgres(base, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";

/** The search as an ADMIN runs it: SUPERADMIN accounts filtered out (a condition on the rows the indexes found). */
const ADMIN_VIEW = { withSuperadmins: false };
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

try {
  const { sql } = await import("drizzle-orm");
  const { closeDb, getDb } = await import("@/db/client");
  const { migrateDatabase } = await import("@/db/migrate");
  const { postBatchCredit } = await import("@/lib/ledger/batch");
  const { memberPage } = await import("@/db/queries/members");

  await migrateDatabase();
  const db = await getDb();
  const t0 = performance.now();
  // Names from 20 surnames × 40 given names with a number; phones 010-XXXX-XXXX; sign-ups spread over a year.
  await db.execute(sql`
    INSERT INTO users (user_id, name, password_hash, ref_code, phone, created_at)
    SELECT 'member' || g,
      (ARRAY['김','이','박','최','정','강','조','윤','장','임','한','오','서','신','권','황','안','송','류','홍'])[1 + g % 20]
        || (ARRAY['민준','서연','도윤','서윤','시우','지우','하준','하윤','주원','지호','지유','준서','수아','예준','지아','건우','서아','현우','다은','우진',
                  '민서','선우','채원','연우','하은','유준','지민','정우','윤서','승우','수빈','승현','소율','준우','예은','지환','지원','은우','시아','도현'])[1 + (g / 20) % 40]
        || g,
      'not-a-login', 'M' || g,
      '010-' || lpad(((g * 7919) % 10000)::text, 4, '0') || '-' || lpad(((g * 104729) % 10000)::text, 4, '0'),
      now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    FROM generate_series(1::bigint, ${members}::bigint) g`);
  for (const to of ["holding", "staked"] as const) {
    await postBatchCredit(db, {
      kind: "BENCH_FUND",
      idempotencyKey: `bench-fund-${to}`,
      coin: "WLD",
      from: "external",
      to,
      rows: async () =>
        sql`SELECT id AS user_id, (10 + (id % 500) + 0.5)::numeric AS amount FROM users WHERE user_id LIKE 'member%' AND id % 3 = 0`,
    });
  }
  await db.execute(sql`ANALYZE`);
  console.log(`seeded ${members} members (a third with WLD balances) in ${secs(t0)} s`);

  const surnames = ["김", "이", "박", "최", "정"];
  const given = ["민준", "서연", "도윤", "하은", "지민"];
  const kinds: [string, (i: number) => { search: string; phone: string }][] = [
    // A handle's first digits: member1… matches 11,111 at 100,000; member4821… a handful.
    ["userId prefix", (i) => ({ search: `member${((i * 37) % 9000) + 1000}`, phone: "" })],
    ["name fragment", (i) => ({ search: `${surnames[i % 5]}${given[(i >> 2) % 5]}`, phone: "" })],
    ["phone fragment", (i) => ({ search: "", phone: String((i * 7919) % 10000).padStart(4, "0") })],
    ["no term", () => ({ search: "", phone: "" })],
  ];
  console.log(`${runs} runs per kind (page 1, 10 rows, capped count), milliseconds, one search at a time:`);
  const figures: Record<string, { p50: number; p95: number; p99: number }> = {};
  const timed = async (q: { search: string; phone: string; page: number }) => {
    const t = performance.now();
    const r = await memberPage(db, { ...q, ...ADMIN_VIEW, limit: 10 });
    return { ms: performance.now() - t, total: r.total };
  };
  const report = (label: string, times: number[], extra = "") => {
    times.sort((a, b) => a - b);
    figures[label] = { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) };
    console.log(
      `${label.padEnd(22)} p50 ${pct(times, 50).toFixed(2).padStart(6)}  p95 ${pct(times, 95).toFixed(2).padStart(6)}  p99 ${pct(times, 99).toFixed(2).padStart(6)}${extra}`,
    );
  };
  const all: number[] = [];
  for (const [label, term] of kinds) {
    for (let i = 0; i < 10; i++) await memberPage(db, { ...term(i), ...ADMIN_VIEW, page: 1, limit: 10 }); // warm-up
    const times: number[] = [];
    let totals = 0;
    for (let i = 0; i < runs; i++) {
      const r = await timed({ ...term(i), page: 1 + (i % 3) });
      times.push(r.ms);
      totals += r.total;
    }
    all.push(...times);
    report(label, times, `  (mean total ${Math.round(totals / runs)})`);
  }
  report("all kinds, 1 at a time", all);

  // Many administrators at once: `concurrency` workers, each running searches back to back, kinds mixed.
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
  const { default: pg } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const pool = pg(process.env.DATABASE_URL as string, { max: concurrency, onnotice: () => {} });
  const poolDb = drizzle(pool) as unknown as typeof db;
  const together: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < runs * kinds.length; i = next++) {
        const term = kinds[i % kinds.length]![1];
        const t = performance.now();
        await memberPage(poolDb, { ...term(i), ...ADMIN_VIEW, page: 1 + (i % 3), limit: 10 });
        together.push(performance.now() - t);
      }
    }),
  );
  await pool.end({ timeout: 2 });
  report(`all kinds, ${concurrency} at once`, together);
  saveResult("admin-search", { members, runs, concurrency, figures });
  await closeDb();
} finally {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
