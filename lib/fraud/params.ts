/**
 * The fraud rules' parameters (one row of fraud_rules each, migration 0028): their shapes, checked when compliance
 * changes them (PATCH /api/admin/fraud-rules/{key}) and read back the same way. Client-safe (the rules screen's
 * fields). Amounts are decimal strings; a threshold set to null is off.
 */
import { z } from "zod";

export const FRAUD_RULES = ["new_device_new_address", "drain_after_password_change", "referral_burst"] as const;
export type FraudRuleKey = (typeof FRAUD_RULES)[number];

const decimal = z.string().regex(/^(0|[1-9]\d{0,15})(\.\d{1,18})?$/);
const whole = (max: number) => z.number().int().min(1).max(max);

export const RULE_PARAMS = {
  /** (a) a new device's login and a new payout address both within windowHours, and an amount over a threshold. */
  new_device_new_address: z
    .object({
      windowHours: whole(24 * 30),
      /** Over this KRW value (amount × the request's price); null: off. */
      minAmountKrw: decimal.nullable(),
      /** Over this many coins; null: off. */
      minAmountWld: decimal.nullable(),
    })
    .strict()
    .refine((p) => p.minAmountKrw !== null || p.minAmountWld !== null, { path: ["minAmountKrw"] }),
  /** (b) a request for more than balanceShare of the member's coins within windowMinutes of a password change. */
  drain_after_password_change: z
    .object({
      windowMinutes: whole(60 * 24 * 30),
      /** A share between 0 and 1 ("0.9": more than 90 %). */
      balanceShare: decimal.refine((v) => Number(v) > 0 && Number(v) <= 1),
    })
    .strict(),
  /** (c) `count` sign-ups through one referral code from one client address within windowMinutes. */
  referral_burst: z
    .object({
      count: z.number().int().min(2).max(1000),
      windowMinutes: whole(60 * 24 * 7),
    })
    .strict(),
} satisfies Record<FraudRuleKey, z.ZodType>;

export const isFraudRuleKey = (key: string): key is FraudRuleKey => (FRAUD_RULES as readonly string[]).includes(key);
