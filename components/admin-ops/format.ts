/**
 * Display helpers of the operational admin screens on top of components/admin/ui/format.ts: KST day and ages.
 * Client-safe; money values (KRW value, wallet split) come computed from the server.
 */

const KST = "Asia/Seoul";

export { kstDateTime } from "@/components/admin/ui/format";

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

export { fmtKrw as krw, fmtWld as wld } from "@/components/admin/ui/format";
