/**
 * What the member sees before confirming a transfer, withdraw or buy, and on its receipt:
 * the figures of the review step, the destination split into network, exchange and a shortened address,
 * the Travel Rule's recipient details and when they are asked, the buy preview, and whether the protected lock has ended. Pure and client-safe (no server imports): the
 * server applies the same rules again (lib/wallet/fees.ts, ./deposit-quotes.ts) and its answer is what counts.
 * Table tests: tests/unit/wallet-review.test.ts.
 */
import { DEPOSIT_DECIMALS } from "@/lib/constants";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { D, type Dec, floorTo } from "@/lib/money";
import type { Relationship } from "@/lib/travel-rule/fields";
import { transferFeeFor } from "./fees";

/** `personal`: a personal wallet (`NETWORK|PERSONAL|0x…`), shown as 개인 지갑 rather than an exchange name. */
export type Destination = { network: string; exchange: string; address: string; short: string; personal: boolean };

/** "0x1234abcd…ef56" → "0x12ab…cdef": the first 4 characters after 0x and the last 4; short text stays whole. */
export function shortenAddress(address: string, head = 4, tail = 4): string {
  const a = address.trim();
  const prefix = /^0x/i.test(a) ? a.slice(0, 2) : "";
  const body = a.slice(prefix.length);
  if (body.length <= head + tail + 1) return a;
  return `${prefix}${body.slice(0, head)}…${body.slice(-tail)}`;
}

/** The stored wallet address text `NETWORK|EXCHANGE|ADDRESS` split for display; null without one. */
export function splitWalletAddr(walletAddr: string | null | undefined): Destination | null {
  if (!walletAddr?.trim()) return null;
  const parts = walletAddr.split("|").map((p) => p.trim());
  // Older formats (holder|bank|account) or a bare address: show what there is, the last part as the address.
  const address = parts.at(-1) ?? "";
  const network = parts.length >= 3 ? (parts[0] ?? "") : "";
  const exchange = parts.length >= 3 ? (parts[1] ?? "") : parts.length === 2 ? (parts[0] ?? "") : "";
  return {
    network,
    exchange,
    address,
    short: shortenAddress(address),
    personal: exchange.toUpperCase() === PERSONAL_EXCHANGE,
  };
}

export type SendReview = {
  /** What arrives at the destination (the amount the member entered): `받는 수량`. */
  receive: Dec;
  fee: Dec;
  /** Taken from the staked balance: receive + fee. */
  total: Dec;
  /** The staked balance after the hold; never below zero in a valid review. */
  remaining: Dec;
  /** KRW figures, whole won (cut, never rounded up); null without a price to show. */
  receiveKrw: Dec | null;
  feeKrw: Dec | null;
  totalKrw: Dec | null;
  /** KRW figures come from a price that is stale or not trusted: say they are estimates. */
  estimate: boolean;
  destination: Destination | null;
};

/**
 * The review of a TRANSFER or WITHDRAW: `amount` is what the member entered (what should arrive), the server
 * adds the fee of the wallet's network and takes amount + fee from the staked balance (DESIGN.md, "Contract details").
 */
export function sendReview(args: {
  amount: Dec | string;
  walletAddr: string | null | undefined;
  staked: Dec | string;
  priceKrw?: Dec | null;
  priceStale?: boolean;
  priceTrusted?: boolean;
}): SendReview {
  const receive = new D(args.amount);
  const fee = new D(transferFeeFor(args.walletAddr));
  const total = receive.add(fee);
  const trusted = args.priceTrusted !== false;
  const price = args.priceKrw && trusted ? args.priceKrw : null;
  const krw = (v: Dec) => (price ? floorTo(v.mul(price), 0) : null);
  const left = new D(args.staked).sub(total);
  return {
    receive,
    fee,
    total,
    remaining: left.lte(0) ? new D(0) : left,
    receiveKrw: krw(receive),
    feeKrw: krw(fee),
    totalKrw: krw(total),
    estimate: args.priceStale === true || !trusted,
    destination: splitWalletAddr(args.walletAddr),
  };
}

/** The Travel Rule's recipient details (POST /api/transfer-requests `travelRule`) as the member fills them. */
export type TravelRuleForm = { recipientName: string; selfOwned: boolean; relationship: Relationship | "" };
export type TravelRuleBody = { recipientName: string; selfOwned: boolean; relationship?: Relationship };

export const EMPTY_TRAVEL_RULE: TravelRuleForm = { recipientName: "", selfOwned: false, relationship: "" };

/**
 * Whether `amount` WLD at `priceKrw` reaches the Travel Rule's threshold (whole KRW; "0": every amount), as the
 * server judges it at the request's price. Without a price or a threshold it is not judged here: the server's
 * 400 TRAVEL_RULE_REQUIRED then brings the member to the fields.
 */
export function travelRuleApplies(amount: Dec, priceKrw: Dec | null | undefined, thresholdKrw: string | undefined) {
  if (thresholdKrw === undefined) return false;
  const threshold = new D(thresholdKrw);
  if (threshold.lte(0)) return true;
  return !!priceKrw && amount.mul(priceKrw).gte(threshold);
}

/** The request's `travelRule`: the relationship only for someone other than the member. */
export function travelRuleBody(form: TravelRuleForm): TravelRuleBody {
  const recipientName = form.recipientName.trim();
  if (form.selfOwned || !form.relationship) return { recipientName, selfOwned: form.selfOwned };
  return { recipientName, selfOwned: false, relationship: form.relationship };
}

export type BuyCheck = "empty" | "invalid" | "tooSmall" | "ok";

const WHOLE_WON = /^[1-9]\d{0,14}$/;

/** A KRW amount for a buy: whole won above 0 whose coin amount at `priceKrw` is not zero at 6 decimals. */
export function checkBuyAmount(text: string, priceKrw: Dec | null): BuyCheck {
  const v = text.trim().replace(/,/g, "");
  if (!v) return "empty";
  if (!WHOLE_WON.test(v)) return "invalid";
  if (priceKrw && buyPreview(v, priceKrw).eq(0)) return "tooSmall";
  return "ok";
}

/** KRW → coin units at 6 decimals, rounded down: the server's conversion (./deposit-quotes.ts) for the preview. */
export function buyPreview(krwAmount: Dec | string, priceKrw: Dec | string): Dec {
  const price = new D(priceKrw);
  if (!price.gt(0)) return new D(0);
  return floorTo(new D(krwAmount).div(price), DEPOSIT_DECIMALS);
}

/** The KRW text as the server takes it (no grouping commas). */
export const plainKrw = (text: string) => text.trim().replace(/,/g, "");

/**
 * How a history row reads: coins in (+, red) or out (−, blue), or a move between the member's own
 * accounts — a swap (a positive STAKING row) is holding → protected lock, a negative one the way back — shown
 * without a sign, since no coins came or went.
 */
export function historyRowKind(type: string, amount: string): "in" | "out" | "toLock" | "fromLock" {
  const negative = amount.trim().startsWith("-") && !new D(amount).eq(0);
  if (type === "STAKING") return negative ? "fromLock" : "toLock";
  if (type === "WITHDRAW" || type === "TRANSFER") return "out";
  return negative ? "out" : "in";
}
