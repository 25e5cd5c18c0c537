import { describe, expect, it } from "vitest";
import { formatKst } from "@/lib/kst-time";

describe("formatKst: history, timeline and device times in KST with the marker, whatever the machine's zone", () => {
  const iso = "2026-11-23T22:39:00.000Z"; // 2026-11-24 07:39 in Seoul

  it.each([
    ["ko", {}, "2026. 11. 24. 07:39 KST"],
    ["en", {}, "Nov 24, 2026, 07:39 KST"],
    ["ko", { short: true }, "11. 24. 07:39 KST"],
    ["en", { short: true }, "Nov 24, 07:39 KST"],
  ] as const)("%s %o → %s", (locale, opts, want) => {
    expect(formatKst(iso, locale, opts)).toBe(want);
  });

  it("answers an empty string for a date it cannot read", () => {
    expect(formatKst("not a date", "ko")).toBe("");
  });
});
