/** The soak's own parts (tests/soak): the seeded PRNG and the balance model it checks the app against. */
import { describe, expect, it } from "vitest";
import { Dx, Model } from "../soak/model";
import { Prng, workerSeed } from "../soak/prng";

describe("the soak's PRNG", () => {
  it("is the same stream for the same seed and a different one for another seed or worker", () => {
    const take = (p: Prng) => Array.from({ length: 5 }, () => p.int(0, 1_000_000));
    expect(take(new Prng(42))).toEqual(take(new Prng(42)));
    expect(take(new Prng(42))).not.toEqual(take(new Prng(43)));
    expect(workerSeed(1, 0)).not.toBe(workerSeed(1, 1));
    const p = new Prng(7);
    for (let i = 0; i < 1000; i++) {
      const x = p.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe("the soak's model", () => {
  it("holds amount + fee for a request, gives it back on rejection, pays it out on approval", () => {
    const model = new Model();
    const m = model.addMember("a", 0, 1);
    model.move(m, "100", null, "staked");
    model.move(m, "10.2", "staked", "held");
    model.requests.set("a:r0", {
      key: "a:r0",
      id: 1,
      member: "a",
      type: "TRANSFER",
      total: new Dx("10.2"),
      status: "PENDING",
    });
    model.requests.set("a:r1", {
      key: "a:r1",
      id: 2,
      member: "a",
      type: "DEPOSIT",
      total: new Dx(0),
      status: "PENDING",
    });
    model.rejectPending(m, false);
    expect(m.bal.staked.toFixed()).toBe("100");
    expect(m.bal.held.toFixed()).toBe("0");
    expect(model.requests.get("a:r1")!.status).toBe("PENDING");
    model.settle(model.requests.get("a:r1")!, "APPROVED", "7.123456");
    expect(m.bal.holding.toFixed()).toBe("7.123456");
  });

  it("floors a day's reward to 8 decimals, pays nothing below the minimum, and reports any difference", () => {
    const model = new Model();
    const m = model.addMember("a", 0, 1);
    model.move(m, "333.33333333", null, "staked");
    // 333.33333333 × 12.5 / 36500 = 0.11415525114… → 0.11415525
    expect(model.rewardOf(m, "12.5", "10").toFixed()).toBe("0.11415525");
    expect(model.rewardOf(m, "12.5", "1000").toFixed()).toBe("0");
    m.status = "DEACTIVATED";
    expect(model.rewardOf(m, "12.5", "10").toFixed()).toBe("0");
    expect(model.diff(m, { holding: "0", staked: "333.33333333", held: "0", rewards: "0" })).toBe("");
    expect(model.diff(m, { holding: "0", staked: "333.33333334", held: "0", rewards: "0" })).toContain("staked");
  });
});
