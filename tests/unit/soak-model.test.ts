/** The soak's own parts (tests/soak): the seeded PRNG and the balance model it checks the app against. */
import { describe, expect, it } from "vitest";
import { Dx, Model, RollingLimit } from "../soak/model";
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
      amount: new Dx("10"),
      status: "PENDING",
      awaiting: null,
    });
    model.requests.set("a:r1", {
      key: "a:r1",
      id: 2,
      member: "a",
      type: "DEPOSIT",
      total: new Dx(0),
      amount: new Dx("7.123456"),
      status: "PENDING",
      awaiting: null,
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

describe("the soak's four-eyes model", () => {
  const DAY = 24 * 3_600_000;

  it("sums each administrator's and member's direct changes over the last 24 hours and names a total above it", () => {
    const r = new RollingLimit(new Dx(1000), DAY);
    r.record({ admin: 0, member: "a", amount: new Dx(600), at: 0 });
    r.record({ admin: 1, member: "a", amount: new Dx(400), at: 0 });
    r.record({ admin: 0, member: "b", amount: new Dx(400), at: 0 });
    expect(r.adminTotal(0, 0).toFixed()).toBe("1000");
    expect(r.memberTotal("a", 0).toFixed()).toBe("1000");
    expect(r.violation(0)).toBe("");
    r.record({ admin: 1, member: "a", amount: new Dx("0.01"), at: 1 });
    expect(r.violation(1)).toBe("a was moved 1000.01 WLD by administrators alone in 24 hours");
    // 24 hours after a change it no longer counts.
    expect(r.adminTotal(0, DAY).toFixed()).toBe("0");
    expect(r.violation(DAY + 1)).toBe("");
  });

  it("tells whether another change by the same administrator ran at the same time", () => {
    const r = new RollingLimit(new Dx(1000), DAY);
    const alone = r.begin(0);
    expect(r.end(alone)).toBe(false);
    const first = r.begin(0);
    const other = r.begin(1);
    const second = r.begin(0);
    expect(r.end(first)).toBe(true);
    expect(r.end(second)).toBe(true);
    expect(r.end(other)).toBe(false);
  });

  it("a rejected deposit cancels the proposal its approval waited on; an expired proposal holds nothing", () => {
    const model = new Model();
    model.addMember("a", 0, 1);
    const request = {
      key: "a:r0",
      id: 1,
      member: "a",
      type: "DEPOSIT" as const,
      total: new Dx(0),
      amount: new Dx(2000),
      status: "PENDING" as const,
      awaiting: "a:p0",
    };
    model.requests.set("a:r0", request);
    const proposal = {
      key: "a:p0",
      id: 1,
      kind: "deposit" as const,
      member: "a",
      amount: new Dx(2000),
      proposer: 0,
      status: "PENDING" as const,
      expiresAt: 3 * DAY,
      request: "a:r0",
    };
    model.proposals.set("a:p0", proposal);
    expect(model.awaitingOf(request, 3 * DAY - 1)).toBe(proposal);
    expect(model.awaitingOf(request, 3 * DAY)).toBeNull();
    model.settle(request, "REJECTED");
    expect(model.proposals.get("a:p0")!.status).toBe("CANCELLED");
    expect(request.awaiting).toBeNull();
    expect(model.members.get("a")!.bal.holding.toFixed()).toBe("0");
  });
});
