/** KST day arithmetic of the reward run (Asia/Seoul is UTC+9 all year). */
import { describe, expect, it } from "vitest";
import { addDays, dayEnd, isDay, kstDay, lastEndedDay, msUntilKst } from "@/lib/kst-day";

describe("KST days", () => {
  it.each([
    ["2026-11-21T14:59:59.999Z", "2026-11-21"],
    ["2026-11-21T15:00:00.000Z", "2026-11-22"],
    ["2026-12-31T15:00:00.000Z", "2027-01-01"],
  ])("%s falls on KST day %s", (at, day) => {
    expect(kstDay(new Date(at))).toBe(day);
  });

  it("a day ends at 00:00 KST of the next day", () => {
    expect(dayEnd("2026-11-21").toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(dayEnd("2028-02-29").toISOString()).toBe("2028-02-29T15:00:00.000Z");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("yesterday in Seoul is the last ended day", () => {
    expect(lastEndedDay(new Date("2026-11-21T15:04:00Z"))).toBe("2026-11-21");
    expect(lastEndedDay(new Date("2026-11-21T14:59:00Z"))).toBe("2026-11-20");
  });

  it("validates calendar dates", () => {
    for (const ok of ["2026-11-21", "2028-02-29"]) expect(isDay(ok)).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-01", "20261121", "2026-11-21T00:00", ""])
      expect(isDay(bad)).toBe(false);
  });

  it("the timer waits until the next 00:05 Asia/Seoul", () => {
    // 23:00 KST → 65 minutes; exactly 00:05 KST → a full day; 00:06 KST → 23 h 59 min.
    expect(msUntilKst(new Date("2026-11-21T14:00:00Z"), 0, 5)).toBe(65 * 60_000);
    expect(msUntilKst(new Date("2026-11-21T15:05:00Z"), 0, 5)).toBe(86_400_000);
    expect(msUntilKst(new Date("2026-11-21T15:06:00Z"), 0, 5)).toBe(86_400_000 - 60_000);
  });
});
