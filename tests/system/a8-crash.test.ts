/**
 * SECURITY A8 / F31 crash consistency: two real production servers on one PostgreSQL database carry a
 * load of money-moving POSTs with Idempotency-Keys (swaps by one member, transfer requests by many); one
 * server is SIGKILLed mid-load. Afterwards every ledger invariant holds, no hold is orphaned, no key is
 * stuck without its answer, and retrying the failed requests with the SAME keys on the surviving server
 * applies each exactly once — replaying every key again changes nothing.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  callsInFlight,
  login,
  type Outcome,
  openTransactions,
  orphanHolds,
  PASSWORD,
  sameAmount,
  seedMembers,
  tally,
  WALLET,
  waitForQuiet,
  stepWithin,
  wld,
  storeWldPrice,
} from "./support/api";
import {
  createScratchDatabase,
  type Instance,
  killAll,
  ledgerCheck,
  report,
  type ScratchDatabase,
  startInstance,
  systemSkipReason,
  waitForExit,
} from "./support/cluster";

const skip = systemSkipReason();
if (skip) report(`A8 skipped: ${skip}`);

const SWAPS = 300; // of 1 WLD each, by one member holding 1000
const TRANSFER_MEMBERS = 16; // each sends one transfer request of 10 (+0.2 fee) from 50 staked
const CONCURRENCY = 24;
const KILL_AFTER = 0.35; // share of answered requests at which instance B is killed

type Job = { n: number; kind: "swap" | "transfer"; path: string; body: object; cookie: string; key: string };
type Result = Outcome & { on: string };

const ok = (o: Outcome) => o.status === 200 || o.status === 201;
const failed = (o: Outcome) => o.status === 0 || o.status >= 500;

describe.skipIf(skip !== null)("A8/F31 an instance killed mid-load", () => {
  let db: ScratchDatabase | undefined;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const t0 = performance.now();
    db = await createScratchDatabase("a8");
    // The load's money comes in through one administrator (1,000 WLD, then 50 for every sender): more in a day than
    // four-eyes lets one person move (FOUR_EYES_LIMIT's rolling total, tests/integration/four-eyes-rolling.test.ts).
    const limit = { FOUR_EYES_LIMIT: "1000000" };
    [a, b] = await Promise.all([startInstance("a8-a", db.url, limit), startInstance("a8-b", db.url, limit)]);
    await storeWldPrice(db.sql);
    report(
      `A8: scratch database ${db.name}, instances on :${a.port} and :${b.port}, ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  afterAll(async () => {
    killAll();
    await db?.drop();
  }, 60_000);

  it("SIGKILL during a load of keyed swaps and transfer requests: invariants hold, same-key retries apply once", async () => {
    const sql = db!.sql;
    const run = crypto.randomBytes(3).toString("hex");
    const [admin] = await seedMembers(sql, [{ userId: "sysadmin8", role: "ADMIN" }]);
    const [swapper] = await seedMembers(sql, [{ userId: "sysswap8" }]);
    const senders = await seedMembers(
      sql,
      Array.from({ length: TRANSFER_MEMBERS }, (_, i) => ({
        userId: `syssend8x${i}`,
        idStatus: "APPROVED" as const,
        walletAddr: WALLET,
      })),
    );
    const adminCookie = await login(a.base, admin!.userId, PASSWORD);
    const swapperCookie = await login(b.base, swapper!.userId, PASSWORD);
    const senderCookies: string[] = [];
    for (const [i, s] of senders.entries())
      senderCookies.push(await login(i % 2 ? b.base : a.base, s.userId, PASSWORD));

    // Money in: 1000 to the swapper's holding; 50 staked for every sender.
    const deposit = (id: number, amount: string) =>
      call(a.base, "PATCH", `/api/admin/users/${id}/coin`, {
        cookie: adminCookie,
        body: { symbol: "WLD", amount, action: "DEPOSIT" },
      });
    expect((await deposit(swapper!.id, "1000")).status).toBe(200);
    for (const [i, s] of senders.entries()) {
      expect((await deposit(s.id, "50")).status).toBe(200);
      const swap = await call(i % 2 ? a.base : b.base, "POST", `/api/users/${s.userId}/swap`, {
        cookie: senderCookies[i],
        body: { amount: "50" },
      });
      expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    }

    // The load: swaps with one transfer request slotted in every ~19 jobs; even jobs → A, odd → B.
    const jobs: Job[] = [];
    for (let i = 0; i < SWAPS; i++)
      jobs.push({
        n: 0,
        kind: "swap",
        path: `/api/users/${swapper!.userId}/swap`,
        body: { amount: "1" },
        cookie: swapperCookie,
        key: `sys-${run}-swap-${i}`,
      });
    for (let j = 0; j < TRANSFER_MEMBERS; j++)
      jobs.splice(j * Math.floor(SWAPS / TRANSFER_MEMBERS) + 5, 0, {
        n: 0,
        kind: "transfer",
        path: "/api/transfer-requests",
        body: { coinSymbol: "WLD", amount: "10", type: "TRANSFER" },
        cookie: senderCookies[j]!,
        key: `sys-${run}-transfer-${j}`,
      });
    jobs.forEach((job, n) => {
      job.n = n;
    });
    const send = (job: Job, inst: Instance) =>
      call(inst.base, "POST", job.path, {
        cookie: job.cookie,
        body: job.body,
        headers: { "idempotency-key": job.key },
      });

    const results: Result[] = new Array(jobs.length);
    const killAt = Math.floor(jobs.length * KILL_AFTER);
    let next = 0;
    let answered = 0;
    let inFlightB = 0;
    let inFlightBAtKill = -1;
    let killedAtMs = 0;
    const t0 = performance.now();
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const inst = job.n % 2 ? b : a;
        if (inst === b) inFlightB++;
        const o = await send(job, inst);
        if (inst === b) inFlightB--;
        results[job.n] = { ...o, on: inst.name };
        answered++;
        if (inFlightBAtKill < 0 && answered >= killAt) {
          inFlightBAtKill = inFlightB;
          killedAtMs = performance.now() - t0;
          b.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const loadMs = performance.now() - t0;
    await waitForExit(b);
    expect(b.alive(), "instance B should be dead").toBe(false);
    expect((await call(a.base, "GET", "/api/health")).status).toBe(200);

    const onA = results.filter((r) => r.on === a.name);
    const onB = results.filter((r) => r.on === b.name);
    const failures = results.filter(failed);
    const refused = results.filter((r) => r.status >= 400 && r.status < 500);
    report(
      `crash: ${jobs.length} keyed requests (${SWAPS} swaps of 1 + ${TRANSFER_MEMBERS} transfer requests) at concurrency ${CONCURRENCY}; ` +
        `B SIGKILLed at ${killedAtMs.toFixed(0)} ms after ${killAt} answers with ${inFlightBAtKill} of its requests in flight; load ${loadMs.toFixed(0)} ms`,
    );
    report(
      `crash: A answered ${JSON.stringify(tally(onA))}, B answered ${JSON.stringify(tally(onB))} ` +
        `(0 = connection lost/refused); ${failures.length} failed, ${refused.length} refused`,
    );
    // Nothing may be refused: every key is distinct and there is money for all of it.
    expect(refused.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(
      failures.filter((r) => r.on === a.name).map((r) => `${r.status} ${r.error ?? JSON.stringify(r.body)}`),
    ).toEqual([]);
    expect(failures.length, "the kill should have hit the load").toBeGreaterThan(0);

    // ── Right after the crash, before any retry (once the killed server's transactions are gone) ──
    const quietMs = await waitForQuiet(sql);
    const afterCrash = await ledgerCheck(db!.url);
    report(`crash: npm run ledger:check right after the kill → ${afterCrash.ok ? "passed" : "FAILED"}`);
    expect(afterCrash.ok, afterCrash.output).toBe(true);
    expect(await orphanHolds(sql), "orphan holds right after the kill").toEqual([]);
    // A key is stored with its answer in the work's own transaction: none may be left without one.
    const stuck = await sql`SELECT user_id, key FROM idempotency_keys WHERE status_code IS NULL`;
    expect(stuck).toEqual([]);
    // The swapper's staked balance is exactly one WLD per committed key, and money was conserved.
    const [{ committed }] = (await sql`
      SELECT count(*)::int AS committed FROM idempotency_keys WHERE user_id = ${swapper!.id} AND status_code = 200`) as unknown as [
      { committed: number },
    ];
    let bal = await wld(sql, swapper!.id);
    expect(await sameAmount(sql, bal.staked!, String(committed)), `staked ${bal.staked} vs ${committed} keys`).toBe(
      true,
    );
    expect(await sameAmount(sql, bal.holding!, String(1000 - committed)), `holding ${bal.holding}`).toBe(true);
    // Which failed requests did commit (their key is stored) although no answer reached the client?
    const failedKeys = jobs.filter((j) => failed(results[j.n]!)).map((j) => j.key);
    const [{ committedLost }] = (await sql`
      SELECT count(*)::int AS "committedLost" FROM idempotency_keys WHERE key IN ${sql(failedKeys)}`) as unknown as [
      { committedLost: number },
    ];
    const lostAnswers = jobs.filter((j) => j.kind === "swap" && failed(results[j.n]!)).length;
    const swapsAnswered = jobs.filter((j) => j.kind === "swap" && ok(results[j.n]!)).length;
    report(`crash: database quiet ${quietMs} ms after the load; ${committedLost} failed requests had committed`);
    report(
      `crash: swaps committed ${committed} = ${swapsAnswered} answered + ${committed - swapsAnswered} committed without an answer reaching the client; ` +
        `${lostAnswers - (committed - swapsAnswered)} rolled back or never sent`,
    );

    // ── Retries of the failed requests with the SAME keys on the surviving instance ──
    const retryJobs = jobs.filter((j) => failed(results[j.n]!));
    const t1 = performance.now();
    const retried = await Promise.all(retryJobs.map((j) => send(j, a)));
    const retryMs = performance.now() - t1;
    const replayedOnRetry = retried.filter((r) => r.replayed).length;
    report(
      `retry: ${retryJobs.length} failed requests resent to A with their keys → ${JSON.stringify(tally(retried))}; ` +
        `${replayedOnRetry} answered from the stored result (had committed before the crash), ` +
        `${retried.length - replayedOnRetry} applied now; ${retryMs.toFixed(0)} ms`,
    );
    expect(retried.filter((r) => !ok(r)).map((r) => `${r.status} ${r.error ?? JSON.stringify(r.body)}`)).toEqual([]);
    // Exactly the ones that had committed come back as replays; the others apply now.
    expect(replayedOnRetry).toBe(committedLost);
    retryJobs.forEach((j, k) => {
      results[j.n] = { ...retried[k]!, on: a.name };
    });

    // ── Every key replayed once more: same answers, nothing moves ──
    const before = await wld(sql, swapper!.id);
    const replay = await Promise.all(jobs.map((j) => send(j, a)));
    const replayed = replay.filter((r) => r.replayed).length;
    report(`replay: all ${jobs.length} keys resent to A → ${JSON.stringify(tally(replay))}, ${replayed} replayed`);
    expect(replayed).toBe(jobs.length);
    replay.forEach((r, n) => {
      expect(r.status).toBe(results[n]!.status);
      expect(r.body).toEqual(results[n]!.body);
    });
    bal = await wld(sql, swapper!.id);
    expect(bal).toEqual(before);

    // ── Final: distinct keys × amount, exactly once ──
    expect(await sameAmount(sql, bal.staked!, String(SWAPS)), `staked ${bal.staked}`).toBe(true);
    expect(await sameAmount(sql, bal.holding!, String(1000 - SWAPS)), `holding ${bal.holding}`).toBe(true);
    const [{ stakingRows }] = (await sql`
      SELECT count(*)::int AS "stakingRows" FROM transactions WHERE user_id = ${swapper!.id} AND type = 'STAKING'`) as unknown as [
      { stakingRows: number },
    ];
    expect(stakingRows).toBe(SWAPS);
    for (const s of senders) {
      const pending = await sql<{ total: string }[]>`
        SELECT total::text AS total FROM requests WHERE user_id = ${s.id} AND status = 'PENDING'`;
      expect(pending, `member ${s.userId}`).toHaveLength(1);
      const sb = await wld(sql, s.id);
      expect(await sameAmount(sql, sb.held!, "10.2"), `held ${sb.held}`).toBe(true);
      expect(await sameAmount(sql, sb.staked!, "39.8"), `staked ${sb.staked}`).toBe(true);
    }
    expect(await orphanHolds(sql)).toEqual([]);
    const final = await ledgerCheck(db!.url);
    report(
      `final: swapper staked ${bal.staked} holding ${bal.holding} (${SWAPS} keys × 1), ${TRANSFER_MEMBERS} PENDING requests, ` +
        `no orphan holds; npm run ledger:check → ${final.ok ? "passed" : "FAILED"}`,
    );
    expect(final.ok, final.output).toBe(true);
  }, 300_000);

  it("answers lost in transit (the client gives up after sending): same-key retries replay, never re-apply", async () => {
    const sql = db!.sql;
    // Every step has its own deadline and fails by name with what instance A and the database were doing.
    const doing = async () =>
      `calls not settled:\n${callsInFlight()}\n` +
      `instance A's last output:\n${a.output().slice(-4000)}\n` +
      `sessions in a transaction or waiting: ${JSON.stringify(await openTransactions(sql))}`;
    const step = <T>(what: string, ms: number, work: Promise<T>) => stepWithin(what, ms, work, doing);
    const run = crypto.randomBytes(3).toString("hex");
    const [admin, m] = await step(
      "seeding two members",
      20_000,
      seedMembers(sql, [{ userId: "sysadmin8b", role: "ADMIN" }, { userId: "sysswap8b" }]),
    );
    const adminCookie = await step("the administrator's login", 30_000, login(a.base, admin!.userId, PASSWORD));
    const cookie = await step("the member's login", 30_000, login(a.base, m!.userId, PASSWORD));
    const credit = await step(
      "the deposit of 100",
      20_000,
      call(a.base, "PATCH", `/api/admin/users/${m!.id}/coin`, {
        cookie: adminCookie,
        body: { symbol: "WLD", amount: "100", action: "DEPOSIT" },
      }),
    );
    expect(credit.status).toBe(200);

    const N = 60;
    const keys = Array.from({ length: N }, (_, i) => `sys-${run}-lost-${i}`);
    const swap = (key: string, timeoutMs?: number) =>
      call(a.base, "POST", `/api/users/${m!.userId}/swap`, {
        cookie,
        body: { amount: "1" },
        headers: { "idempotency-key": key },
        timeoutMs,
      });
    // All at once, each client giving up after 20–2000 ms: some are answered, some commit unanswered, some never run.
    const first = await step(
      "60 swaps whose clients give up",
      15_000,
      Promise.all(keys.map((k, i) => swap(k, 20 + ((i * 97) % 1980)))),
    );
    const answered = first.filter(ok).length;
    expect(first.filter((o) => o.status !== 0 && !ok(o)).map((o) => o.status)).toEqual([]);
    // Let the server finish whatever it was still doing for the abandoned requests.
    await new Promise((r) => setTimeout(r, 2_000));
    await step("the database going quiet", 40_000, waitForQuiet(sql, 30_000));
    const [{ committed }] = (await step(
      "counting the stored keys",
      10_000,
      sql`SELECT count(*)::int AS committed FROM idempotency_keys WHERE user_id = ${m!.id} AND status_code = 200`,
    )) as unknown as [{ committed: number }];
    const bal = await wld(sql, m!.id);
    expect(await sameAmount(sql, bal.staked!, String(committed)), `staked ${bal.staked} vs ${committed} keys`).toBe(
      true,
    );

    const unanswered = keys.filter((_, i) => !ok(first[i]!));
    const retried = await step(
      `${unanswered.length} same-key retries`,
      30_000,
      Promise.all(unanswered.map((k) => swap(k, 25_000))),
    );
    const replayed = retried.filter((r) => r.replayed).length;
    report(
      `lost answers: ${N} keyed swaps, client timeouts 20–2000 ms → ${answered} answered, ${committed - answered} committed ` +
        `but unanswered, ${N - committed} not applied; retries ${JSON.stringify(tally(retried))}: ${replayed} replayed, ` +
        `${retried.length - replayed} applied now`,
    );
    expect(retried.filter((r) => !ok(r)).map((r) => `${r.status} ${r.error ?? JSON.stringify(r.body)}`)).toEqual([]);
    // Exactly the committed-but-unanswered ones come back as replays; the rest apply now, once.
    expect(replayed).toBe(committed - answered);
    const after = await wld(sql, m!.id);
    expect(await sameAmount(sql, after.staked!, String(N)), `staked ${after.staked}`).toBe(true);
    expect(await sameAmount(sql, after.holding!, String(100 - N)), `holding ${after.holding}`).toBe(true);
    const check = await ledgerCheck(db!.url, 60_000);
    expect(check.ok, check.output).toBe(true);
  }, 300_000);
});
