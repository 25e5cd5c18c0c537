/**
 * The seeded soak: mixed operations from several concurrent clients through the REAL route
 * handlers (tests/support/http `call`) on a real PostgreSQL scratch database, checked against tests/soak/model.ts
 * after every step that answered and, at the end, against lib/ledger/check.ts and the model for every member.
 *
 * Each worker (an async client) owns its members and does admin operations only on them, so a member's balances
 * are never touched by another in-flight operation and the model stays exact. Operations that touch everyone
 * (a reward run, moving the clock a day) take the gate exclusively: they wait until nothing else is in flight.
 * Every operation is recorded (plain JSON naming members and requests by their soak names, not database ids);
 * on a failure the log up to the failing step is replayed single-threaded on a fresh database and shrunk by
 * removing operations (delta debugging, bounded in time) to the shortest log that still fails.
 *
 * Four-eyes: a credit or a deposit approval that would take its administrator's or member's rolling 24-hour total
 * above the limit must become a proposal (a deposit approval a `deposit` proposal, which the other administrator's
 * approval credits); the model's RollingLimit checks after every step that no total ever passed it.
 *
 * Callers set NODE_ENV=test (the clock is moved with setTestClock) and ADMIN_2FA=optional before importing.
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import sharp from "sharp";
import * as approveProposalRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as rejectProposalRoute from "@/app/api/admin/proposals/[id]/reject/route";
import * as requestDecisionRoute from "@/app/api/admin/requests/[id]/route";
import * as productsRoute from "@/app/api/admin/staking-products/route";
import * as approveIdRoute from "@/app/api/admin/users/[id]/approve-id/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as deactivateRoute from "@/app/api/admin/users/[id]/route";
import * as loginRoute from "@/app/api/login/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as signupRoute from "@/app/api/signup/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as uploadIdRoute from "@/app/api/upload-id/route";
import * as walletAddrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { closeDb, getDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { requests, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password-hash";
import { issueSessionCookie } from "@/lib/auth/session";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";
import { NETWORKS } from "@/lib/exchanges";
import { checkLedger } from "@/lib/ledger/check";
import { memberBalances } from "@/lib/ledger";
import { runRewardDay } from "@/lib/staking/run";
import { lastEndedDay } from "@/lib/kst-day";
import { setFreshWldPrice } from "../factories/money";
import { type CallResult, call } from "../support/http";
import { Dx, type Kind, Model, type ModelMember, RollingLimit } from "./model";
import { Prng, workerSeed } from "./prng";

export type Op = { k: string; w: number } & Record<string, string | number>;
export type Failure = { seq: number; op: Op | null; detail: string };
export type SoakOptions = {
  seed: number;
  ops: number;
  workers?: number;
  /** A PostgreSQL server URL; scratch databases are created next to its database. */
  baseUrl?: string;
  /** Upper bound on the time spent shrinking a failure. */
  shrinkSeconds?: number;
  log?: (line: string) => void;
};
export type SoakResult = {
  ok: boolean;
  seed: number;
  ops: number;
  workers: number;
  seconds: number;
  members: number;
  counts: Record<string, number>;
  failure?: Failure;
  /** The shortest operation log found that replays the failure single-threaded (null: it did not replay). */
  shrunk?: Op[] | null;
};

const PASSWORD = "Soak-Walk-9-Long";
const RATE = "12.5";
const MIN_STAKE = "10";
const FOUR_EYES = new Dx("1000");
const MAX_MEMBERS_PER_WORKER = 12;
const DAY_MS = 24 * 3_600_000;
const PROPOSAL_TTL_MS = 72 * 3_600_000;
/**
 * Network and exchange of a payout address: every network, so both fees occur, at Upbit — a Korean registered
 * exchange on all three that the seeded destinations allow (the foreign ones are blocked, SECURITY.md J43).
 */
const WALLET_PREFIXES = NETWORKS.map((network) => `${network}|Upbit`);
/** Transfer amounts stay well inside the daily KRW limit at the stored price (2800 KRW), so most go through. */
const MAX_REQUEST = new Dx("300");

/** Runs the soak: a scratch database, the run, on failure the shrinking replays; everything dropped. */
export async function soak(opts: SoakOptions): Promise<SoakResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const base = opts.baseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const workers = opts.workers ?? 8;
  const previousUrl = process.env.DATABASE_URL;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const tag = `wld_soak_${process.pid}_${(opts.seed >>> 0).toString(36)}`;
  const created: string[] = [];
  const urlOf = (name: string) => {
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  };
  let clones = 0;
  const fresh = async () => {
    await closeDb();
    const name = `${tag}_${clones++}`;
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${tag}_tpl`);
    created.push(name);
    process.env.DATABASE_URL = urlOf(name);
  };
  try {
    await admin.unsafe(`CREATE DATABASE ${tag}_tpl`);
    created.push(`${tag}_tpl`);
    await closeDb();
    process.env.DATABASE_URL = urlOf(`${tag}_tpl`);
    await migrateDatabase();
    await closeDb();

    await fresh();
    const t0 = performance.now();
    const run = new Run({ seed: opts.seed, workers, ops: opts.ops });
    await run.live();
    const seconds = (performance.now() - t0) / 1000;
    const result: SoakResult = {
      ok: !run.failure,
      seed: opts.seed,
      ops: run.seq,
      workers,
      seconds,
      members: run.model.members.size,
      counts: run.counts,
      failure: run.failure ?? undefined,
    };
    if (run.failure) {
      const failing = run.failure.seq;
      const prefix = run.opLog.filter((o) => Number(o.seq) <= failing).map(({ seq: _s, ...o }) => o as Op);
      log(`soak seed ${opts.seed}: FAILED at step ${failing}: ${run.failure.detail}`);
      log(`shrinking ${prefix.length} operations (single-threaded replays)…`);
      result.shrunk = await shrink(prefix, opts.seed, workers, fresh, (opts.shrinkSeconds ?? 120) * 1000, log);
    }
    return result;
  } finally {
    setTestClock(null);
    await closeDb();
    for (const name of created.reverse()) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
  }
}

/** Replays `ops` single-threaded on a fresh database; the failure it hits, or null. */
async function replay(ops: Op[], seed: number, workers: number, fresh: () => Promise<void>): Promise<Failure | null> {
  await fresh();
  const run = new Run({ seed, workers, ops: ops.length });
  await run.replay(ops);
  return run.failure;
}

/** Delta debugging: drop chunks of operations while the replay still fails, within `budgetMs`. */
async function shrink(
  ops: Op[],
  seed: number,
  workers: number,
  fresh: () => Promise<void>,
  budgetMs: number,
  log: (l: string) => void,
): Promise<Op[] | null> {
  const deadline = performance.now() + budgetMs;
  if (!(await replay(ops, seed, workers, fresh))) {
    log("the failure did not replay single-threaded (it needs the concurrency); the full log is the shortest known");
    return null;
  }
  let current = ops;
  // First the failing member's own operations (and the reward runs, which touch everyone), then theirs alone.
  const who = memberNameOf(ops[ops.length - 1]!);
  if (who)
    for (const keep of [(o: Op) => memberNameOf(o) === who || o.k === "reward", (o: Op) => memberNameOf(o) === who]) {
      const candidate = current.filter(keep);
      if (candidate.length < current.length && (await replay(candidate, seed, workers, fresh))) current = candidate;
    }
  let chunk = Math.max(1, Math.floor(current.length / 2));
  while (chunk >= 1 && performance.now() < deadline) {
    let removedAny = false;
    for (let start = current.length - chunk; start >= 0 && performance.now() < deadline; start -= chunk) {
      // The failing (last) operation always stays.
      const end = Math.min(start + chunk, current.length - 1);
      if (end <= start) continue;
      const candidate = [...current.slice(0, start), ...current.slice(end)];
      if (await replay(candidate, seed, workers, fresh)) {
        current = candidate;
        removedAny = true;
      }
    }
    if (!removedAny) chunk = Math.floor(chunk / 2);
    else chunk = Math.min(chunk, Math.max(1, Math.floor(current.length / 2)));
  }
  log(`shrunk to ${current.length} operations`);
  return current;
}

/** Waits for in-flight operations before an exclusive one (a reward run touches every member). */
class Gate {
  private active = 0;
  private exclusiveRun: Promise<void> | null = null;
  private drained: (() => void) | null = null;

  async shared<T>(f: () => Promise<T>): Promise<T> {
    while (this.exclusiveRun) await this.exclusiveRun;
    this.active++;
    try {
      return await f();
    } finally {
      this.active--;
      if (this.active === 0 && this.drained) this.drained();
    }
  }

  async exclusive<T>(f: () => Promise<T>): Promise<T> {
    while (this.exclusiveRun) await this.exclusiveRun;
    let release!: () => void;
    this.exclusiveRun = new Promise<void>((r) => {
      release = r;
    });
    if (this.active > 0)
      await new Promise<void>((r) => {
        this.drained = r;
      });
    this.drained = null;
    try {
      return await f();
    } finally {
      this.exclusiveRun = null;
      release();
    }
  }
}

type Admin = { id: number; cookie: string; refCode: string };

class Run {
  readonly model = new Model();
  readonly rolling = new RollingLimit(FOUR_EYES, DAY_MS);
  readonly counts: Record<string, number> = {};
  readonly opLog: (Op & { seq: number })[] = [];
  failure: Failure | null = null;
  seq = 0;
  private admins: Admin[] = [];
  private gate = new Gate();
  private ipSeq = 0;
  private png: Buffer | null = null;

  constructor(private readonly cfg: { seed: number; workers: number; ops: number }) {}

  /** Two SUPERADMINs (four-eyes needs a second one), the WLD product, a known price; the clock two days ahead. */
  private async setup(): Promise<void> {
    // Two days ahead of the database clock: every reward day run is after the day the ledger entries were made.
    setTestClock(new Date(Date.now() + 2 * DAY_MS));
    const db = await getDb();
    const hash = await hashPassword(PASSWORD);
    for (const i of [0, 1]) {
      const [row] = await db
        .insert(users)
        .values({
          userId: `soakadmin${i}`,
          name: `Soak admin ${i}`,
          passwordHash: hash,
          role: "SUPERADMIN",
          idStatus: "APPROVED",
          refCode: `SOAKADM${i}`,
        })
        .returning();
      const c = await issueSessionCookie(row!, false);
      this.admins.push({ id: row!.id, cookie: `${c.name}=${c.value}`, refCode: row!.refCode });
    }
    // The first product puts a rate in force where there was none: a proposal the other administrator approves.
    const product = await call(productsRoute, "POST", "/api/admin/staking-products", {
      cookie: this.admins[0]!.cookie,
      body: { coinSymbol: "WLD", name: "Soak", annualRate: RATE, minAmount: MIN_STAKE, reason: "soak" },
    });
    if (product.status !== 202) throw new Error(`soak setup: product ${product.status} ${product.text}`);
    const proposalId = String(product.body.proposal.id);
    const approved = await call(approveProposalRoute, "POST", `/api/admin/proposals/${proposalId}/approve`, {
      cookie: this.admins[1]!.cookie,
      params: { id: proposalId },
    });
    if (approved.status !== 200) throw new Error(`soak setup: product approval ${approved.status} ${approved.text}`);
    await setFreshWldPrice(now());
    await setFreshWldPrice(new Date());
    this.png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2563eb" } })
      .png()
      .toBuffer();
  }

  async live(): Promise<void> {
    await this.setup();
    const workers = Array.from({ length: this.cfg.workers }, (_, w) => this.worker(w));
    await Promise.all(workers);
    if (!this.failure) await this.final();
  }

  async replay(ops: Op[]): Promise<void> {
    await this.setup();
    for (const op of ops) {
      if (this.failure) return;
      const exclusive = op.k === "reward";
      const seq = ++this.seq;
      await this.step(seq, op, exclusive);
    }
    if (!this.failure) await this.final();
  }

  private async worker(w: number): Promise<void> {
    const rng = new Prng(workerSeed(this.cfg.seed, w));
    let n = 0;
    while (!this.failure && this.seq < this.cfg.ops) {
      const op = this.generate(rng, w, n++);
      const exclusive = op.k === "reward";
      const run = async () => {
        if (this.failure || this.seq >= this.cfg.ops) return;
        const seq = ++this.seq;
        this.opLog.push({ ...op, seq });
        await this.step(seq, op, exclusive);
      };
      await (exclusive ? this.gate.exclusive(run) : this.gate.shared(run));
    }
  }

  private async step(seq: number, op: Op, exclusive: boolean): Promise<void> {
    try {
      const outcome = await this.exec(op);
      this.counts[`${op.k} ${outcome}`] = (this.counts[`${op.k} ${outcome}`] ?? 0) + 1;
      // After every step that answered: the member it concerned, read from the database, against the model.
      const member = this.memberOf(op);
      if (member && outcome !== "skip") await this.compare(member, `after step ${seq}`);
      const over = this.rolling.violation(now().getTime());
      if (over) throw new SoakError(`four-eyes' rolling limit passed: ${over}`);
      if (exclusive && outcome !== "skip") {
        for (const m of this.model.members.values()) await this.compare(m, `after step ${seq}`);
        const violations = await checkLedger(await getDb());
        if (violations.length) throw new SoakError(`ledger check: ${JSON.stringify(violations.slice(0, 5))}`);
      }
    } catch (e) {
      if (!this.failure)
        this.failure = { seq, op, detail: e instanceof SoakError ? e.message : `threw: ${(e as Error).stack ?? e}` };
    }
  }

  /** The end: ledger:check's invariants, then every member against the model. */
  private async final(): Promise<void> {
    try {
      const violations = await checkLedger(await getDb());
      if (violations.length) throw new SoakError(`ledger check at the end: ${JSON.stringify(violations.slice(0, 5))}`);
      for (const m of this.model.members.values()) await this.compare(m, "at the end");
    } catch (e) {
      this.failure = { seq: this.seq + 1, op: null, detail: e instanceof SoakError ? e.message : String(e) };
    }
  }

  private async compare(m: ModelMember, when: string): Promise<void> {
    const b = await memberBalances(await getDb(), m.id, ["WLD"]);
    const got = (b.WLD ?? { holding: "0", staked: "0", held: "0", rewards: "0" }) as Record<Kind, string>;
    const d = this.model.diff(m, got);
    if (d) throw new SoakError(`${m.name} (id ${m.id}) ${when}: ${d}`);
  }

  private memberOf(op: Op): ModelMember | undefined {
    if (typeof op.m === "string") return this.model.members.get(op.m);
    if (typeof op.r === "string") {
      const r = this.model.requests.get(op.r);
      return r && this.model.members.get(r.member);
    }
    if (typeof op.p === "string") {
      const p = this.model.proposals.get(op.p);
      return p && this.model.members.get(p.member);
    }
    return undefined;
  }

  // ---- generation: what a worker does next, from its own members' model state ----

  private generate(rng: Prng, w: number, n: number): Op {
    const mine = [...this.model.members.values()].filter((m) => m.worker === w);
    const active = mine.filter((m) => m.status === "ACTIVE");
    const loggedIn = active.filter((m) => m.cookie);
    const pendingReq = [...this.model.requests.values()].filter(
      (r) => r.status === "PENDING" && this.model.members.get(r.member)!.worker === w,
    );
    const anyReq = [...this.model.requests.values()].filter((r) => this.model.members.get(r.member)!.worker === w);
    const proposals = [...this.model.proposals.values()].filter((p) => this.model.members.get(p.member)!.worker === w);
    // The ones a second administrator can still approve (72 hours); the others are picked now and then as well.
    const pendingProp = proposals.filter((p) => this.model.live(p, now().getTime()));
    const kind = rng.weighted({
      signup: mine.length < 2 ? 50 : mine.length < MAX_MEMBERS_PER_WORKER ? 2 : 0,
      login: mine.length ? (active.length > loggedIn.length ? 8 : 1) : 0,
      kycUpload: loggedIn.some((m) => m.kyc === "NONE") ? 4 : 0,
      kycApprove: active.some((m) => m.kyc === "PENDING") ? 5 : active.length ? 0.3 : 0,
      wallet: loggedIn.some((m) => !m.wallet) ? 4 : 0,
      credit: mine.length ? 12 : 0,
      creditBig: mine.length ? 3 : 0,
      decide: pendingProp.length ? 12 : proposals.length ? 0.3 : 0,
      swap: loggedIn.length ? 14 : 0,
      request: loggedIn.length ? 12 : 0,
      deposit: loggedIn.length ? 4 : 0,
      decideReq: pendingReq.length ? 12 : anyReq.length ? 0.5 : 0,
      cancel: pendingReq.length ? 4 : 0,
      walletReset: active.some((m) => m.wallet) ? 1.5 : 0,
      deactivate: active.length > 3 ? 0.3 : 0,
      reward: mine.length ? 1.2 : 0,
    });
    const admin = () => rng.int(0, 1);
    const pickOr = <T>(preferred: T[], all: T[]) =>
      preferred.length && rng.chance(0.9) ? rng.pick(preferred) : rng.pick(all);
    const amountUpTo = (max: Dx, places: number) =>
      max.times(rng.int(1, 1000)).div(1000).round(places, Dx.roundDown).toFixed();
    switch (kind) {
      case "signup":
        return { k: "signup", w, m: `w${w}m${mine.length}` };
      case "login":
        return {
          k: "login",
          w,
          m: pickOr(
            active.filter((m) => !m.cookie),
            mine,
          ).name,
        };
      case "kycUpload":
        return { k: "kycUpload", w, m: rng.pick(loggedIn.filter((m) => m.kyc === "NONE")).name };
      case "kycApprove":
        return {
          k: "kycApprove",
          w,
          m: pickOr(
            active.filter((m) => m.kyc === "PENDING"),
            mine,
          ).name,
          a: admin(),
        };
      case "wallet":
        return {
          k: "wallet",
          w,
          m: rng.pick(loggedIn.filter((m) => !m.wallet)).name,
          addr: `${rng.pick(WALLET_PREFIXES)}|0x${hex(rng, 40)}`,
        };
      case "credit": {
        const amount = rng.chance(0.05) ? "1000" : `${rng.int(1, 999)}.${String(rng.int(0, 99)).padStart(2, "0")}`;
        return { k: "credit", w, m: pickOr(active, mine).name, amount, a: admin() };
      }
      case "creditBig": {
        const amount = rng.chance(0.1) ? "1000.000000000000000001" : `${rng.int(1001, 5000)}`;
        return { k: "credit", w, m: pickOr(active, mine).name, amount, a: admin() };
      }
      case "decide": {
        // A waiting deposit proposal first, half the time: credits' proposals outnumber them, and the run must reach
        // the second approval of a deposit whatever order the clients' steps interleave in.
        const deposits = pendingProp.filter((p) => p.kind === "deposit");
        const p = deposits.length && rng.chance(0.5) ? rng.pick(deposits) : pickOr(pendingProp, proposals);
        // Mostly the other administrator; sometimes the proposer itself (must be refused).
        const a = rng.chance(0.1) ? p.proposer : 1 - p.proposer;
        return { k: "decide", w, p: p.key, a, action: rng.chance(0.8) ? "approve" : "reject" };
      }
      case "swap": {
        const m = rng.pick(loggedIn);
        const h = m.bal.holding;
        const r = rng.next();
        const amount =
          r < 0.05 || h.lte(0)
            ? h.plus(rng.int(1, 50)).toFixed()
            : r < 0.1
              ? h.toFixed()
              : amountUpTo(h, rng.pick([0, 2, 8]));
        return { k: "swap", w, m: m.name, amount: new Dx(amount).gt(0) ? amount : "1" };
      }
      case "request": {
        const m = pickOr(
          loggedIn.filter((x) => x.wallet && x.kyc === "APPROVED" && x.bal.staked.gt(10)),
          loggedIn,
        );
        const s = m.bal.staked.lt(MAX_REQUEST) ? m.bal.staked : MAX_REQUEST;
        const r = rng.next();
        const amount =
          r < 0.05 ? "4.99" : r < 0.1 || s.lt(6) ? s.plus(1).round(2).toFixed() : amountUpTo(s.minus(2), 2);
        return {
          k: "request",
          w,
          m: m.name,
          type: rng.chance(0.5) ? "TRANSFER" : "WITHDRAW",
          amount: new Dx(amount).lt(5) && r >= 0.05 ? "5" : amount,
        };
      }
      case "deposit": {
        // Now and then above the four-eyes limit at 2,800 KRW (₩3,000,000–₩10,000,000): a second approval credits it.
        const krw = rng.chance(0.25) ? rng.int(3000, 10_000) * 1000 : rng.int(10, 500) * 1000;
        return { k: "deposit", w, m: rng.pick(loggedIn).name, krw };
      }
      case "decideReq": {
        const r = pickOr(pendingReq, anyReq);
        return { k: "decideReq", w, r: r.key, a: admin(), action: rng.chance(0.65) ? "approve" : "reject" };
      }
      case "cancel":
        return { k: "cancel", w, r: rng.pick(pendingReq).key };
      case "walletReset":
        return {
          k: "walletReset",
          w,
          m: pickOr(
            active.filter((m) => m.wallet),
            mine,
          ).name,
          a: admin(),
        };
      case "deactivate":
        return { k: "deactivate", w, m: rng.pick(active).name, a: admin() };
      default:
        return { k: "reward", w, n, a: admin() };
    }
  }

  // ---- execution: one operation through the real route handlers, the model moved by its answer ----

  /**
   * Four-eyes on a direct change of `amount` by administrator `a` to `member`, called before it is sent: the totals
   * known so far may already leave no room (it must become a proposal, 202). `answered()`, once the answer is in,
   * says the status it had to be, or null when another change by `a` ran meanwhile and either could be right (the
   * totals are checked after every step regardless).
   */
  private fourEyes(a: number, member: string, amount: Dx): { answered: () => 200 | 202 | null } {
    const at = now().getTime();
    const full =
      amount.gt(FOUR_EYES) ||
      this.rolling.adminTotal(a, at).plus(amount).gt(FOUR_EYES) ||
      this.rolling.memberTotal(member, at).plus(amount).gt(FOUR_EYES);
    const token = this.rolling.begin(a);
    return {
      answered: () => {
        const overlapped = this.rolling.end(token);
        return full ? 202 : overlapped ? null : 200;
      },
    };
  }

  /** A 202's proposal in the model; answers its key. */
  private addProposal(
    kind: "coin" | "deposit",
    id: number,
    member: string,
    amount: Dx,
    proposer: number,
    request?: string,
  ) {
    const key = `${member}:p${this.model.proposals.size}`;
    const expiresAt = now().getTime() + PROPOSAL_TTL_MS;
    this.model.proposals.set(key, {
      key,
      id: Number(id),
      kind,
      member,
      amount,
      proposer,
      status: "PENDING",
      expiresAt,
      request,
    });
    return key;
  }

  private ip(): string {
    this.ipSeq++;
    return `10.77.${Math.floor(this.ipSeq / 250) % 250}.${(this.ipSeq % 250) + 1}`;
  }

  private async exec(op: Op): Promise<string> {
    const model = this.model;
    const m = typeof op.m === "string" ? model.members.get(op.m) : undefined;
    const admin = this.admins[Number(op.a ?? 0)]!;
    const status = (res: CallResult) => {
      if (res.status >= 500) throw new SoakError(`${op.k} answered ${res.status}: ${res.text.slice(0, 300)}`);
      if (res.status >= 400 && (typeof res.body !== "object" || !res.body?.code))
        throw new SoakError(`${op.k} answered ${res.status} without {error, code}: ${res.text.slice(0, 300)}`);
      return (
        String(res.status) + (res.body?.code ? ` ${res.body.code}` : "") + (res.body?.field ? ` ${res.body.field}` : "")
      );
    };
    const expect = (ok: boolean, what: string, res: CallResult) => {
      if (!ok)
        throw new SoakError(`${op.k} ${JSON.stringify(op)}: ${what}; answered ${res.status} ${res.text.slice(0, 300)}`);
    };
    const ok = (res: CallResult) => res.status >= 200 && res.status < 300;

    switch (op.k) {
      case "signup": {
        if (model.members.has(String(op.m))) return "skip";
        const res = await call(signupRoute, "POST", "/api/signup", {
          body: {
            name: `Soak ${op.m}`,
            userId: op.m,
            password: PASSWORD,
            phone: "010-1234-5678",
            refId: this.admins[0]!.refCode,
          },
          headers: { "x-forwarded-for": this.ip() },
        });
        if (res.status === 201) {
          const db = await getDb();
          const [row] = await db
            .select({ id: users.id })
            .from(users)
            .where(eqUserId(String(op.m)));
          model.addMember(String(op.m), op.w, row!.id);
        }
        return status(res);
      }
      case "reward": {
        advanceTestClock(DAY_MS);
        await setFreshWldPrice(now());
        await setFreshWldPrice(new Date());
        const day = lastEndedDay(now());
        // lib/staking/run pays a day that has ended at `now` (the admin route and the cron pass the real time,
        // and the ledger's created_at is the database's: a day of the moved clock is after every entry so far).
        const res = await runRewardDay(await getDb(), day, { now: now(), actorId: admin.id });
        const s = res.alreadyPaid ? "paid before" : "paid";
        let total = new Dx(0);
        for (const mm of model.members.values()) {
          const r = model.rewardOf(mm, RATE, MIN_STAKE);
          total = total.plus(r);
          model.move(mm, r, null, "rewards");
        }
        if (!total.eq(res.totalPaid))
          throw new SoakError(`reward run of ${day}: paid ${res.totalPaid}, the model says ${total.toFixed()}`);
        return s;
      }
    }

    if (typeof op.r === "string") {
      const r = model.requests.get(op.r);
      if (!r) return "skip";
      const owner = model.members.get(r.member)!;
      if (op.k === "cancel") {
        if (!owner.cookie) return "skip";
        const res = await call(cancelRoute, "DELETE", `/api/transfer-requests/${r.id}`, {
          cookie: owner.cookie,
          params: { id: String(r.id) },
        });
        const s = status(res);
        if (r.status !== "PENDING") expect(!ok(res), "a request no longer pending cannot be cancelled", res);
        else if (owner.status === "ACTIVE" && model.awaitingOf(r, now().getTime()))
          expect(res.body?.code === "REQUEST_AWAITING_APPROVAL", "a deposit awaiting its second approval stays", res);
        if (ok(res)) model.settle(r, "CANCELLED");
        return s;
      }
      const action = op.action === "approve" ? "approve" : "reject";
      const a = Number(op.a ?? 0);
      const deposit = action === "approve" && r.type === "DEPOSIT";
      const awaiting = deposit ? model.awaitingOf(r, now().getTime()) : null;
      const gate = deposit && !awaiting ? this.fourEyes(a, r.member, r.amount) : null;
      const krwReceived = deposit ? await krwWhileQuoted(r.id) : null;
      const res = await call(requestDecisionRoute, "PATCH", `/api/admin/requests/${r.id}`, {
        cookie: admin.cookie,
        params: { id: String(r.id) },
        body: { action, ...(action === "reject" ? { reason: "soak" } : {}), ...(krwReceived ? { krwReceived } : {}) },
      });
      const must = gate?.answered();
      const s = status(res);
      if (r.status !== "PENDING") expect(!ok(res), "a request is decided once", res);
      else if (awaiting)
        expect(res.body?.code === "REQUEST_AWAITING_APPROVAL", "a deposit awaiting its second approval waits", res);
      else if (gate && owner.status === "ACTIVE" && (res.status === 200 || res.status === 202))
        expect(!must || res.status === must, "a deposit approval credits within the rolling limit, else proposes", res);
      if (res.status === 202) {
        const amount = new Dx(res.body.proposal.payload.amount);
        expect(deposit && amount.eq(r.amount), "the proposal credits the deposit's quoted amount", res);
        r.awaiting = this.addProposal("deposit", res.body.proposal.id, r.member, amount, a, r.key);
      } else if (ok(res)) {
        expect(res.body.request?.id === r.id, "the answer names the request", res);
        const amount = String(res.body.request.amount);
        if (deposit) this.rolling.record({ admin: a, member: r.member, amount: new Dx(amount), at: now().getTime() });
        model.settle(r, action === "approve" ? "APPROVED" : "REJECTED", amount);
      }
      return s;
    }

    if (typeof op.p === "string") {
      const p = model.proposals.get(op.p);
      if (!p) return "skip";
      const decider = this.admins[Number(op.a)]!;
      const route = op.action === "approve" ? approveProposalRoute : rejectProposalRoute;
      const res = await call(route, "POST", `/api/admin/proposals/${p.id}/${op.action}`, {
        cookie: decider.cookie,
        params: { id: String(p.id) },
        body: op.action === "reject" ? { note: "soak" } : undefined,
      });
      const s = status(res);
      if (Number(op.a) === p.proposer && op.action === "approve")
        expect(!ok(res), "nobody approves their own proposal", res);
      if (!model.live(p, now().getTime())) expect(!ok(res), "a proposal is decided once, within 72 hours", res);
      if (ok(res)) {
        p.status = op.action === "approve" ? "APPROVED" : "REJECTED";
        const r = p.request ? model.requests.get(p.request) : undefined;
        // The second approval credits: a deposit settles its request APPROVED then (counted on no one's total).
        if (op.action === "approve" && r) model.settle(r, "APPROVED", p.amount.toFixed());
        else if (op.action === "approve") model.move(model.members.get(p.member)!, p.amount, null, "holding");
        else if (r) r.awaiting = null;
      }
      return p.kind === "deposit" ? `${s} deposit` : s;
    }

    if (!m) return "skip";
    const target = { params: { id: String(m.id), userId: m.name } };
    switch (op.k) {
      case "login": {
        const res = await call(loginRoute, "POST", "/api/login", {
          body: { userId: m.name, password: PASSWORD },
          headers: { "x-forwarded-for": this.ip() },
        });
        const s = status(res);
        if (m.status === "DEACTIVATED") expect(!ok(res), "a deactivated member cannot log in", res);
        if (res.status === 200) {
          const cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(";")[0]!)
            .find((c) => /session-token=./.test(c));
          expect(Boolean(cookie), "a login sets the session cookie", res);
          m.cookie = cookie!;
        }
        return s;
      }
      case "kycUpload": {
        if (!m.cookie) return "skip";
        const form = new FormData();
        form.append("idImage", new Blob([new Uint8Array(this.png!)], { type: "image/png" }), "id.png");
        const res = await call(uploadIdRoute, "POST", "/api/upload-id", { cookie: m.cookie, rawBody: form });
        const s = status(res);
        if (ok(res)) m.kyc = "PENDING";
        return s;
      }
      case "kycApprove": {
        const res = await call(approveIdRoute, "PATCH", `/api/admin/users/${m.id}/approve-id`, {
          cookie: admin.cookie,
          ...target,
        });
        const s = status(res);
        if (m.kyc !== "PENDING") expect(!ok(res), "only a pending ID is approved", res);
        if (ok(res)) {
          expect(res.body.rewardPaid === !m.airdropped, "the ID airdrop is paid once", res);
          if (res.body.rewardPaid) model.move(m, "1000", null, "holding");
          m.kyc = "APPROVED";
          m.airdropped = true;
        }
        return s;
      }
      case "wallet": {
        if (!m.cookie) return "skip";
        const res = await call(walletAddrRoute, "POST", `/api/users/by-id/${m.name}/walletAddr`, {
          cookie: m.cookie,
          ...target,
          body: { walletAddr: op.addr, currentPassword: PASSWORD },
        });
        const s = status(res);
        if (ok(res)) m.wallet = String(op.addr);
        return s;
      }
      case "credit": {
        const amount = new Dx(String(op.amount));
        const a = Number(op.a ?? 0);
        const gate = this.fourEyes(a, m.name, amount);
        const res = await call(coinRoute, "PATCH", `/api/admin/users/${m.id}/coin`, {
          cookie: admin.cookie,
          ...target,
          body: { symbol: "WLD", amount: String(op.amount), action: "DEPOSIT", reason: "soak credit" },
        });
        const must = gate.answered();
        const s = status(res);
        if (m.status !== "ACTIVE") expect(!ok(res) || res.status === 202, "no credit to a deactivated member", res);
        else
          expect(
            must ? res.status === must : res.status === 200 || res.status === 202,
            "a credit posts within the rolling limit, proposes beyond it",
            res,
          );
        if (res.status === 200) {
          model.move(m, amount, null, "holding");
          this.rolling.record({ admin: a, member: m.name, amount, at: now().getTime() });
          expect(m.bal.holding.eq(res.body.holding), "the answer's holding is the model's", res);
        } else if (res.status === 202) this.addProposal("coin", res.body.proposal.id, m.name, amount, a);
        return s;
      }
      case "swap": {
        if (!m.cookie) return "skip";
        const amount = new Dx(String(op.amount));
        const res = await call(swapRoute, "POST", `/api/users/${m.name}/swap`, {
          cookie: m.cookie,
          ...target,
          body: { amount: String(op.amount) },
        });
        const s = status(res);
        if (m.status === "ACTIVE") {
          if (amount.gt(m.bal.holding)) expect(res.status === 409, "a swap above the holding is refused (409)", res);
          else expect(res.status === 200, "a swap within the holding goes through", res);
        }
        if (ok(res)) {
          model.move(m, amount, "holding", "staked");
          expect(
            m.bal.holding.eq(res.body.holding) && m.bal.staked.eq(res.body.staked),
            "the answer's balances are the model's",
            res,
          );
        }
        return s;
      }
      case "request": {
        if (!m.cookie) return "skip";
        const res = await call(transferRoute, "POST", "/api/transfer-requests", {
          cookie: m.cookie,
          body: { coinSymbol: "WLD", amount: String(op.amount), type: op.type },
        });
        const s = status(res);
        if (ok(res)) {
          const rq = res.body.request;
          expect(new Dx(rq.total).eq(new Dx(rq.amount).plus(rq.fee)), "a request holds amount + fee", res);
          expect(new Dx(rq.amount).eq(String(op.amount)), "the request is for the amount asked", res);
          expect(new Dx(rq.total).lte(m.bal.staked), "a request holds no more than the staked balance", res);
          const key = `${m.name}:r${m.requestSeq++}`;
          model.requests.set(key, {
            key,
            id: Number(rq.id),
            member: m.name,
            type: op.type as "TRANSFER",
            total: new Dx(rq.total),
            amount: new Dx(rq.amount),
            status: "PENDING",
            awaiting: null,
          });
          model.move(m, rq.total, "staked", "held");
        }
        return s;
      }
      case "deposit": {
        if (!m.cookie) return "skip";
        await setFreshWldPrice(new Date());
        const res = await call(depositRoute, "POST", "/api/requests/deposit", {
          cookie: m.cookie,
          body: { coinSymbol: "WLD", amount: String(op.krw) },
        });
        const s = status(res);
        if (ok(res)) {
          const key = `${m.name}:r${m.requestSeq++}`;
          model.requests.set(key, {
            key,
            id: Number(res.body.request.id),
            member: m.name,
            type: "DEPOSIT",
            total: new Dx(0),
            amount: new Dx(res.body.request.amount),
            status: "PENDING",
            awaiting: null,
          });
        }
        return s;
      }
      case "walletReset": {
        const res = await call(walletAddrRoute, "DELETE", `/api/users/by-id/${m.name}/walletAddr`, {
          cookie: admin.cookie,
          ...target,
        });
        const s = status(res);
        if (ok(res)) {
          m.wallet = null;
          model.rejectPending(m, false);
        }
        return s;
      }
      case "deactivate": {
        const res = await call(deactivateRoute, "DELETE", `/api/admin/users/${m.id}`, {
          cookie: admin.cookie,
          ...target,
        });
        const s = status(res);
        if (ok(res)) {
          m.status = "DEACTIVATED";
          m.cookie = null;
          m.wallet = null;
          model.rejectPending(m, true);
        }
        return s;
      }
    }
    throw new SoakError(`unknown operation ${op.k}`);
  }
}

class SoakError extends Error {}

/** The soak name of the member an operation concerns (requests and proposals are keyed "member:…"). */
function memberNameOf(op: Op): string | undefined {
  const ref = op.m ?? op.r ?? op.p;
  return typeof ref === "string" ? ref.split(":")[0] : undefined;
}

function hex(rng: Prng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[rng.int(0, 15)];
  return s;
}

function eqUserId(userId: string) {
  return eq(users.userId, userId);
}

/**
 * A deposit's approval names the KRW received: all of what it asked, while its quote holds. After, none — the
 * approval is then refused (KRW_RECEIVED_REQUIRED), as the model expects of an expired quote.
 */
async function krwWhileQuoted(id: number): Promise<string | null> {
  const [row] = await (await getDb())
    .select({ krw: sql<string | null>`trim_scale(${requests.krwAmount})::text` })
    .from(requests)
    .where(sql`${requests.id} = ${id} AND ${requests.quoteExpiresAt} > now()`);
  return row?.krw ?? null;
}
