import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";

describe("lib/clock", () => {
  afterEach(() => setTestClock(null));

  it("reads real time until a test pins it", () => {
    const before = Date.now();
    const t = now().getTime();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });

  it("can be pinned and advanced in tests, and given back", () => {
    setTestClock("2026-01-01T00:00:00Z");
    expect(now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
    advanceTestClock(24 * 3600_000);
    expect(now().toISOString()).toBe("2026-01-02T00:00:00.000Z");
    setTestClock(null);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("refuses to move outside tests", () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      expect(() => setTestClock("2026-01-01T00:00:00Z")).toThrow(/tests only/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
