/**
 * Money parsing and formatting. Decimal strings in, decimal strings out; never a JavaScript float.
 * `D` is the app's one decimal constructor (big.js, set up in lib/money-text.ts): plus, minus and times are exact;
 * div keeps 60 decimals, cut toward zero, and every quotient is cut or rounded to the coin's places after it;
 * round(dp, rm) and toFixed(dp, rm) cut toward zero unless given D.roundHalfUp; toString never writes an
 * exponent for amounts (plain from 1e-39 to 1e59). Parsing is strict: garbage, NaN and Infinity throw.
 */
import { Fixed, formatDecimal, placesOf } from "./money-text";

export const D = Fixed;
/** An exact decimal: numeric(38,18) values and their intermediate products. */
export type Dec = Fixed;

export const COIN_DECIMALS = 18;
export const ZERO = new D(0);

const PLAIN = /^-?(0|[1-9]\d{0,19})(\.\d+)?$/;

/** A double holds any decimal of up to 15 significant digits exactly enough to print it back (DBL_DIG). */
export const MAX_JSON_DIGITS = 15;

/** Significant digits of a plain decimal: leading zeros and trailing zeros after the point do not count. */
function significantDigits(text: string): number {
  const [int = "", frac = ""] = text.replace(/^-/, "").split(".");
  return (int + frac.replace(/0+$/, "")).replace(/^0+/, "").length;
}

/**
 * The rule for a JSON number, judged by the text the client sent (before JSON.parse rounds it): a plain
 * decimal (no exponent) of at most 15 significant digits whose double prints back as the same decimal.
 * `1e1`, `5.0000000000000001` and 20-digit integers fail; so do values that overflow or underflow.
 */
export function isExactJsonNumber(text: string): boolean {
  if (!/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text) || significantDigits(text) > MAX_JSON_DIGITS) return false;
  const n = Number(text);
  return Number.isFinite(n) && new D(n).eq(new D(text));
}

/**
 * Strict parse of an amount from a request body: a JSON number or a plain decimal string.
 * No exponents, hex, whitespace, plus signs, NaN or Infinity; at most `decimals` decimals.
 * Returns null when the value is not acceptable.
 */
export function parseAmount(value: unknown, decimals = COIN_DECIMALS, allowNegative = false): Dec | null {
  let text: string;
  if (typeof value === "number") {
    // Bodies judge a JSON number by its source text (lib/http/body.ts); here the value itself must still be
    // one a client could have written exactly: finite, at most 15 significant digits.
    if (!Number.isFinite(value)) return null;
    text = new D(value === 0 ? 0 : value).toFixed(); // -0 is 0
    if (significantDigits(text) > MAX_JSON_DIGITS) return null;
  } else if (typeof value === "string") {
    text = value;
  } else {
    return null;
  }
  if (!PLAIN.test(text)) return null;
  if (!allowNegative && text.startsWith("-")) return null;
  const frac = text.split(".")[1];
  if (frac && frac.length > decimals) return null;
  const d = new D(text);
  return d.s < 0 && d.eq(0) ? ZERO : d; // "-0" is 0
}

/** Canonical decimal string: no exponent, no trailing zeros ("12.500" → "12.5"). */
export function toDecimalString(value: Dec | string | number): string {
  return dec(value).toFixed();
}

/** Whether a value is one of D's decimals (a big.js number made by another constructor divides by its own rules). */
export function isDec(value: unknown): value is Dec {
  return value instanceof D && value.constructor === D;
}

export function dec(value: Dec | string | number): Dec {
  return isDec(value) ? value : new D(value);
}

/** Decimal places a value is written with, trailing zeros dropped ("12.50" → 1). */
export const decimalPlaces = (value: Dec): number => placesOf(value);

/** The larger of two amounts. */
export function maxDec(a: Dec | string | number, b: Dec | string | number): Dec {
  const x = dec(a);
  const y = dec(b);
  return x.gte(y) ? x : y;
}

/** Round down (toward zero) to `places` decimals, as fees and spendable maxima require. */
export function floorTo(value: Dec | string, places: number): Dec {
  return dec(value).round(places, D.roundDown);
}

export function roundTo(value: Dec | string, places: number): Dec {
  return dec(value).round(places, D.roundHalfUp);
}

/**
 * Group digits for display; the string is cut, never rounded up. The browser's pages format with the same
 * code (lib/money-text.ts).
 */
export function formatAmount(value: Dec | string, maxDecimals: number, locale = "ko-KR"): string {
  return formatDecimal(dec(value).toFixed(), maxDecimals, locale);
}

export const formatKrw = (value: Dec | string, locale = "ko-KR") => formatAmount(value, 0, locale);
export const formatWld = (value: Dec | string, detail = false, locale = "ko-KR") =>
  formatAmount(value, detail ? 8 : 2, locale);

/** Every digit the amount has (up to the coin's 18 decimals), grouped: the "full figure" behind a 2-decimal summary. */
export const formatWldFull = (value: Dec | string, locale = "ko-KR") => formatAmount(value, COIN_DECIMALS, locale);

/** The direction of a change figure: Korean market colours read "up" as red and "down" as blue in every language. */
export function changeTone(value: Dec | string | number): "up" | "down" | "flat" {
  const d = dec(value);
  return d.eq(0) ? "flat" : d.lt(0) ? "down" : "up";
}
