import { describe, expect, it } from "vitest";
import { changeTone } from "@/components/prices/price-card";
import { toChartData } from "@/components/prices/price-chart";

describe("price display", () => {
  it("shifts chart times from UTC to KST (+9 h), since lightweight-charts draws UTC", () => {
    const [p] = toChartData([{ time: "2026-11-22T15:00:00.000Z", value: 1540 }]);
    // 15:00 UTC is 00:00 the next day in Seoul; the chart must label it so.
    expect(new Date(Number(p!.time) * 1000).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(p!.value).toBe(1540);
  });

  it("colours changes the Korean way: up red, down blue, none grey", () => {
    expect(changeTone(1.2)).toBe("text-up");
    expect(changeTone(-0.01)).toBe("text-down");
    expect(changeTone(0)).toBe("text-gray-500");
  });
});
