/**
 * What every soak member's WLD balances should be. Changed ONLY from the app's answers: a 2xx swap of x moves
 * x, a refused one nothing; a transfer/withdraw request holds its total (amount + fee) from staked; approval pays
 * the hold out, rejection and cancellation give it back; a proposal moves nothing until it is approved; a reward
 * run pays floor8(staked × rate / 36500) to every ACTIVE member staking at least the product's minimum.
 * Exact decimals (decimal.js), never JS numbers.
 */
import Decimal from "decimal.js";

export const Dx = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 60 });
export type Dx = InstanceType<typeof Dx>;

export const KINDS = ["holding", "staked", "held", "rewards"] as const;
export type Kind = (typeof KINDS)[number];
export type Balances = Record<Kind, Dx>;

export type ModelRequest = {
  key: string;
  id: number;
  member: string;
  type: "TRANSFER" | "WITHDRAW" | "DEPOSIT";
  total: Dx;
  status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
};

export type ModelProposal = {
  key: string;
  id: number;
  member: string;
  amount: Dx;
  proposer: number;
  status: "PENDING" | "APPROVED" | "REJECTED";
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

  /** A request leaves PENDING: an approval pays a hold out, a rejection or cancellation gives it back. */
  settle(r: ModelRequest, status: "APPROVED" | "REJECTED" | "CANCELLED", depositAmount?: string): void {
    const m = this.members.get(r.member)!;
    r.status = status;
    if (r.type === "DEPOSIT") {
      if (status === "APPROVED") this.move(m, depositAmount ?? "0", null, "holding");
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
    return m.bal.staked.times(ratePercent).div(36500).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  }

  /** Differences between the model and balances read from the database ("" when equal). */
  diff(m: ModelMember, db: Record<Kind, string>): string {
    const bad = KINDS.filter((k) => !m.bal[k].eq(db[k] ?? "0"));
    return bad.map((k) => `${k}: model ${m.bal[k].toFixed()} db ${db[k] ?? "0"}`).join("; ");
  }
}
