/**
 * Kept apart from lib/money-text.ts so that a page which never shows a KRW value of an amount (the wallet's first
 * load, at its budget) does not download it.
 */
import { FIXED_ZERO, type Fixed, parseDecimal } from "./money-text";

const ROUND_DOWN = 0;

/**
 * The one KRW rule of the app (member screens, the console, the server's request KRW value): a coin amount's
 * KRW value is amount × KRW price cut toward zero to whole won (₩16,495.9 → ₩16,495), never rounded up. Every
 * screen that shows a KRW value computes it here or in SQL as `trunc(amount * price)` (db/queries/admin-requests.ts).
 */
export function krwValueOf(amount: Fixed | string | number, priceKrw: Fixed | string | number): Fixed {
  const a = typeof amount === "object" ? amount : (parseDecimal(amount) ?? FIXED_ZERO);
  const p = typeof priceKrw === "object" ? priceKrw : (parseDecimal(priceKrw) ?? FIXED_ZERO);
  return a.times(p).round(0, ROUND_DOWN);
}
