/**
 * Korean calendar days (Asia/Seoul, UTC+9 all year: Korea has no daylight saving time).
 * A "day" is a string YYYY-MM-DD; it ends at 00:00 KST of the next day. Staking's daily run, the daily
 * withdraw limit, exports and input validation all count in these days, so the file sits below every domain
 * folder (lib/kst-time.ts is the other half: an instant written as KST wall time, client-safe).
 */
const KST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The KST calendar day containing `at`. */
export function kstDay(at: Date): string {
  return new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a KST day ends (00:00 KST of the next day). */
export function dayEnd(day: string): Date {
  return new Date(Date.parse(`${addDays(day, 1)}T00:00:00+09:00`));
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

/** The last KST day that has fully ended at `now` (yesterday in Seoul). */
export function lastEndedDay(now: Date): string {
  return addDays(kstDay(now), -1);
}

/** Milliseconds from `now` until the next hh:mm in Seoul. */
export function msUntilKst(now: Date, hour: number, minute: number): number {
  const today = kstDay(now);
  let at = Date.parse(`${today}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00+09:00`);
  if (at <= now.getTime()) at += DAY_MS;
  return at - now.getTime();
}
