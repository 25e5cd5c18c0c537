/**
 * Input schemas of the staking calls. Amounts and rates accept JSON numbers or plain decimal strings
 * (lib/money parseAmount); coin and action values are matched case-insensitively (DESIGN.md, "Contract details").
 */
import { z } from "zod";
import { COINS } from "@/db/schema";
import { hasControlChars, isSingleLine } from "@/lib/http/body";
import { AppError } from "@/lib/errors";
import { isDay } from "@/lib/kst-day";
import { adminAmount, amountValue } from "./amount";
import { reasonField } from "./proposals";

/** An annual rate in percent: 0 or more, up to 6 decimals (numeric(12,6)), at most 1000 %. */
export const rateValue = () => amountValue({ decimals: 6, allowZero: true, max: "1000" });

const ci = <T extends string>(values: readonly [T, ...T[]], upper = true) =>
  z
    .string({ message: "VALIDATION" })
    .transform((s) => (upper ? s.trim().toUpperCase() : s.trim().toLowerCase()))
    .pipe(z.enum(values as unknown as [T, ...T[]], { message: "VALIDATION" }));

export const coinValue = () => ci(COINS);

/** PATCH /api/admin/users/{id}/staking-rate */
export const stakingRateSchema = z.object({
  coinSymbol: coinValue().default("WLD"),
  rate: rateValue(),
  /** Four-eyes: every rate change is a proposal with a reason (lib/admin/proposals.ts). */
  reason: reasonField(),
});

/** PATCH /api/admin/users/{id}/interest */
export const interestSchema = z.object({
  amount: adminAmount(),
  action: ci(["deposit", "withdraw"], false),
  reason: reasonField(),
});

/** PATCH /api/admin/users/{id}/staking */
export const stakingWithdrawSchema = z.object({
  symbol: coinValue().default("WLD"),
  amount: adminAmount(),
  action: ci(["withdraw"], false),
  reason: reasonField(),
});

const lockEnd = z.iso.datetime({ offset: true, message: "VALIDATION" }).transform((s) => new Date(s));
const productFields = {
  coinSymbol: coinValue(),
  name: z
    .string({ message: "PRODUCT_NAME_REQUIRED" })
    .trim()
    .min(1, "PRODUCT_NAME_REQUIRED")
    .max(100, "VALIDATION")
    .refine(isSingleLine, "INVALID_CHARACTERS"),
  annualRate: rateValue(),
  lockEnd: lockEnd.nullable(),
  lockDays: z
    .number({ message: "VALIDATION" })
    .int("VALIDATION")
    .min(0, "VALIDATION")
    .max(36500, "VALIDATION")
    .nullable(),
  minAmount: adminAmount({ allowZero: true }),
  active: z.boolean({ message: "VALIDATION" }),
};
const oneLock = (p: { lockEnd?: Date | null; lockDays?: number | null }) => !(p.lockEnd && p.lockDays != null);

/** POST /api/admin/staking-products: lock end OR lock days (or neither: the protected-lock date applies). */
export const createProductSchema = z
  .object({
    ...productFields,
    lockEnd: productFields.lockEnd.optional(),
    lockDays: productFields.lockDays.optional(),
    minAmount: productFields.minAmount.optional(),
    active: productFields.active.default(true),
    /** Four-eyes: a new product that raises a rate in force is a proposal with a reason (lib/admin/proposals.ts). */
    reason: reasonField(),
  })
  .refine(oneLock, { message: "VALIDATION", path: ["lockDays"] });

/** PATCH /api/admin/staking-products/{id}: any subset of the fields. */
export const updateProductSchema = z
  .object({
    coinSymbol: productFields.coinSymbol.optional(),
    name: productFields.name.optional(),
    annualRate: productFields.annualRate.optional(),
    lockEnd: productFields.lockEnd.optional(),
    lockDays: productFields.lockDays.optional(),
    minAmount: productFields.minAmount.optional(),
    active: productFields.active.optional(),
    /** Four-eyes: a rate change, or any change that raises a rate in force, is a proposal with a reason. */
    reason: reasonField(),
  })
  .refine(oneLock, { message: "VALIDATION", path: ["lockDays"] });

/** POST /api/cron/accrue: an optional KST day that has ended. */
export const accrueSchema = z.object({
  date: z
    .string({ message: "VALIDATION" })
    .refine((d) => isDay(d), { message: "VALIDATION" })
    .optional(),
});

/** ?page&limit for admin lists. A control character in any parameter of the list → 400 INVALID_CHARACTERS. */
export function pageQuery(params: URLSearchParams, defaults = { limit: 20, max: 100 }) {
  for (const [k, v] of params)
    if (hasControlChars(k) || hasControlChars(v)) throw new AppError("INVALID_CHARACTERS", { field: "query" });
  const int = (v: string | null, d: number) => (v && /^\d{1,6}$/.test(v) ? Number(v) : d);
  const page = Math.max(1, int(params.get("page"), 1));
  const limit = Math.min(defaults.max, Math.max(1, int(params.get("limit"), defaults.limit)));
  return { page, limit, offset: (page - 1) * limit };
}
