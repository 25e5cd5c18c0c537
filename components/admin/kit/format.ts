/**
 * Display helpers of the admin console: KST dates and days (whatever the browser's zone), ages, WLD and KRW amounts from
 * decimal strings (never floats), before → after of a money change. Client-safe.
 */
import { D, formatAmount } from "@/lib/money";

const KST = "Asia/Seoul";

function kstParts(iso: string | null | undefined, withTime: boolean): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: KST,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" as const } : {}),
  }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? "";
  const day = `${p("year")}-${p("month")}-${p("day")}`;
  return withTime ? `${day} ${p("hour")}:${p("minute")}` : day;
}

/** "2026-11-23 09:05" in Korea time. */
export const kstDateTime = (iso: string | null | undefined) => kstParts(iso, true);
/** "2026-11-23" in Korea time. */
export const kstDate = (iso: string | null | undefined) => kstParts(iso, false);

/** Today's (or `daysAgo` days before today's) KST date as YYYY-MM-DD. */
export function kstDay(daysAgo = 0, now = Date.now()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: KST, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(now - daysAgo * 86_400_000),
  );
}

/** Whole minutes, hours or days since `iso`, for the age column. */
export function ageOf(iso: string, now = Date.now()): { unit: "minutes" | "hours" | "days"; n: number } {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return { unit: "minutes", n: minutes };
  if (minutes < 60 * 24) return { unit: "hours", n: Math.floor(minutes / 60) };
  return { unit: "days", n: Math.floor(minutes / 1440) };
}

const localeTag = (locale: string) => (locale === "en" ? "en-US" : "ko-KR");

/** WLD with up to 2 decimals in lists, up to 8 in detail views (STYLE "Money"). */
export const fmtWld = (v: string | null | undefined, locale: string, detail = false) =>
  v == null ? "—" : formatAmount(v, detail ? 8 : 2, localeTag(locale));
/** KRW in whole won, cut toward zero: the member screens' rule (lib/krw-value.ts krwValueOf), so a request reads
 * the same ₩ figure in the console as in the member's history. */
export const fmtKrw = (v: string | null | undefined, locale: string) =>
  v == null ? "—" : formatAmount(v, 0, localeTag(locale));
/** A rate in percent, up to 6 decimals, no trailing zeros ("12.5"). */
export const fmtRate = (v: string) => formatAmount(v, 6, "en-US");
export const fmtCount = (n: number | string | null | undefined, locale: string) =>
  n == null ? "—" : formatAmount(String(n), 0, localeTag(locale));

/** A decimal string typed by an administrator, or null when it is not a plain decimal. */
export function parseDecimal(text: string): string | null {
  const s = text.trim().replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return s;
}

/** `before + delta` (or minus) as a decimal string; null when either is missing or malformed. */
export function applyDelta(before: string | null | undefined, delta: string | null, sign: 1 | -1): string | null {
  if (before == null || delta == null) return null;
  try {
    const r = sign === 1 ? new D(before).plus(delta) : new D(before).minus(delta);
    return r.toFixed();
  } catch {
    return null;
  }
}
