/**
 * The cluster test's seeded load generator: W clients, each owning its members (so one member's operations never
 * overlap and tests/soak/model.ts stays exact), send sign-ups, logins, credits, swaps, transfer requests,
 * cancellations, approvals and reward runs through nginx until the deadline. Every money request carries an
 * Idempotency-Key and is sent again with the same key while the answer is lost (no answer, 502, 503, 504), as a
 * real client does; an operation without a key is resolved by reading what happened when its answer was lost.
 * The model moves only on answers (or on what a lost answer turned out to have done).
 */
import type postgres from "postgres";
import { fetchWithin } from "@/lib/fetch-within";
import { call, type Outcome, PASSWORD } from "../system/support/api";
import { Dx, Model, type ModelMember, type ModelRequest } from "../soak/model";
import { Prng, workerSeed } from "../soak/prng";
import { kstDay } from "./fixtures";

export type LoadOptions = {
  url: string;
  sql: postgres.Sql;
  seed: number;
  workers: number;
  deadline: number;
  adminCookie: string;
  adminRefCode: string;
  /** Stakers made by seedStakers, handed out round-robin to the workers. */
  stakers: { id: number; userId: string; cookie: string; holding: string; staked: string }[];
};

/** An answer that may never have reached the client, or whose request may not have run: send again. */
const lost = (o: Outcome) => o.status === 0 || o.status === 502 || o.status === 503 || o.status === 504;
const ok = (o: Outcome) => o.status === 200 || o.status === 201;

export class Load {
  readonly model = new Model();
  /** Answers by "kind status[ code]", every attempt counted. */
  readonly counts: Record<string, number> = {};
  retries = 0;
  /** Requests answered after at least one lost attempt, by whether the stored result was replayed. */
  recovered = { replayed: 0, appliedOnRetry: 0 };
  /** Anything the model did not expect, or an answer that is not {error, code}; the test fails on any. */
  readonly problems: string[] = [];
  /** Per day: the members each reward-run answer said it paid. */
  readonly rewardAnswers = new Map<string, number[]>();
  /**
   * The reward days the load asks for: the seven KST days that had ended when it was made. Fixed once, so a load
   * that runs across KST midnight never asks for the day that just ended — the day its own swaps staked in, whose
   * stakers the model does not hold (CI saw 48 paid instead of 16 for a run at 23:59 KST).
   */
  private readonly rewardDays = Array.from({ length: 7 }, (_, i) => kstDay(i + 1));
  private cookies = new Map<string, string>();
  private keySeq = 0;

  constructor(private readonly o: LoadOptions) {
    o.stakers.forEach((s, i) => {
      const m = this.model.addMember(s.userId, i % o.workers, s.id);
      m.kyc = "APPROVED";
      m.wallet = "seeded";
      m.bal.holding = new Dx(s.holding);
      m.bal.staked = new Dx(s.staked);
      this.cookies.set(s.userId, s.cookie);
    });
  }

  async run(): Promise<void> {
    await Promise.all(Array.from({ length: this.o.workers }, (_, w) => this.worker(w)));
  }

  /** One request, sent again (same key, same body) while its answer is lost; at most 90 s of trying. */
  private async send(
    kind: string,
    method: string,
    path: string,
    opts: { cookie?: string; body?: unknown; key?: string },
  ): Promise<Outcome & { attempts: number }> {
    const giveUp = Date.now() + 90_000;
    for (let attempts = 1; ; attempts++) {
      const o = await call(this.o.url, method, path, {
        cookie: opts.cookie,
        body: opts.body,
        headers: opts.key ? { "idempotency-key": opts.key } : {},
        timeoutMs: 20_000,
      });
      const label = `${kind} ${o.status}${o.body?.code ? ` ${o.body.code}` : ""}`;
      this.counts[label] = (this.counts[label] ?? 0) + 1;
      if (o.status >= 500 && o.status !== 502 && o.status !== 504 && o.body?.code !== "SERVICE_UNAVAILABLE")
        this.problems.push(`${kind} ${method} ${path}: ${o.status} ${JSON.stringify(o.body)?.slice(0, 200)}`);
      if (o.status >= 400 && o.status < 500 && !o.body?.code)
        this.problems.push(`${kind}: ${o.status} without {error, code}: ${JSON.stringify(o.body)?.slice(0, 200)}`);
      if (!lost(o) || Date.now() > giveUp) {
        if (attempts > 1 && ok(o)) {
          if (o.replayed) this.recovered.replayed++;
          else this.recovered.appliedOnRetry++;
        }
        return { ...o, attempts };
      }
      this.retries++;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  private key(kind: string): string {
    return `load-${this.o.seed}-${kind}-${++this.keySeq}`;
  }

  private expect(cond: boolean, what: string, o: Outcome): void {
    if (!cond) this.problems.push(`${what}: answered ${o.status} ${JSON.stringify(o.body)?.slice(0, 200)}`);
  }

  private async worker(w: number): Promise<void> {
    const rng = new Prng(workerSeed(this.o.seed, w));
    let signups = 0;
    while (Date.now() < this.o.deadline) {
      const mine = [...this.model.members.values()].filter((m) => m.worker === w);
      const withCookie = mine.filter((m) => this.cookies.has(m.name));
      const pending = [...this.model.requests.values()].filter(
        (r) => r.status === "PENDING" && this.model.members.get(r.member)!.worker === w,
      );
      // One pending request per member, coin and type (a second is refused, 409 DUPLICATE_PENDING).
      const stakers = withCookie.filter(
        (m) => m.kyc === "APPROVED" && m.bal.staked.gt(30) && !pending.some((r) => r.member === m.name),
      );
      const kind = rng.weighted({
        signup: signups < 4 ? 1 : 0,
        login: mine.length ? 1 : 0,
        credit: mine.length ? 2 : 0,
        swap: withCookie.length ? 6 : 0,
        transfer: stakers.length ? 3 : 0,
        cancel: pending.length ? 1.5 : 0,
        approve: pending.length ? 1.5 : 0,
        reward: 0.4,
      });
      switch (kind) {
        case "signup":
          await this.signup(`ld${this.o.seed % 10_000}w${w}n${signups++}`, w);
          break;
        case "login":
          await this.login(rng.pick(mine));
          break;
        case "credit":
          await this.credit(rng.pick(mine), String(rng.int(1, 50)));
          break;
        case "swap": {
          const m = rng.pick(withCookie);
          // Mostly within the holding (must go through); one in ten above it (must be refused, 409).
          const over = rng.chance(0.1) || m.bal.holding.lte(0);
          const amount = over
            ? m.bal.holding.plus(rng.int(1, 20)).toFixed()
            : m.bal.holding.times(rng.int(1, 100)).div(100).round(2, Dx.roundDown).toFixed();
          await this.swap(m, new Dx(amount).gt(0) ? amount : "0.01");
          break;
        }
        case "transfer":
          await this.transfer(rng.pick(stakers), String(rng.int(5, 12)));
          break;
        case "cancel":
          await this.cancel(rng.pick(pending));
          break;
        case "approve":
          await this.approve(rng.pick(pending));
          break;
        default:
          await this.reward(this.rewardDays[rng.int(0, 6)]!);
      }
    }
  }

  private async signup(userId: string, w: number): Promise<void> {
    const o = await this.send("signup", "POST", "/api/signup", {
      body: { name: userId, userId, password: PASSWORD, phone: "010-1234-5678", refId: this.o.adminRefCode },
    });
    // A sign-up has no key: when an earlier attempt's answer was lost, the retry finds the name taken.
    if (!ok(o) && o.attempts === 1) return this.expect(false, `sign-up ${userId}`, o);
    const [row] = await this.o.sql<{ id: number }[]>`SELECT id FROM users WHERE user_id = ${userId}`;
    if (!row) return this.expect(false, `sign-up ${userId} left no member`, o);
    this.model.addMember(userId, w, row.id);
    await this.login(this.model.members.get(userId)!);
  }

  /** A login keeps its cookie, which `call` does not hand back: the same retries, on fetchWithin itself. */
  private async login(m: ModelMember): Promise<void> {
    for (let attempt = 1; attempt <= 60; attempt++) {
      const answer = await fetchWithin(
        `${this.o.url}/api/login`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ userId: m.name, password: PASSWORD }),
        },
        20_000,
      ).catch(() => null);
      const res = answer?.res;
      const status = res?.status ?? 0;
      const body = (() => {
        try {
          return answer ? JSON.parse(answer.text) : null;
        } catch {
          return null;
        }
      })();
      const label = `login ${status}${body?.code ? ` ${body.code}` : ""}`;
      this.counts[label] = (this.counts[label] ?? 0) + 1;
      if (status === 200) {
        this.cookies.set(
          m.name,
          res!.headers
            .getSetCookie()
            .map((c) => c.split(";")[0]!)
            .join("; "),
        );
        return;
      }
      if (!lost({ status, body, ms: 0 })) return this.expect(false, `login ${m.name}`, { status, body, ms: 0 });
      this.retries++;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  private async credit(m: ModelMember, amount: string): Promise<void> {
    const o = await this.send("credit", "PATCH", `/api/admin/users/${m.id}/coin`, {
      cookie: this.o.adminCookie,
      body: { symbol: "WLD", amount, action: "DEPOSIT", reason: "cluster load" },
      key: this.key("credit"),
    });
    this.expect(o.status === 200, `credit ${amount} to ${m.name}`, o);
    if (o.status === 200) this.model.move(m, amount, null, "holding");
  }

  private async swap(m: ModelMember, amount: string): Promise<void> {
    const o = await this.send("swap", "POST", `/api/users/${m.name}/swap`, {
      cookie: this.cookies.get(m.name),
      body: { amount },
      key: this.key("swap"),
    });
    if (new Dx(amount).gt(m.bal.holding)) this.expect(o.status === 409, `swap ${amount} above the holding`, o);
    else this.expect(o.status === 200, `swap ${amount} of ${m.bal.holding.toFixed()}`, o);
    if (o.status === 200) this.model.move(m, amount, "holding", "staked");
  }

  private async transfer(m: ModelMember, amount: string): Promise<void> {
    const o = await this.send("transfer", "POST", "/api/transfer-requests", {
      cookie: this.cookies.get(m.name),
      body: { coinSymbol: "WLD", amount, type: "TRANSFER" },
      key: this.key("transfer"),
    });
    this.expect(o.status === 201, `transfer request of ${amount} by ${m.name}`, o);
    if (o.status !== 201) return;
    const rq = o.body.request;
    const r: ModelRequest = {
      key: `${m.name}:r${m.requestSeq++}`,
      id: Number(rq.id),
      member: m.name,
      type: "TRANSFER",
      total: new Dx(rq.total),
      amount: new Dx(rq.amount),
      status: "PENDING",
      awaiting: null,
    };
    this.model.requests.set(r.key, r);
    this.model.move(m, r.total, "staked", "held");
  }

  private async cancel(r: ModelRequest): Promise<void> {
    const o = await this.send("cancel", "DELETE", `/api/transfer-requests/${r.id}`, {
      cookie: this.cookies.get(r.member),
    });
    if (ok(o)) return this.model.settle(r, "CANCELLED");
    // No key: a lost answer may hide a cancellation that happened; the request's status says.
    const [row] = await this.o.sql<{ status: string }[]>`SELECT status FROM requests WHERE id = ${r.id}`;
    this.expect(
      o.attempts > 1 && row?.status === "CANCELLED",
      `cancel request ${r.id} (attempt ${o.attempts}, status now ${row?.status ?? "none"})`,
      o,
    );
    if (row?.status === "CANCELLED") this.model.settle(r, "CANCELLED");
  }

  private async approve(r: ModelRequest): Promise<void> {
    const o = await this.send("approve", "PATCH", `/api/admin/requests/${r.id}`, {
      cookie: this.o.adminCookie,
      body: { action: "approve" },
      key: this.key("approve"),
    });
    this.expect(o.status === 200, `approve request ${r.id}`, o);
    if (o.status === 200) this.model.settle(r, "APPROVED");
  }

  private async reward(day: string): Promise<void> {
    const o = await this.send("reward", "POST", "/api/admin/staking/rewards/run", {
      cookie: this.o.adminCookie,
      body: { date: day },
    });
    this.expect(o.status === 200, `reward run of ${day}`, o);
    if (o.status === 200)
      this.rewardAnswers.set(day, [...(this.rewardAnswers.get(day) ?? []), Number(o.body.membersPaid)]);
  }
}
