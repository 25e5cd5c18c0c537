/**
 * What each four-eyes proposal kind stores (proposals.payload, jsonb), as one zod schema per kind. A proposal is
 * checked against its kind's schema when it is made (./proposals.ts propose) and again when its payload is read
 * back to be applied (./proposal-decisions.ts): a row changed in the database since — by hand, or by anyone who
 * reached it — is refused with 409 PROPOSAL_PAYLOAD_INVALID and nothing of it is applied. Amounts, rates and limits
 * are decimal strings that must pass the same rule as the route's input (lib/validation/amount.ts).
 */
import { z } from "zod";
import { COINS, DESTINATION_KINDS, TRAVEL_RULE_PARTNERS } from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { NETWORKS } from "@/lib/exchanges";
import { adminAmount } from "@/lib/validation/amount";
import { rateValue } from "@/lib/validation/staking";
import type { ProposalKind } from "./proposal-kinds";

/** Decimal text that `rule` (an input amount schema) accepts; it stays text. */
const textPassing = (rule: z.ZodType) => z.string().refine((s) => rule.safeParse(s).success);
/** Decimal text as the database or lib/money writes it (no sign, no exponent). */
const decimalText = z.string().regex(/^\d+(\.\d+)?$/);
const coin = z.enum(COINS);
const role = z.enum(ROLES);
const isoTime = z.iso.datetime({ offset: true });
const adminMoney = textPassing(adminAmount());
const rate = textPassing(rateValue());

const productFields = {
  coinSymbol: coin,
  name: z.string().min(1),
  annualRate: rate,
  lockEnd: isoTime.nullable(),
  lockDays: z.number().int().min(0).nullable(),
  minAmount: textPassing(adminAmount({ allowZero: true })),
  active: z.boolean(),
};

const SCHEMAS = {
  coin: z.object({ symbol: coin, amount: adminMoney, action: z.literal("DEPOSIT") }),
  coinunhist: z.object({ symbol: coin, amount: adminMoney, action: z.enum(["DEPOSIT", "WITHDRAW"]) }),
  interest: z.object({ amount: adminMoney, action: z.enum(["deposit", "withdraw"]) }),
  staking: z.object({ symbol: coin, amount: adminMoney, action: z.literal("withdraw") }),
  member_rate: z.object({ coinSymbol: coin, rate, before: decimalText.nullable() }),
  /**
   * The whole product change waits (lockEnd as ISO text): a new rate, or a change that raises a rate in force
   * (activating it, a lower minimum, …). `before` is the product's rate when proposed.
   */
  product_rate: z.object({
    productId: z.number().int().positive(),
    productName: z.string(),
    before: decimalText,
    patch: z.object({
      coinSymbol: coin.optional(),
      name: productFields.name.optional(),
      annualRate: rate.optional(),
      lockEnd: productFields.lockEnd.optional(),
      lockDays: productFields.lockDays.optional(),
      minAmount: productFields.minAmount.optional(),
      active: z.boolean().optional(),
    }),
  }),
  /** KRW per day, a whole number as text, or null: back to the configured default. */
  withdraw_limit: z.object({ limitKrw: textPassing(adminAmount({ decimals: 0, allowZero: true })).nullable() }),
  /**
   * A member's KRW deposit (buy) request approved above the limit: the request, the KRW, and the WLD that the
   * second approval credits (valued at the first approval's price). `repriced`: an EXPIRED deposit approved with
   * the KRW received (`krw`), converted at a fresh `price`; the request takes these figures when it is credited.
   * `krw` is always the KRW received; `bankLineId` the bank statement line that paid it, when one did.
   */
  deposit: z.object({
    requestId: z.number().int().positive(),
    krw: decimalText,
    amount: decimalText,
    symbol: coin,
    price: decimalText,
    repriced: z.boolean(),
    bankLineId: z.number().int().positive().optional(),
  }),
  /**
   * Granting (or changing to) a console role — staff or administrator; `before` is the role when proposed (that the
   * role is a console one is checked again where it is applied, lib/auth/account-proposals.ts).
   */
  role: z.object({ role, before: role }),
  /** Resetting another administrator's password (the temporary password is made at approval, shown to the approver). */
  password_reset: z.object({ targetRole: role }),
  /** Turning another administrator's two-factor off. */
  two_factor_reset: z.object({ targetRole: role }),
  /** A new staking product whose rate would be in force (decimal strings, lockEnd as ISO text). */
  product_create: z.object({ product: z.object(productFields) }),
  /** Allowing a blocked destination, with the rest of the change asked for with it (lib/destinations/admin.ts). */
  destination_unblock: z.object({
    destinationId: z.number().int().positive(),
    name: z.string().min(1),
    patch: z.object({
      networks: z.array(z.enum(NETWORKS)).optional(),
      kind: z.enum(DESTINATION_KINDS).optional(),
      travelRulePartner: z.enum(TRAVEL_RULE_PARTNERS).nullable().optional(),
      memo: z.string().nullable().optional(),
    }),
  }),
  /** Lifting the member's account freeze: the freeze it lifts (lib/account/freeze.ts). */
  account_unfreeze: z.object({ frozenAt: isoTime }),
};

/** What each kind asks for; amounts and rates are decimal strings. */
export type Payloads = { [K in ProposalKind]: z.infer<(typeof SCHEMAS)[K]> };

/** Each kind's schema, typed by kind so that a payload checked with its kind's schema is that kind's payload. */
const PAYLOAD_SCHEMAS: { [K in ProposalKind]: z.ZodType<Payloads[K]> } = SCHEMAS;

/** `stored` checked against `kind`'s schema: the payload, or null when it is not one. */
export function storedPayload<K extends ProposalKind>(kind: K, stored: unknown): Payloads[K] | null {
  const parsed = PAYLOAD_SCHEMAS[kind].safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** `stored` checked against `kind`'s schema, or 409 PROPOSAL_PAYLOAD_INVALID (nothing of it is applied). */
export function payloadOf<K extends ProposalKind>(kind: K, stored: unknown): Payloads[K] {
  const payload = storedPayload(kind, stored);
  if (payload === null) throw new AppError("PROPOSAL_PAYLOAD_INVALID", { kind });
  return payload;
}
