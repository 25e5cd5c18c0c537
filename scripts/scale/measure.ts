/**
 * `npm run scale:measure [-- --runs N --commit --explain]`: what the 1,000,000-member data set of scripts/scale/generate.ts
 * costs (the figures go to docs/scaling.md).
 *
 *  1. Sizes: every table's heap, indexes and total (pg_relation_size, pg_indexes_size, pg_total_relation_size),
 *     the big tables' indexes one by one, and the database.
 *  2. The daily reward run at that size: the real code path, lib/staking/run.ts runRewardDay, for the next day
 *     (the first ended day the generator did not pay), timed; the cron's catch-up scan (pendingDays) too. By
 *     default each run happens inside a transaction that is then rolled back, so the measurement can be
 *     repeated on the same data (the COMMIT's own flush is the only thing not timed); `--commit` keeps one run.
 *     The run must pay exactly what the generator paid for the last day (nothing changed since): checked.
 *  3. p50/p95/p99 of the member and admin hot queries, called one at a time through the real query functions
 *     of db/queries and lib/ ("server-only" resolved to an empty module by tests/soak/server-only.mjs, as for the
 *     soak test; `--conditions=react-server` would break the inbox's use-intl import), each with a different
 *     member or search term per call — a member's coins, staked coins, history page, reward history, inbox; the
 *     admin member search (trigram: handle fragment, 3- and 2-letter Korean names, a rare name, phone digits,
 *     no term), the admin request queue, the dashboard, staking progress, a member's staking detail. For each
 *     query whose p95 is above 20 ms, the statements it sent are captured (postgres.js debug hook) and replayed
 *     under EXPLAIN (ANALYZE, BUFFERS) in one rolled-back transaction, settings included; `--explain` does so
 *     for every admin read, fast or not (the before/after plans of docs/scaling.md).
 *  4. The bounds: every admin read at p95 under 100 ms and the reward run under 10 s, and the run paid what the
 *     generator paid; the exit code is 1 when one is missed.
 *
 * The database: SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/wld_scale). Read-only apart from
 * the rolled-back runs (and `--commit`).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { SCALE_DATABASE_URL } from "./database";
import { printSizes } from "./sizes";

process.env.DATABASE_URL = SCALE_DATABASE_URL;
process.env.AUTH_SECRET ??= "scale-measure-secret-scale-measure-secret-0123";
const args = process.argv.slice(2);
const RUNS = (() => {
  const i = args.indexOf("--runs");
  return i >= 0 ? Number(args[i + 1]) : 200;
})();
const COMMIT = args.includes("--commit");
/** EXPLAIN every admin read, not only the slow ones (the before/after plans of docs/scaling.md). */
const EXPLAIN_ALL = args.includes("--explain");
/** What the admin console and the reward run must stay under at this size (docs/scaling.md). */
const ADMIN_P95_MS = 100;
const REWARD_RUN_S = 10;
const SLOW_MS = 20;

const schema = await import("@/db/schema");
const { closeDb } = await import("@/db/client");
type Db = import("@/db/client").Db;
const { runRewardDay, pendingDays } = await import("@/lib/staking/run");
const { addDays, dayEnd } = await import("@/lib/kst-day");
const { coinList } = await import("@/lib/wallet/balances");
const { inboxPage } = await import("@/lib/notifications/inbox");
const { stakedCoins, stakingHistory } = await import("@/db/queries/staking");
const { stakingProgress, adminMemberStaking, stakingRecords, rewardDays } = await import("@/db/queries/staking-admin");
const { memberTransactions } = await import("@/db/queries/transactions");
const { memberPage } = await import("@/db/queries/members");
const { adminRequestPage } = await import("@/db/queries/admin-requests");
const { dashboardFigures } = await import("@/db/queries/admin-dashboard");
const { idReviewQueue } = await import("@/db/queries/admin-id-documents");
const { waitingCounts } = await import("@/db/queries/admin-waiting");
const { referralCodePage } = await import("@/db/queries/admin-referral-codes");
const { auditPage } = await import("@/db/queries/admin-audit");
const { adminTransactions } = await import("@/db/queries/transactions");
/** The admin lists as an ADMIN reads them: SUPERADMIN accounts filtered out (the filter is part of every plan). */
const ADMIN_VIEW = { withSuperadmins: false };
const { LOCK_RELEASE_AT } = await import("@/lib/constants");

// Our own handle on the database, with a hook that records the statements a query function sends (for EXPLAIN).
let capture: { query: string; params: unknown[] }[] | null = null;
const client = postgres(SCALE_DATABASE_URL, {
  max: 1,
  onnotice: () => {},
  debug: (_c, query, params) => {
    capture?.push({ query, params: params as unknown[] });
  },
});
const db = drizzle(client, { schema }) as unknown as Db;
const rows = async <T>(q: SQL) => (await db.execute(q)) as unknown as T[];
const ms = (t: number) => performance.now() - t;
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);

const [pg] = await rows<{ v: string; sb: string; wm: string }>(
  sql`SELECT version() AS v, current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm`,
);
console.log(`# scale:measure — ${new Date().toISOString()}`);
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`server: ${pg?.v.split(" on ")[0]}, shared_buffers ${pg?.sb}, work_mem ${pg?.wm}\n`);

// ── 1. sizes ─────────────────────────────────────────────────────────────────────────────────────────────
await printSizes(rows);

// ── 2. the daily reward run ──────────────────────────────────────────────────────────────────────────────
const [meta] = await rows<{ last_day: string; stakers: number }>(
  sql`SELECT last_day::text AS last_day, stakers FROM scale_gen.meta`,
);
if (!meta) throw new Error("no scale_gen.meta: run npm run scale:generate first");
const nextDay = addDays(meta.last_day, 1);
const now = new Date(Math.max(Date.now(), dayEnd(nextDay).getTime() + 10 * 60_000));
const [expected] = await rows<{ members_paid: number; total_paid: string }>(
  sql`SELECT members_paid, trim_scale(total_paid)::text AS total_paid FROM staking_runs WHERE day = ${meta.last_day}::date`,
);
console.log(`\n## daily reward run for ${nextDay} (lib/staking/run.ts runRewardDay)`);
let t = performance.now();
const pending = await pendingDays(db, now);
console.log(
  `pendingDays (the cron's catch-up scan): ${fmt(ms(t))} ms, ${pending.length} day(s) pending: ${pending.join(", ")}`,
);
class Rollback extends Error {}
const runTimes: number[] = [];
let paidSame = true;
for (let i = 0; i < (COMMIT ? 1 : 2); i++) {
  // A rolled-back run leaves 150,000 dead rows in each table it wrote, which production never has (a day is paid
  // once, and autovacuum runs there; this test server has it off): they are vacuumed away before each run.
  await db.execute(
    sql`VACUUM staking_rewards, notifications, ledger_entries, ledger_accounts, ledger_postings, staking_runs, audit_log`,
  );
  t = performance.now();
  let result: Awaited<ReturnType<typeof runRewardDay>> | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await runRewardDay(tx as unknown as Db, nextDay, { now });
      if (!COMMIT) throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  const took = ms(t);
  runTimes.push(took);
  const same = result?.membersPaid === expected?.members_paid && result?.totalPaid === expected?.total_paid;
  paidSame &&= same;
  console.log(
    `run ${i + 1}: ${(took / 1000).toFixed(2)} s, paid ${result?.membersPaid} members ${result?.totalPaid} WLD` +
      ` (${COMMIT ? "committed" : "rolled back"}); the generator's ${meta.last_day}: ${expected?.members_paid} members ${expected?.total_paid} WLD — ${same ? "same" : "DIFFERENT"}`,
  );
}

// ── 3. hot queries ───────────────────────────────────────────────────────────────────────────────────────
// A deterministic choice of members: stakers (who have rewards) and any member.
let seed = 20_261_116;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const stakers = (
  await rows<{ id: number }>(sql`SELECT user_id AS id FROM ledger_accounts WHERE kind = 'staked' ORDER BY user_id`)
).map((r) => r.id);
const [range] = await rows<{ lo: number; hi: number }>(
  sql`SELECT min(id) AS lo, max(id) AS hi FROM users WHERE role = 'USER'`,
);
const anyMember = () => Math.floor((range?.lo ?? 1) + rand() * ((range?.hi ?? 1) - (range?.lo ?? 1)));
const aStaker = () => stakers[Math.floor(rand() * stakers.length)] ?? 1;
const today = addDays(nextDay, 1);
const handles = ["minjunkim", "kim.seo", "jiwoo_", "parkji", "leeha", "choi", "hyunwoo8", "sua_lee"];
const names3 = ["김민준", "이서연", "박지호", "최수아", "정하윤", "강도현", "윤서아", "장지민"];
const names2 = ["김민", "이서", "박지", "최수", "서연", "민준", "지우", "하은"];
const names1 = ["김", "이", "민", "서", "박", "준", "지", "연"];
const rare = ["남다인", "허보람", "배태양", "유순자", "백광수", "문가은", "손명숙", "양철수"];

type Case = { name: string; runs: number; call: (i: number) => Promise<unknown> };
const cases: Case[] = [
  { name: "member coins (coinList)", runs: RUNS, call: () => coinList(anyMember()) },
  { name: "member staked coins (stakedCoins)", runs: RUNS, call: () => stakedCoins(db, { userId: aStaker() }) },
  {
    name: "member history page 1 (memberTransactions)",
    runs: RUNS,
    call: () => memberTransactions(db, { userId: anyMember(), page: 1, limit: 20 }),
  },
  {
    name: "member reward history page 1 (stakingHistory)",
    runs: RUNS,
    call: () => stakingHistory(db, { userId: aStaker(), offset: 0, limit: 20 }),
  },
  {
    name: "member reward history page 10 (stakingHistory)",
    runs: RUNS,
    call: () => stakingHistory(db, { userId: aStaker(), offset: 180, limit: 20 }),
  },
  {
    name: "member inbox page 1 (inboxPage)",
    runs: RUNS,
    call: () => inboxPage(aStaker(), { page: 1, limit: 20 }, "ko"),
  },
  {
    name: "admin search: handle fragment",
    runs: RUNS,
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: handles[i % 8]!, phone: "", page: 1, limit: 20 }),
  },
  {
    name: "admin search: 3-letter Korean name",
    runs: RUNS,
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: names3[i % 8]!, phone: "", page: 1, limit: 20 }),
  },
  {
    name: "admin search: 2-letter Korean fragment",
    runs: Math.min(RUNS, 40),
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: names2[i % 8]!, phone: "", page: 1, limit: 20 }),
  },
  {
    name: "admin search: 1-letter Korean fragment",
    runs: Math.min(RUNS, 40),
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: names1[i % 8]!, phone: "", page: 1, limit: 20 }),
  },
  {
    name: "admin search: 1-letter handle fragment",
    runs: Math.min(RUNS, 40),
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: "aeiouk"[i % 6]!, phone: "", page: 1, limit: 20 }),
  },
  {
    name: "admin search: 2-letter Korean fragment, page 50",
    runs: Math.min(RUNS, 40),
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: names2[i % 8]!, phone: "", page: 50, limit: 20 }),
  },
  {
    name: "admin search: rare name",
    runs: RUNS,
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: rare[i % 8]!, phone: "", page: 1, limit: 20 }),
  },
  {
    name: "admin search: 4 phone digits",
    runs: RUNS,
    call: (i) =>
      memberPage(db, { ...ADMIN_VIEW, search: "", phone: String(1000 + ((i * 7919) % 9000)), page: 1, limit: 20 }),
  },
  {
    name: "admin search: 2 phone digits",
    runs: Math.min(RUNS, 40),
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: "", phone: String(10 + ((i * 37) % 90)), page: 1, limit: 20 }),
  },
  {
    name: "admin member list, no term",
    runs: RUNS,
    call: (i) => memberPage(db, { ...ADMIN_VIEW, search: "", phone: "", page: 1 + (i % 5), limit: 20 }),
  },
  {
    name: "admin request queue page 1 (adminRequestPage)",
    runs: Math.min(RUNS, 50),
    call: () => adminRequestPage(db, { ...ADMIN_VIEW, page: 1, limit: 20, at: new Date() }),
  },
  {
    name: "admin request queue page 5",
    runs: Math.min(RUNS, 50),
    call: () => adminRequestPage(db, { ...ADMIN_VIEW, page: 5, limit: 20, at: new Date() }),
  },
  {
    name: "admin request queue, PENDING",
    runs: Math.min(RUNS, 50),
    call: () => adminRequestPage(db, { ...ADMIN_VIEW, status: "PENDING", page: 1, limit: 20, at: new Date() }),
  },
  {
    name: "admin request queue, member search",
    runs: Math.min(RUNS, 50),
    call: (i) =>
      adminRequestPage(db, {
        ...ADMIN_VIEW,
        search: [...handles, ...names3][i % 16]!,
        page: 1,
        limit: 20,
        at: new Date(),
      }),
  },
  {
    name: "admin request queue, 2-letter search",
    runs: Math.min(RUNS, 50),
    call: (i) => adminRequestPage(db, { ...ADMIN_VIEW, search: names2[i % 8]!, page: 1, limit: 20, at: new Date() }),
  },
  {
    name: "admin ID review queue (idReviewQueue)",
    runs: Math.min(RUNS, 50),
    call: () => idReviewQueue(db, { ...ADMIN_VIEW, page: 1, limit: 20 }),
  },
  {
    name: "admin sidebar counts (waitingCounts)",
    runs: Math.min(RUNS, 50),
    call: () => waitingCounts(db, { ...ADMIN_VIEW, at: new Date() }),
  },
  {
    name: "admin referral codes (referralCodePage)",
    runs: Math.min(RUNS, 50),
    call: (i) => referralCodePage(db, { ...ADMIN_VIEW, search: i % 2 ? "" : "AB", page: 1, limit: 20 }),
  },
  {
    name: "admin audit page 1 (auditPage)",
    runs: Math.min(RUNS, 50),
    call: (i) => auditPage(db, { ...(i % 2 ? {} : { action: "kyc.approve" }), page: 1 + (i % 3), limit: 20 }),
  },
  {
    name: "admin member's history (adminTransactions)",
    runs: RUNS,
    call: () => adminTransactions(db, { userId: anyMember(), page: 1, limit: 20 }),
  },
  {
    name: "admin staking records (stakingRecords)",
    runs: Math.min(RUNS, 50),
    call: (i) => stakingRecords(db, { member: i % 2 ? null : String(aStaker()), offset: 0, limit: 20 }),
  },
  {
    name: "admin reward days (rewardDays)",
    runs: Math.min(RUNS, 50),
    call: () => rewardDays(db, { offset: 0, limit: 20 }),
  },
  {
    name: "admin dashboard (dashboardFigures)",
    runs: Math.min(RUNS, 20),
    call: () => dashboardFigures(db, { ...ADMIN_VIEW, today, days: 30 }),
  },
  {
    name: "admin staking progress page 1",
    runs: Math.min(RUNS, 20),
    call: () => stakingProgress(db, { offset: 0, limit: 20, protectedLockEnd: LOCK_RELEASE_AT, now }),
  },
  {
    name: "admin member staking detail",
    runs: RUNS,
    call: () => {
      const id = aStaker();
      return adminMemberStaking(db, { id, userId: String(id) });
    },
  },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
console.log(
  `\n## hot queries (one at a time, ms; a different member or term per call)\n| query | runs | p50 | p95 | p99 |\n|---|--:|--:|--:|--:|`,
);
const slow: Case[] = [];
const adminOver: string[] = [];
for (const c of cases) {
  for (let i = 0; i < 5; i++) await c.call(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < c.runs; i++) {
    const t1 = performance.now();
    await c.call(i);
    times.push(ms(t1));
  }
  times.sort((a, b) => a - b);
  console.log(`| ${c.name} | ${c.runs} | ${fmt(pct(times, 50))} | ${fmt(pct(times, 95))} | ${fmt(pct(times, 99))} |`);
  if (pct(times, 95) > SLOW_MS || (EXPLAIN_ALL && c.name.startsWith("admin"))) slow.push(c);
  if (c.name.startsWith("admin") && pct(times, 95) >= ADMIN_P95_MS)
    adminOver.push(`${c.name} (${fmt(pct(times, 95))} ms)`);
}

// ── EXPLAIN (ANALYZE, BUFFERS) of the slow ones: the captured statements replayed in a rolled-back transaction ──
for (const c of slow) {
  capture = [];
  await c.call(3);
  const sent = capture.filter((s) => !/^\s*(begin|commit|rollback|savepoint|release)/i.test(s.query));
  capture = null;
  console.log(`\n### EXPLAIN (ANALYZE, BUFFERS): ${c.name}`);
  if (!sent.length)
    console.log("(it runs on the app's own pool, lib's getDb(), whose statements are not captured here)");
  await client
    .begin(async (tx) => {
      for (const s of sent) {
        if (/^\s*select set_config/i.test(s.query)) {
          await tx.unsafe(s.query, s.params as never[]);
          console.log(`-- ${s.query.replace(/\s+/g, " ").trim()}`);
          continue;
        }
        const plan = await tx.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${s.query}`, s.params as never[]);
        console.log(`-- ${s.query.replace(/\s+/g, " ").trim().slice(0, 240)}`);
        console.log(`-- params: ${JSON.stringify(s.params).slice(0, 200)}`);
        for (const line of plan) console.log(`   ${String(Object.values(line)[0])}`);
      }
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
}

// ── the bounds: every admin read at p95 under ADMIN_P95_MS, the reward run under REWARD_RUN_S ──────────────
const slowestRun = Math.max(...runTimes) / 1000;
console.log(`\n## bounds`);
console.log(
  adminOver.length
    ? `admin reads at p95 < ${ADMIN_P95_MS} ms: NO — ${adminOver.join(", ")}`
    : `admin reads at p95 < ${ADMIN_P95_MS} ms: yes (every admin case above)`,
);
console.log(
  `reward run < ${REWARD_RUN_S} s: ${slowestRun < REWARD_RUN_S ? "yes" : "NO"} (slowest ${slowestRun.toFixed(2)} s)`,
);
if (adminOver.length || slowestRun >= REWARD_RUN_S || !paidSame) process.exitCode = 1;

await client.end({ timeout: 5 });
await closeDb();
