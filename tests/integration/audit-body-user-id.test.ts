/**
 * A member id in a body or query never selects another member. POST /api/transfer-requests
 * and POST /api/requests/deposit with a body userId naming someone else, and check-duplicate with such a query,
 * answer 403 and create nothing — like a mismatching x-user-id. The caller's own handle (any case) is fine.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as deposit from "@/app/api/requests/deposit/route";
import * as checkDuplicate from "@/app/api/transfer-requests/check-duplicate/route";
import * as transferRequests from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { approvedMember, fund } from "../factories/money";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

async function requestCount(userId: number): Promise<number> {
  const db = await getDb();
  return Number(
    rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text n from requests where user_id = ${userId}`))[0]!.n,
  );
}

describe("C17 a body or query userId is the caller's own or refused", () => {
  it("a transfer request naming another member is 403 and creates nothing; the caller's own handle works", async () => {
    const member = await approvedMember();
    const victim = await approvedMember();
    await fund(member.id, { staked: "50" });
    await fund(victim.id, { staked: "50" });
    const body = (userId: string) => ({ userId, coinSymbol: "WLD", amount: "10", type: "TRANSFER" });
    const other = await call(transferRequests, "POST", "/api/transfer-requests", {
      cookie: member.cookie,
      body: body(victim.userId),
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("FORBIDDEN");
    expect(await requestCount(member.id)).toBe(0);
    expect(await requestCount(victim.id)).toBe(0);
    const own = await call(transferRequests, "POST", "/api/transfer-requests", {
      cookie: member.cookie,
      body: body(member.userId.toUpperCase()),
    });
    expect(own.status).toBe(201);
    await expectLedgerConsistent();
  });

  it("a deposit request naming another member is 403 and creates nothing", async () => {
    const member = await createUser();
    const victim = await createUser();
    const res = await call(deposit, "POST", "/api/requests/deposit", {
      cookie: member.cookie,
      body: { userId: victim.userId, coinSymbol: "WLD", amount: "10000" },
    });
    expect(res.status).toBe(403);
    expect(await requestCount(member.id)).toBe(0);
    expect(await requestCount(victim.id)).toBe(0);
  });

  it("check-duplicate answers only about the caller", async () => {
    const member = await createUser();
    const victim = await createUser();
    const q = (userId: string) =>
      `/api/transfer-requests/check-duplicate?userId=${userId}&coinSymbol=WLD&type=TRANSFER`;
    expect((await call(checkDuplicate, "GET", q(victim.userId), { cookie: member.cookie })).status).toBe(403);
    expect((await call(checkDuplicate, "GET", q(member.userId), { cookie: member.cookie })).body).toEqual({
      exists: false,
    });
  });
});
