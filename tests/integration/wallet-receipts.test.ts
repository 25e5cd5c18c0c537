/**
 * What the Buy receipt and the lock-release switch read from the server: the deposit's
 * answer names the KRW price it was converted at, and GET /api/config serves the configured release moment.
 */
import { afterEach, describe, expect, it } from "vitest";
import * as progressRoute from "@/app/api/admin/staking/progress/route";
import * as configRoute from "@/app/api/config/route";
import * as route from "@/app/api/requests/deposit/route";
import { createUser, fund, setFreshWldPrice } from "../factories/money";
import { call } from "../support/http";

describe("the Buy receipt", () => {
  it("the deposit answer carries the price used, so the receipt shows the server's figure", async () => {
    await setFreshWldPrice();
    const u = await createUser();
    const r = await call(route, "POST", "/api/requests/deposit", {
      body: { coinSymbol: "WLD", amount: "10000" },
      cookie: u.cookie,
      headers: { "idempotency-key": "wallet-receipt-1" },
    });
    expect(r.status).toBe(201);
    expect(r.body.request).toMatchObject({
      krwAmount: "10000",
      amount: "3.571428",
      priceKrw: "2800",
      status: "PENDING",
    });
    // A replay with the same key answers the same receipt.
    const again = await call(route, "POST", "/api/requests/deposit", {
      body: { coinSymbol: "WLD", amount: "10000" },
      cookie: u.cookie,
      headers: { "idempotency-key": "wallet-receipt-1" },
    });
    expect(again.body.request).toEqual(r.body.request);
  });
});

describe("the protected-lock release moment", () => {
  afterEach(() => {
    delete process.env.LOCK_RELEASE_AT;
  });

  it("defaults to the spec's 2025-07-27 18:00 KST", async () => {
    const r = await call(configRoute, "GET", "/api/config");
    expect(r.body.lockReleaseAt).toBe("2025-07-27T18:00:00+09:00");
  });

  it("follows LOCK_RELEASE_AT when set", async () => {
    process.env.LOCK_RELEASE_AT = "2030-01-02T03:04:05+09:00";
    const r = await call(configRoute, "GET", "/api/config");
    expect(r.body.lockReleaseAt).toBe("2030-01-02T03:04:05+09:00");
  });

  it("the admin staking-progress list counts down to the same configured moment", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    await fund(member.id, { staked: "10" });
    const secondsLeft = async () => {
      const r = await call(progressRoute, "GET", "/api/admin/staking/progress?limit=100", { cookie: admin.cookie });
      expect(r.status).toBe(200);
      return r.body.items.find((i: { id: number }) => i.id === member.id).secondsToLockEnd as number;
    };
    expect(await secondsLeft()).toBe(0); // the spec's moment has passed
    const inAnHour = new Date(Date.now() + 3_600_000);
    process.env.LOCK_RELEASE_AT = inAnHour.toISOString().replace("Z", "+00:00");
    const left = await secondsLeft();
    expect(left).toBeGreaterThan(3_500);
    expect(left).toBeLessThanOrEqual(3_600);
  });
});
