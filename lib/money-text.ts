/**
 * Exact decimal text for the browser: read, add, multiply and format decimal strings with BigInt (no float,
 * no decimal.js), so a page that only shows and sums amounts does not download a decimal library.
 * lib/money.ts formats through these functions too, so the server and the browser print money one way.
 * A value is `units / 10^scale` with integer units: "12.50" is { units: 1250n, scale: 2 }.
 */

export type Fixed = { units: bigint; scale: number };

const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

export const FIXED_ZERO: Fixed = { units: 0n, scale: 0 };

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
  const text = String(value).trim();
  const m = NUMBER_TEXT.exec(text);
  if (!m) return null;
  const [, sign = "", int = "", frac = "", exp = "0"] = m;
  if (!int && !frac) return null;
  const e = Number(exp);
  if (!Number.isSafeInteger(e) || Math.abs(e) > 400) return null;
  let units = BigInt(`${int}${frac}` || "0");
  let scale = frac.length - e;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === "-" ? -units : units, scale };
}

/** The same value at a larger scale (more decimal places); never loses digits. */
function rescale(a: Fixed, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

export function addFixed(a: Fixed, b: Fixed): Fixed {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function subFixed(a: Fixed, b: Fixed): Fixed {
  return addFixed(a, { units: -b.units, scale: b.scale });
}

export function mulFixed(a: Fixed, b: Fixed): Fixed {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a × n ÷ d for small integers n, d (d > 0), cut toward zero at `extra` more decimals than a has. */
export function mulDivFixed(a: Fixed, n: number, d: number, extra = 0): Fixed {
  const scale = a.scale + extra;
  return { units: (rescale(a, scale) * BigInt(n)) / BigInt(d), scale };
}

export const isZeroFixed = (a: Fixed) => a.units === 0n;

/** Plain decimal text without trailing zeros ("1250" scale 2 → "12.5"); never an exponent. */
export function fixedText(a: Fixed): string {
  const neg = a.units < 0n;
  const digits = (neg ? -a.units : a.units).toString().padStart(a.scale + 1, "0");
  const int = digits.slice(0, digits.length - a.scale);
  const frac = digits.slice(digits.length - a.scale).replace(/0+$/, "");
  const body = frac ? `${int}.${frac}` : int;
  return neg && body !== "0" ? `-${body}` : body;
}

/**
 * Digits grouped for the locale, at most `maxDecimals` decimals, cut toward zero (never rounded up), trailing
 * zeros dropped: (1234.5678, 2) → "1,234.56". Text that is not a decimal prints as "0".
 */
export function formatDecimal(value: Fixed | string | number, maxDecimals: number, locale = "ko-KR"): string {
  const f = typeof value === "object" ? value : (parseDecimal(value) ?? FIXED_ZERO);
  const neg = f.units < 0n;
  const abs = neg ? -f.units : f.units;
  const digits = abs.toString().padStart(f.scale + 1, "0");
  const int = digits.slice(0, digits.length - f.scale);
  const frac = digits
    .slice(digits.length - f.scale)
    .slice(0, Math.max(0, maxDecimals))
    .replace(/0+$/, "");
  const grouped = BigInt(int).toLocaleString(locale);
  const sign = neg && (frac !== "" || int.replace(/^0+/, "") !== "") ? "-" : "";
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}

/** KRW as cards show it: whole won, grouped. */
export const formatKrwText = (value: Fixed | string | number, locale = "ko-KR") => formatDecimal(value, 0, locale);

/** WLD with up to 2 decimals (summaries) or 8 (details). */
export const formatWldText = (value: Fixed | string | number, detail = false, locale = "ko-KR") =>
  formatDecimal(value, detail ? 8 : 2, locale);
