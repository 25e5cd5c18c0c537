/**
 * Decimal text for the browser: read, add, multiply and format decimal strings with big.js (a well-kept decimal
 * library of 3 kB; no float). It is the app's one decimal library: lib/money.ts (the server's money, lib/ledger)
 * builds on the constructor below and formats through formatDecimal, so the server and the browser compute and
 * print money one way, and the member pages' first load stays small.
 */
import BigJs, { type Big } from "big.js";

/** An exact decimal value (a big.js number). */
export type Fixed = Big;

/**
 * Our own big.js constructor (the global Big is never changed): divisions keep 60 decimals and cut toward zero;
 * toString writes plain digits from 1e-39 to 1e59. Numbers are accepted (big.js's default, not strict).
 */
export const Fixed = BigJs();
Fixed.DP = 60;
Fixed.RM = 0; // roundDown (toward zero)
Fixed.NE = -40;
Fixed.PE = 60;

const ROUND_DOWN = 0;

export const FIXED_ZERO: Fixed = new Fixed(0);

/** Every decimal a coin amount may have (numeric(38,18)); lib/money.ts COIN_DECIMALS. */
export const COIN_DECIMALS_TEXT = 18;

/**
 * A decimal string ("1234.5", "-0.000001", "1.5e-7") or a JSON number as a Fixed, or null when it is not a
 * finite decimal. Numbers are read from their shortest round-trip text (what `String(n)` prints), the same
 * digits the server wrote into the JSON.
 */
export function parseDecimal(value: string | number | null | undefined): Fixed | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const text = String(value).trim().replace(/^\+/, "");
  if (!/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const exp = /e([+-]?\d+)$/i.exec(text);
  if (exp && Math.abs(Number(exp[1])) > 400) return null;
  try {
    return new Fixed(text);
  } catch {
    return null;
  }
}

export const addFixed = (a: Fixed, b: Fixed): Fixed => a.plus(b);
export const subFixed = (a: Fixed, b: Fixed): Fixed => a.minus(b);
export const mulFixed = (a: Fixed, b: Fixed): Fixed => a.times(b);

/** Decimal places a value is written with ("12.50" → 1: big.js drops trailing zeros). */
export const placesOf = (a: Fixed) => Math.max(0, a.c.length - a.e - 1);

/** a × n ÷ d for small integers n, d (d > 0), cut toward zero at `extra` more decimals than a has. */
export function mulDivFixed(a: Fixed, n: number, d: number, extra = 0): Fixed {
  return a
    .times(n)
    .div(d)
    .round(placesOf(a) + extra, ROUND_DOWN);
}

export const isZeroFixed = (a: Fixed) => a.eq(0);

/** Plain decimal text without trailing zeros ("12.50" → "12.5"); never an exponent, never "-0". */
export function fixedText(a: Fixed): string {
  return a.eq(0) ? "0" : a.toFixed();
}

/**
 * Digits grouped for the locale, at most `maxDecimals` decimals, cut toward zero (never rounded up), trailing
 * zeros dropped: (1234.5678, 2) → "1,234.56". Text that is not a decimal prints as "0".
 */
export function formatDecimal(value: Fixed | string | number, maxDecimals: number, locale = "ko-KR"): string {
  const f = typeof value === "object" ? value : (parseDecimal(value) ?? FIXED_ZERO);
  const cut = f.round(Math.max(0, maxDecimals), ROUND_DOWN);
  if (cut.eq(0)) return "0";
  const text = cut.toFixed();
  const neg = text.startsWith("-");
  const [int = "0", frac = ""] = (neg ? text.slice(1) : text).split(".");
  // Grouping is formatting only: the digits are big.js's, BigInt just prints them the locale's way.
  const grouped = BigInt(int).toLocaleString(locale);
  return `${neg ? "-" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

/** KRW as cards show it: whole won, grouped (cut toward zero, like every figure here). */
export const formatKrwText = (value: Fixed | string | number, locale = "ko-KR") => formatDecimal(value, 0, locale);

/** WLD with up to 2 decimals (summaries) or 8 (details). */
export const formatWldText = (value: Fixed | string | number, detail = false, locale = "ko-KR") =>
  formatDecimal(value, detail ? 8 : 2, locale);
