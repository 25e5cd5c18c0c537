// The three-business-day clock of a fraud case (lib/fraud/business-days.ts): KST dates, weekends and the holidays
// of the korean_holidays table (migration 0028; the 2026–2027 rows are checked here against the migration's text).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  businessDaysLeft,
  dueAfterBusinessDays,
  isBusinessDay,
  kstDay,
  nthBusinessDayAfter,
} from "@/lib/fraud/business-days";

const migration = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../db/migrations/0028_fraud_cases.sql"),
  "utf8",
);
const HOLIDAYS = new Set([...migration.matchAll(/\('(\d{4}-\d{2}-\d{2})', '/g)].map((m) => m[1]!));
const kst = (s: string) => new Date(`${s}+09:00`);

describe("business days (KST)", () => {
  it("the migration seeds the public holidays of 2026 and 2027 with their substitutes", () => {
    for (const d of [
      "2026-01-01",
      "2026-02-16",
      "2026-02-17",
      "2026-02-18",
      "2026-03-02",
      "2026-05-05",
      "2026-05-25",
      "2026-06-03",
      "2026-07-17",
      "2026-08-17",
      "2026-09-24",
      "2026-09-25",
      "2026-09-26",
      "2026-10-05",
      "2026-10-09",
      "2026-12-25",
      "2027-02-09",
      "2027-05-03",
      "2027-05-13",
      "2027-07-19",
      "2027-08-16",
      "2027-09-15",
      "2027-10-04",
      "2027-10-11",
      "2027-12-27",
    ])
      expect(HOLIDAYS.has(d), d).toBe(true);
    expect(HOLIDAYS.size).toBe(46);
    // Every substitute holiday falls on a weekday, the day after a weekend or another holiday.
    for (const m of migration.matchAll(/\('(\d{4}-\d{2}-\d{2})', '대체공휴일/g))
      expect([1, 2].includes(new Date(`${m[1]}T00:00:00Z`).getUTCDay()), m[1]).toBe(true);
  });

  it("weekends and holidays are not business days", () => {
    expect(isBusinessDay("2026-01-02", HOLIDAYS)).toBe(true); // Friday
    expect(isBusinessDay("2026-01-03", HOLIDAYS)).toBe(false); // Saturday
    expect(isBusinessDay("2026-01-04", HOLIDAYS)).toBe(false); // Sunday
    expect(isBusinessDay("2026-01-01", HOLIDAYS)).toBe(false); // 신정
    expect(isBusinessDay("2026-03-02", HOLIDAYS)).toBe(false); // 삼일절 substitute
  });

  it("the KST date, not UTC, decides the day", () => {
    expect(kstDay(new Date("2026-01-01T15:00:00Z"))).toBe("2026-01-02");
    expect(kstDay(new Date("2026-01-01T14:59:59Z"))).toBe("2026-01-01");
  });

  it("a case is due at the end of the third business day after the day it opened", () => {
    // Friday 2026-01-02 → Mon 5, Tue 6, Wed 7: due 2026-01-08 00:00 KST.
    expect(dueAfterBusinessDays(kst("2026-01-02T14:00:00"), 3, HOLIDAYS).toISOString()).toBe(
      kst("2026-01-08T00:00:00").toISOString(),
    );
    // Opened at 23:59 KST on 2025-12-31: 신정 and the weekend skipped → Fri 2, Mon 5, Tue 6.
    expect(nthBusinessDayAfter(kst("2025-12-31T23:59:00"), 3, HOLIDAYS)).toBe("2026-01-06");
    // 설날 연휴 (Mon 16 – Wed 18 Feb 2026): opened Friday 13 → Thu 19, Fri 20, Mon 23.
    expect(nthBusinessDayAfter(kst("2026-02-13T10:00:00"), 3, HOLIDAYS)).toBe("2026-02-23");
    // 추석 2026 (Thu 24 – Sat 26): opened Wed 23 Sep → Mon 28, Tue 29, Wed 30.
    expect(nthBusinessDayAfter(kst("2026-09-23T09:00:00"), 3, HOLIDAYS)).toBe("2026-09-30");
    // The 개천절 substitute (Mon 5 Oct 2026): opened Thu 1 Oct → Fri 2, Tue 6, Wed 7.
    expect(nthBusinessDayAfter(kst("2026-10-01T09:00:00"), 3, HOLIDAYS)).toBe("2026-10-07");
    // 2027 설날 on a Sunday with its substitute Tue 9 Feb: opened Fri 5 → Wed 10, Thu 11, Fri 12.
    expect(nthBusinessDayAfter(kst("2027-02-05T09:00:00"), 3, HOLIDAYS)).toBe("2027-02-12");
    // A weekend opening counts from the next business day: Sat 10 Jan 2026 → Mon 12, Tue 13, Wed 14.
    expect(nthBusinessDayAfter(kst("2026-01-10T12:00:00"), 3, HOLIDAYS)).toBe("2026-01-14");
  });

  it("the clock counts business days left, 0 on the due day, and overdue after", () => {
    const due = kst("2026-01-08T00:00:00");
    expect(businessDaysLeft(kst("2026-01-02T15:00:00"), due, HOLIDAYS)).toEqual({ left: 3, overdue: false });
    expect(businessDaysLeft(kst("2026-01-03T15:00:00"), due, HOLIDAYS)).toEqual({ left: 3, overdue: false });
    expect(businessDaysLeft(kst("2026-01-06T09:00:00"), due, HOLIDAYS)).toEqual({ left: 1, overdue: false });
    expect(businessDaysLeft(kst("2026-01-07T23:59:59"), due, HOLIDAYS)).toEqual({ left: 0, overdue: false });
    expect(businessDaysLeft(kst("2026-01-08T00:00:00"), due, HOLIDAYS)).toEqual({ left: 0, overdue: true });
  });
});
