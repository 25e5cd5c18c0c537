/**
 * Audit finding 8: a JSON number is judged by the text the client sent, before JSON.parse rounds it:
 * only a plain decimal of at most 15 significant digits that converts exactly, else 400. Admin amounts
 * are capped at 1e12 so that nothing can push an account to the numeric(38,18) column limit.
 */
import { describe, expect, it } from "vitest";
import * as approveIdRoute from "@/app/api/admin/users/[id]/approve-id/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as coinUnhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as interestRoute from "@/app/api/admin/users/[id]/interest/route";
import * as stakingRoute from "@/app/api/admin/users/[id]/staking/route";
import * as productsRoute from "@/app/api/admin/staking-products/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { approvedMember, createUser, fund, snapshot, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

const swap = (u: TestUser, raw: string) =>
  call(swapRoute, "POST", `/api/users/${u.userId}/swap`, { body: raw, cookie: u.cookie, params: { userId: u.userId } });

describe("A3 JSON numbers in member amounts", () => {
  it.each([
    ["exponent", "1e1"],
    ["capital exponent", "1E1"],
    ["exponent that is an integer", "10.0e0"],
    ["17 significant digits (JSON.parse makes it 5)", "5.0000000000000001"],
    ["20-digit integer (JSON.parse changes it)", "12345678901234567890"],
    ["16-digit integer", "9007199254740993"],
    ["overflow", `1${"0".repeat(400)}`],
  ])("%s (%s) → 400 INVALID_AMOUNT and nothing moves", async (_name, raw) => {
    const u = await createUser();
    await fund(u.id, { holding: "100" });
    const before = await snapshot(u.id);
    const r = await swap(u, `{"amount":${raw}}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "INVALID_AMOUNT", error: "수량을 올바르게 입력해주세요.", field: "amount" });
    expect(await snapshot(u.id)).toEqual(before);
    await expectLedgerConsistent();
  });

  it.each([
    ["10", "10"],
    ["0.25", "0.25"],
    ["5.00", "5"],
    ["0.000001", "0.000001"],
    ["12.345678901234", "12.345678901234"],
  ])("a plain number %s is the amount %s", async (raw, amount) => {
    const u = await createUser();
    await fund(u.id, { holding: "100" });
    const r = await swap(u, `{"amount":${raw}}`);
    expect(r.status).toBe(200);
    expect(r.body.staked).toBe(amount);
    await expectLedgerConsistent();
  });

  it("a transfer request and a deposit request refuse an exponent number too", async () => {
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const before = await snapshot(u.id);
    const t = await call(transferRoute, "POST", "/api/transfer-requests", { body: '{"amount":1e1}', cookie: u.cookie });
    expect(t.status).toBe(400);
    expect(t.body.code).toBe("INVALID_AMOUNT");
    const d = await call(depositRoute, "POST", "/api/requests/deposit", { body: '{"amount":1e5}', cookie: u.cookie });
    expect(d.status).toBe(400);
    expect(d.body.code).toBe("INVALID_AMOUNT");
    expect(await snapshot(u.id)).toEqual(before);
    await expectLedgerConsistent();
  });

  it("a deposit request of more than 1e12 KRW → 400 AMOUNT_TOO_LARGE", async () => {
    const u = await approvedMember();
    const r = await call(depositRoute, "POST", "/api/requests/deposit", {
      body: { amount: "1000000000001" },
      cookie: u.cookie,
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("AMOUNT_TOO_LARGE");
  });

  it("a number in a non-amount field is judged the same way (documentId 1e0 → 400, nothing approved)", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const m = await createUser({ idStatus: "PENDING" });
    const r = await call(approveIdRoute, "PATCH", `/api/admin/users/${m.id}/approve-id`, {
      body: '{"documentId":1e0}',
      cookie: admin.cookie,
      params: { id: String(m.id) },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION");
    expect(await wld(m.id)).toMatchObject({ holding: "0" });
  });
});

describe("A3 admin amounts are capped at 1e12", () => {
  const over = ["1000000000001", "1000000000000.000000000000000001", "99999999999999999999"];

  it("coin deposit: 1e12 is accepted, anything above is 400 AMOUNT_TOO_LARGE and credits nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const m = await createUser();
    const coin = (amount: unknown) =>
      call(coinRoute, "PATCH", `/api/admin/users/${m.id}/coin`, {
        body: { symbol: "WLD", amount, action: "DEPOSIT" },
        cookie: admin.cookie,
        params: { id: String(m.id) },
      });
    for (const amount of over) {
      const r = await coin(amount);
      expect(r.status, amount).toBe(400);
      expect(r.body.code, amount).toBe("AMOUNT_TOO_LARGE");
    }
    const exponent = await call(coinRoute, "PATCH", `/api/admin/users/${m.id}/coin`, {
      body: '{"symbol":"WLD","amount":1e3,"action":"DEPOSIT"}',
      cookie: admin.cookie,
      params: { id: String(m.id) },
    });
    expect(exponent.body.code).toBe("INVALID_AMOUNT");
    expect((await wld(m.id)).holding).toBe("0");
    // Accepted: above FOUR_EYES_LIMIT it becomes a proposal, which holds the amount exactly.
    const ok = await call(coinRoute, "PATCH", `/api/admin/users/${m.id}/coin`, {
      body: { symbol: "WLD", amount: "1000000000000", action: "DEPOSIT", reason: "cap" },
      cookie: admin.cookie,
      params: { id: String(m.id) },
    });
    expect(ok.status).toBe(202);
    expect(ok.body.proposal.payload.amount).toBe("1000000000000");
    await expectLedgerConsistent();
  });

  it("coinunhist, interest, staking withdraw and a product's minimum refuse more than 1e12", async () => {
    const admin = await createUser({ role: "SUPERADMIN" });
    const m = await createUser();
    await fund(m.id, { holding: "5", staked: "5" });
    const before = await snapshot(m.id);
    const id = String(m.id);
    const calls = [
      () =>
        call(coinUnhistRoute, "PATCH", `/api/admin/users/${id}/coinunhist`, {
          body: { symbol: "WLD", amount: over[0], action: "WITHDRAW" },
          cookie: admin.cookie,
          params: { id },
        }),
      () =>
        call(interestRoute, "PATCH", `/api/admin/users/${id}/interest`, {
          body: { amount: over[0], action: "deposit" },
          cookie: admin.cookie,
          params: { id },
        }),
      () =>
        call(stakingRoute, "PATCH", `/api/admin/users/${id}/staking`, {
          body: { symbol: "WLD", amount: over[0], action: "withdraw" },
          cookie: admin.cookie,
          params: { id },
        }),
      () =>
        call(productsRoute, "POST", "/api/admin/staking-products", {
          body: { coinSymbol: "WLD", name: "Big", annualRate: "5", minAmount: over[0] },
          cookie: admin.cookie,
        }),
    ];
    for (const c of calls) {
      const r = await c();
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: "AMOUNT_TOO_LARGE", field: expect.any(String) });
    }
    expect(await snapshot(m.id)).toEqual(before);
    await expectLedgerConsistent();
  });
});
