/**
 * The Travel Rule on the request side (SECURITY.md J43; the Act on Reporting and Using Specified Financial Transaction
 * Information): a transfer or withdrawal worth TRAVEL_RULE_THRESHOLD_KRW or more at the request's KRW price
 * (default ₩1,000,000; "0": every amount, as Bithumb does) carries the recipient's details, or is refused with
 * 400 TRAVEL_RULE_REQUIRED naming what is missing before anything is written. Such a request stores its record
 * (travel_rule_records, with its IVMS 101 payload from ./ivms) in the statement that opens it
 * (transfer_request_open, db/migrations/0018); below the threshold nothing is asked and nothing is stored.
 * Money arithmetic: exact decimals (lib/money.ts).
 */
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { D, type Dec, formatKrw } from "@/lib/money";
import { type TravelRuleDetails, type TravelRuleInput, travelRuleDetailsOf } from "./fields";
import { buildIvms101, type Ivms101Record } from "./ivms";

/** The threshold in whole KRW (decimal string). */
export const travelRuleThresholdKrw = (): string => new D(env().TRAVEL_RULE_THRESHOLD_KRW).toFixed(0);

/** The KRW value of `amount` at `priceKrw` when it reaches the threshold, else null (no price: not judged here —
 * the request is refused 503 PRICE_UNAVAILABLE anyway). */
function valueAtOrAbove(amount: Dec, priceKrw: string | null): Dec | null {
  if (!priceKrw) return null;
  const krw = amount.times(priceKrw);
  return krw.gte(travelRuleThresholdKrw()) ? krw : null;
}

/** A request at or above the threshold: the recipient's details, its KRW value, and the sender. */
export type TravelRuleClaim = {
  details: TravelRuleDetails;
  amountKrw: Dec;
  originator: { name: string; memberNumber: string };
};

/** What a request needs from the Travel Rule: nothing (null), or its complete details and KRW value; 400
 * TRAVEL_RULE_REQUIRED { missing, thresholdKrw } when a field is missing. Reads no row. */
export function travelRuleOf(
  amount: Dec,
  priceKrw: string | null,
  input: TravelRuleInput | undefined,
): Omit<TravelRuleClaim, "originator"> | null {
  const amountKrw = valueAtOrAbove(amount, priceKrw);
  if (!amountKrw) return null;
  const judged = travelRuleDetailsOf(input);
  if ("missing" in judged)
    throw new AppError("TRAVEL_RULE_REQUIRED", {
      missing: judged.missing,
      thresholdKrw: travelRuleThresholdKrw(),
      thresholdKrwText: formatKrw(travelRuleThresholdKrw()),
    });
  return { amountKrw, details: judged.details };
}

/** The travel_rule_records row transfer_request_open stores with the request (its p_travel_rule, as JSON): the
 * network, exchange and address it takes from the member's locked row, which is `walletAddr` when it runs. */
export type TravelRuleRecord = {
  thresholdKrw: string;
  /** Whole KRW, rounded down (a value at the threshold stays at it). */
  amountKrw: string;
  beneficiaryName: string;
  selfOwned: boolean;
  relationship: string | null;
  ivms101: Ivms101Record;
};

export function travelRuleRecord(claim: TravelRuleClaim, walletAddr: string): TravelRuleRecord {
  const [, exchange = "", address = ""] = walletAddr.split("|");
  const { details } = claim;
  return {
    thresholdKrw: travelRuleThresholdKrw(),
    amountKrw: claim.amountKrw.toFixed(0, D.roundDown),
    beneficiaryName: details.recipientName,
    selfOwned: details.selfOwned,
    relationship: details.relationship,
    ivms101: buildIvms101({
      originator: claim.originator,
      beneficiaryName: details.recipientName,
      operatorName: env().OPERATOR_NAME,
      exchange: exchange.toUpperCase() === PERSONAL_EXCHANGE ? null : exchange,
      address,
    }),
  };
}
