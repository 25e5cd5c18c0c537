import { describe, expect, it } from "vitest";
import { changeTone } from "@/components/prices/price-card";
import { toChartData } from "@/components/prices/chart-drawing";
import { axisLabel, crosshairLabel, priceAxisLabel } from "@/lib/prices/chart-labels";
import { CHANGE_COLORS, changeDirection, kstDateTime } from "@/lib/prices/display";

// 2026-11-23 14:00 in Seoul, as the chart holds it (UTC shifted by +9 h).
const KST_2PM = Date.UTC(2026, 10, 23, 14, 0) / 1000;

describe("price display", () => {
  it("shifts chart times from UTC to KST (+9 h), since lightweight-charts draws UTC", () => {
    const [p] = toChartData([{ time: "2026-11-22T15:00:00.000Z", value: 1540 }]);
    // 15:00 UTC is 00:00 the next day in Seoul; the chart must label it so.
    expect(new Date(Number(p!.time) * 1000).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(p!.value).toBe(1540);
  });

  it("colours changes the Korean way in every language: up red, down blue, none grey", () => {
    expect(changeTone(1.2)).toBe("text-up");
    expect(changeTone(-0.01)).toBe("text-down");
    expect(changeTone(0)).toBe("text-gray-600");
    expect(changeDirection(3)).toBe("up");
    expect(changeDirection(-3)).toBe("down");
    expect(CHANGE_COLORS.up).toBe("#be123c");
    expect(CHANGE_COLORS.down).toBe("#2563eb");
  });
});

describe("chart axis labels", () => {
  it.each([
    // [tick mark, Korean, English]
    [2, "23일", "Nov 23"],
    [1, "11월", "Nov"],
    [0, "2026년", "2026"],
    [3, "14:00", "14:00"],
  ] as const)("tick %i reads %s in Korean and %s in English", (tick, ko, en) => {
    expect(axisLabel(KST_2PM, tick, "ko")).toBe(ko);
    expect(axisLabel(KST_2PM, tick, "en")).toBe(en);
  });

  it("never shows Korean day marks in English", () => {
    for (let day = 0; day < 31; day++) {
      const t = KST_2PM + day * 86_400;
      for (const tick of [0, 1, 2, 3, 4] as const) expect(axisLabel(t, tick, "en")).not.toMatch(/[일월년]/);
    }
  });

  it("reads chart times as KST (no second shift by the machine's zone)", () => {
    // Just before midnight in Seoul stays on the 23rd whatever TZ the test runs in.
    const lateEvening = Date.UTC(2026, 10, 23, 23, 30) / 1000;
    expect(axisLabel(lateEvening, 2, "ko")).toBe("23일");
    expect(axisLabel(lateEvening, 3, "en")).toBe("23:30");
  });

  it("marks English crosshair times with KST, Korean ones without", () => {
    expect(crosshairLabel(KST_2PM, "en")).toBe("Nov 23, 14:00 KST");
    expect(crosshairLabel(KST_2PM, "ko")).toMatch(/^11월 23일 14:00$/);
  });

  it("prints price axis labels as whole won", () => {
    expect(priceAxisLabel(1540.49)).toBe("₩1,540");
    expect(priceAxisLabel(1234567)).toBe("₩1,234,567");
  });
});

describe("as-of times", () => {
  const at = new Date("2026-11-23T05:00:00.000Z"); // 14:00 in Seoul

  it("English carries the KST marker and Seoul's hour", () => {
    const text = kstDateTime(at, "en");
    expect(text).toMatch(/KST$/);
    expect(text).toContain("Nov 23, 2026");
    // The 24-hour clock, as every time in the app (no day period: ICU versions print it differently).
    expect(text).toBe("Nov 23, 2026, 14:00 KST");
  });

  it("Korean is Seoul's time, in Korean order", () => {
    const text = kstDateTime(at, "ko");
    expect(text).toMatch(/^2026\. 11\. 23\./);
    expect(text).toBe("2026. 11. 23. 14:00");
    expect(text).not.toContain("KST");
  });
});
