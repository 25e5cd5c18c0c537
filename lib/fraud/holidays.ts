/**
 * The korean_holidays table as a set of "YYYY-MM-DD" dates, for the business-day clock (./business-days.ts). Read
 * once and kept for an hour per process: a money request computes its would-be case's due time before its one
 * statement, so the hot path must not pay a query for it (the table changes once a year, by a migration).
 */
import { type DbOrTx, getDb } from "@/db/client";
import { holidayDates } from "@/db/queries/fraud";

const TTL_MS = 3_600_000;
let cached: { at: number; days: ReadonlySet<string> } | null = null;

export async function koreanHolidays(db?: DbOrTx): Promise<ReadonlySet<string>> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.days;
  const days = new Set(await holidayDates(db ?? (await getDb())));
  cached = { at: Date.now(), days };
  return days;
}
