import { describe, expect, it } from "vitest";
import { createConcurrencyLimit } from "@/lib/concurrency-limit";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("createConcurrencyLimit", () => {
  it("never runs more than its limit at once, starts the rest in arrival order, and runs every task", async () => {
    const gate = createConcurrencyLimit(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        gate.run(async () => {
          started.push(i);
          inFlight++;
          most = Math.max(most, inFlight);
          await tick();
          inFlight--;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("a task that fails frees its slot and the failure reaches its caller only", async () => {
    const gate = createConcurrencyLimit(1);
    const failed = gate.run(async () => {
      await tick();
      throw new Error("boom");
    });
    const next = gate.run(async () => "ok");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("refuses a limit that is not a positive integer", () => {
    expect(() => createConcurrencyLimit(0)).toThrow();
    expect(() => createConcurrencyLimit(1.5)).toThrow();
  });
});
