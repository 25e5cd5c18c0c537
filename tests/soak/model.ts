/**
 * What every soak member's WLD balances should be. Changed ONLY from the app's answers: a 2xx swap of x moves
 * x, a refused one nothing; a transfer/withdraw request holds its total (amount + fee) from staked; approval pays
 * the hold out, rejection and cancellation give it back; a proposal moves nothing until it is approved; a reward
 * run pays floor8(staked × rate / 36500) to every ACTIVE member staking at least the product's minimum.
 * Four-eyes' rolling limit (RollingLimit): what administrators moved on their own authority in the last 24 hours,
 * per administrator and per member, never above the limit; a deposit whose approval became a proposal waits for it.
 * Exact decimals (big.js), never JS numbers.
 */
import Big from "big.js";

/** The model's own decimal constructor: divisions keep 60 decimals, cut toward zero; no exponent in toString. */
export const Dx = Big();
Dx.DP = 60;
Dx.RM = Big.roundDown;
Dx.NE = -40;
Dx.PE = 60;
export type Dx = Big;

export const KINDS = ["holding", "staked", "held", "rewards"] as const;
export type Kind = (typeof KINDS)[number];
export type Balances = Record<Kind, Dx>;

export type ModelRequest = {
  key: string;
  id: number;
  member: string;
  type: "TRANSFER" | "WITHDRAW" | "DEPOSIT";
  total: Dx;
  /** A deposit's WLD at its quote (transfers: its amount). */
  amount: Dx;
  status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
  /** The `deposit` proposal its approval became, while it may still be approved. */
  awaiting: string | null;
};

export type ModelProposal = {
  key: string;
  id: number;
  kind: "coin" | "deposit";
  member: string;
  amount: Dx;
  proposer: number;
  status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
  /** The soak clock's ms from which it can no longer be approved (72 hours after it was made). */
  expiresAt: number;
  /** A deposit proposal's request key. */
  request?: string;
};

export type ModelMember = {
  name: string;
  worker: number;
  id: number;
  cookie: string | null;
  status: "ACTIVE" | "DEACTIVATED";
  kyc: "NONE" | "PENDING" | "APPROVED";
  airdropped: boolean;
  wallet: string | null;
  bal: Balances;
  requestSeq: number;
};

const zero = (): Balances => ({ holding: new Dx(0), staked: new Dx(0), held: new Dx(0), rewards: new Dx(0) });

export class Model {
  members = new Map<string, ModelMember>();
  requests = new Map<string, ModelRequest>();
  proposals = new Map<string, ModelProposal>();

  addMember(name: string, worker: number, id: number): ModelMember {
    const m: ModelMember = {
      name,
      worker,
      id,
      cookie: null,
      status: "ACTIVE",
      kyc: "NONE",
      airdropped: false,
      wallet: null,
      bal: zero(),
      requestSeq: 0,
    };
    this.members.set(name, m);
    return m;
  }

  /** `amount` from `from` to `to` of one member (null: from/to outside the member). */
  move(m: ModelMember, amount: Dx | string, from: Kind | null, to: Kind | null): void {
    const x = new Dx(amount);
    if (from) m.bal[from] = m.bal[from].minus(x);
    if (to) m.bal[to] = m.bal[to].plus(x);
  }

  pendingOf(m: ModelMember): ModelRequest[] {
    return [...this.requests.values()].filter((r) => r.member === m.name && r.status === "PENDING");
  }

  /** Whether a proposal may still be approved at `now` (the soak clock's ms). */
  live(p: ModelProposal, now: number): boolean {
    return p.status === "PENDING" && now < p.expiresAt;
  }

  /** The proposal a deposit's approval waits on, while it may still be approved; else null. */
  awaitingOf(r: ModelRequest, now: number): ModelProposal | null {
    const p = r.awaiting ? this.proposals.get(r.awaiting) : undefined;
    return p && this.live(p, now) ? p : null;
  }

  /**
   * A request leaves PENDING: an approval pays a hold out, a rejection or cancellation gives it back. A rejected
   * deposit takes the proposal its approval waited on with it (CANCELLED).
   */
  settle(r: ModelRequest, status: "APPROVED" | "REJECTED" | "CANCELLED", depositAmount?: string): void {
    const m = this.members.get(r.member)!;
    r.status = status;
    if (r.type === "DEPOSIT") {
      if (status === "APPROVED") this.move(m, depositAmount ?? "0", null, "holding");
      const p = r.awaiting ? this.proposals.get(r.awaiting) : undefined;
      if (status === "REJECTED" && p?.status === "PENDING") p.status = "CANCELLED";
      r.awaiting = null;
      return;
    }
    if (status === "APPROVED") this.move(m, r.total, "held", null);
    else this.move(m, r.total, "held", "staked");
  }

  /** A wallet reset or deactivation rejects the member's pending requests (deposits too on deactivation). */
  rejectPending(m: ModelMember, includeDeposits: boolean): void {
    for (const r of this.pendingOf(m)) if (includeDeposits || r.type !== "DEPOSIT") this.settle(r, "REJECTED");
  }

  /** One day's reward of a member: floor8(staked × rate / 36500), nothing below the minimum or when inactive. */
  rewardOf(m: ModelMember, ratePercent: string, minAmount: string): Dx {
    if (m.status !== "ACTIVE" || m.bal.staked.lt(minAmount) || m.bal.staked.lte(0)) return new Dx(0);
    return m.bal.staked.times(ratePercent).div(36500).round(8, Big.roundDown);
  }

  /** Differences between the model and balances read from the database ("" when equal). */
  diff(m: ModelMember, db: Record<Kind, string>): string {
    const bad = KINDS.filter((k) => !m.bal[k].eq(db[k] ?? "0"));
    return bad.map((k) => `${k}: model ${m.bal[k].toFixed()} db ${db[k] ?? "0"}`).join("; ");
  }
}

type DirectChange = { admin: number; member: string; amount: Dx; at: number };

/**
 * Four-eyes' rolling limit as the server must keep it: the balance changes administrators applied on their own
 * authority (a 200 credit or deposit approval), each at the soak clock's ms. Within any 24 hours neither an
 * administrator's nor a member's total may pass the limit. What a change must answer is exact only when no other
 * change by the same administrator was under way meanwhile (another worker's may land first): `begin`/`end` tell.
 */
export class RollingLimit {
  private changes: DirectChange[] = [];
  private started = new Map<number, number>();
  private finished = new Map<number, number>();

  constructor(
    readonly limit: Dx,
    readonly windowMs: number,
  ) {}

  record(c: DirectChange): void {
    this.changes.push(c);
  }

  private total(now: number, keep: (c: DirectChange) => boolean): Dx {
    return this.changes
      .filter((c) => c.at > now - this.windowMs && keep(c))
      .reduce((sum, c) => sum.plus(c.amount), new Dx(0));
  }

  adminTotal(admin: number, now: number): Dx {
    return this.total(now, (c) => c.admin === admin);
  }

  memberTotal(member: string, now: number): Dx {
    return this.total(now, (c) => c.member === member);
  }

  /** A change of `admin` starts; the token tells `end` whether another of theirs overlapped it. */
  begin(admin: number): { admin: number; started: number; finished: number } {
    const started = this.started.get(admin) ?? 0;
    this.started.set(admin, started + 1);
    return { admin, started, finished: this.finished.get(admin) ?? 0 };
  }

  /** The change has its answer: true when another change by the same administrator ran at the same time. */
  end(t: { admin: number; started: number; finished: number }): boolean {
    const finished = this.finished.get(t.admin) ?? 0;
    this.finished.set(t.admin, finished + 1);
    return t.finished < t.started || (this.started.get(t.admin) ?? 0) > t.started + 1;
  }

  /** Why the totals at `now` break the limit ("" when they do not). */
  violation(now: number): string {
    const over: string[] = [];
    for (const admin of new Set(this.changes.map((c) => c.admin))) {
      const t = this.adminTotal(admin, now);
      if (t.gt(this.limit)) over.push(`administrator ${admin} moved ${t.toFixed()} WLD alone in 24 hours`);
    }
    for (const member of new Set(this.changes.map((c) => c.member))) {
      const t = this.memberTotal(member, now);
      if (t.gt(this.limit)) over.push(`${member} was moved ${t.toFixed()} WLD by administrators alone in 24 hours`);
    }
    return over.join("; ");
  }
}
