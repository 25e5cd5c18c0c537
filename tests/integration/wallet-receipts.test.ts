/**
 * What the Buy receipt and the lock-release switch read from the server (issue 12 items 1, 2): the deposit's
 * answer names the KRW price it was converted at, and GET /api/config serves the configured release moment.
 */
import { afterEach, describe, expect, it } from "vitest";
import * as configRoute from "@/app/api/config/route";
import * as route from "@/app/api/requests/deposit/route";
import { createUser, setFreshWldPrice } from "../factories/money";
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
});
