/**
 * Business days in Korea (KST), for the three-business-day clock of a fraud case (특정금융정보법 시행령: a suspicious
 * transaction is reported within three business days of the decision to treat it as suspicious). Pure: the holidays
 * are handed in (the korean_holidays table, read by ./holidays.ts). A business day is a KST date that is neither a
 * Saturday, a Sunday nor in the holidays.
 * A case opened on day D is due at the end of the third business day after D (D itself does not count, whatever
 * time of day the case opened): `dueAt` is 00:00 KST of the next day.
 */
const KST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The KST date of an instant, "YYYY-MM-DD". */
export function kstDay(at: Date): string {
  return new Date(at.getTime() + KST_MS).toISOString().slice(0, 10);
}

/** 00:00 KST of a "YYYY-MM-DD" date, as an instant. */
export function kstMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KST_MS);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Neither a weekend nor a holiday. */
export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** The `n`th business day after the KST date of `from` (that date itself never counts), "YYYY-MM-DD". */
export function nthBusinessDayAfter(from: Date, n: number, holidays: ReadonlySet<string>): string {
  let day = kstDay(from);
  for (let found = 0; found < n; ) {
    day = nextDay(day);
    if (isBusinessDay(day, holidays)) found += 1;
  }
  return day;
}

/** When a case opened at `openedAt` is due: the end (00:00 KST of the next day) of the `n`th business day after. */
export function dueAfterBusinessDays(openedAt: Date, n: number, holidays: ReadonlySet<string>): Date {
  return kstMidnight(nextDay(nthBusinessDayAfter(openedAt, n, holidays)));
}

/**
 * The clock of a case at `now`: the business days after today (KST) up to and including the due day — 0 on the due
 * day itself — and whether `now` is past `dueAt` (overdue: `left` is then 0).
 */
export function businessDaysLeft(
  now: Date,
  dueAt: Date,
  holidays: ReadonlySet<string>,
): { left: number; overdue: boolean } {
  if (now.getTime() >= dueAt.getTime()) return { left: 0, overdue: true };
  const lastDay = kstDay(new Date(dueAt.getTime() - 1));
  let left = 0;
  for (let day = nextDay(kstDay(now)); day <= lastDay; day = nextDay(day)) if (isBusinessDay(day, holidays)) left += 1;
  return { left, overdue: false };
}
