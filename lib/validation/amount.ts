/**
 * The one amount field of every input schema. Amounts accept JSON numbers (judged by their source text,
 * lib/http/body.ts) or plain decimal strings, parsed strictly by lib/money parseAmount.
 */
import { z } from "zod";
import { COIN_DECIMALS, type Dec, parseAmount } from "@/lib/money";

/**
 * The most an administrator can credit, debit or set in one operation. Far below numeric(38,18)'s
 * 10^20, so no sequence of admin operations can push an account to the column limit by accident.
 */
export const ADMIN_AMOUNT_MAX = "1000000000000";

/**
 * An amount with at most `decimals` decimals, above zero (≥ 0 with allowZero) → Dec; else 400
 * INVALID_AMOUNT. Above `cap` (an operation limit) → 400 AMOUNT_TOO_LARGE; above `max` (a domain rule,
 * such as a rate's 1000 %) → INVALID_AMOUNT.
 */
export const amountValue = (opts: { decimals?: number; allowZero?: boolean; max?: string; cap?: string } = {}) =>
  z.unknown().transform((v, ctx): Dec => {
    const d = parseAmount(v, opts.decimals ?? COIN_DECIMALS);
    const bad = !d || d.lt(0) || (!opts.allowZero && d.eq(0)) || (opts.max !== undefined && d.gt(opts.max));
    if (bad || !d) {
      ctx.addIssue({ code: "custom", message: "INVALID_AMOUNT" });
      return z.NEVER;
    }
    if (opts.cap !== undefined && d.gt(opts.cap)) {
      ctx.addIssue({ code: "custom", message: "AMOUNT_TOO_LARGE" });
      return z.NEVER;
    }
    return d;
  });

/** An amount an administrator enters: above zero, at most ADMIN_AMOUNT_MAX. */
export const adminAmount = (opts: { decimals?: number; allowZero?: boolean } = {}) =>
  amountValue({ ...opts, cap: ADMIN_AMOUNT_MAX });
