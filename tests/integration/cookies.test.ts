import { describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as coins from "@/app/api/users/by-id/[userId]/coins/route";
import { call } from "../support/http";

describe("D25 malformed cookies", () => {
  it("count as no cookie: a bad locale falls back to Korean, a bad session is 401, never a 500", async () => {
    expect((await call(health, "GET", "/api/health", { cookie: "NEXT_LOCALE=%E0%A4%A" })).status).toBe(200);
    const r = await call(coins, "GET", "/api/users/by-id/demo/coins", {
      cookie: "next-auth.session-token=%E0%A4%A; NEXT_LOCALE=%",
      params: { userId: "demo" },
    });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: "로그인이 필요합니다.", code: "UNAUTHENTICATED" });
  });
});
