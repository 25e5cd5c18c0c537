/**
 * Money parsing and formatting. Decimal strings in, decimal strings out; never a JavaScript float.
 */
import Decimal from "decimal.js";

// 38 significant digits covers numeric(38,18); more precision only for intermediate products.
export const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 60 });
export type Dec = InstanceType<typeof D>;

export const COIN_DECIMALS = 18;
export const ZERO = new D(0);

const PLAIN = /^-?(0|[1-9]\d{0,19})(\.\d+)?$/;

/**
 * Strict parse of an amount from a request body: a JSON number or a plain decimal string.
 * No exponents, hex, whitespace, plus signs, NaN or Infinity; at most `decimals` decimals.
 * Returns null when the value is not acceptable.
 */
export function parseAmount(value: unknown, decimals = COIN_DECIMALS, allowNegative = false): Dec | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    // A JSON number is taken by its shortest round-trip text; exponent forms are refused below.
    text = String(value);
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
  return d.isNegative() && d.isZero() ? ZERO : d;
}

/** Canonical decimal string: no exponent, no trailing zeros ("12.500" → "12.5"). */
export function toDecimalString(value: Dec | string | number): string {
  const d = value instanceof D ? value : new D(value);
  return d.toFixed();
}

export function dec(value: Dec | string | number): Dec {
  return value instanceof D ? value : new D(value);
}

/** Round down (toward zero) to `places` decimals, as fees and spendable maxima require. */
export function floorTo(value: Dec | string, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

export function roundTo(value: Dec | string, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** Group digits for display; the string is cut, never rounded up. */
export function formatAmount(value: Dec | string, maxDecimals: number, locale = "ko-KR"): string {
  const d = floorTo(dec(value), maxDecimals);
  const [int = "0", frac = ""] = d.abs().toFixed().split(".");
  const grouped = BigInt(int).toLocaleString(locale);
  const sign = d.isNegative() ? "-" : "";
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}

export const formatKrw = (value: Dec | string, locale = "ko-KR") => formatAmount(value, 0, locale);
export const formatWld = (value: Dec | string, detail = false, locale = "ko-KR") =>
  formatAmount(value, detail ? 8 : 2, locale);
