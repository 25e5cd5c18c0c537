/**
 * Races that leave holds or stale addresses. A transfer request locks the member row
 * (FOR SHARE) and needs an ACTIVE member; a wallet reset or a revoked ID approval rejects the member's
 * pending transfer/withdraw requests with a reason and releases their holds (the same function
 * deactivation uses). Concurrency on PostgreSQL; the sequential rules on both databases.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as deactivateRoute from "@/app/api/admin/users/[id]/route";
import * as rejectIdRoute from "@/app/api/admin/users/[id]/reject-id/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as walletRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { idDocuments } from "@/db/schema";
import { approvedMember, countOf, createUser, fund, OP_WALLET, wld, whileDeactivating } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const requestTransfer = (u: TestUser, type = "TRANSFER") =>
  call(transferRoute, "POST", "/api/transfer-requests", {
    cookie: u.cookie,
    body: { coinSymbol: "WLD", amount: "10", type },
  });
const resetWallet = (admin: TestUser, u: TestUser) =>
  call(walletRoute, "DELETE", `/api/users/by-id/${u.userId}/walletAddr`, {
    cookie: admin.cookie,
    params: { userId: u.userId },
  });
const deactivate = (admin: TestUser, u: TestUser) =>
  call(deactivateRoute, "DELETE", `/api/admin/users/${u.id}`, { cookie: admin.cookie, params: { id: String(u.id) } });

async function pendingOf(userId: number) {
  return rowsOf<{ id: string; wallet: string | null; reason: string | null }>(
    await (await getDb()).execute(
      sql`SELECT id::text AS id, wallet_addr AS wallet, reason FROM requests WHERE user_id = ${userId} AND status = 'PENDING'`,
    ),
  );
}

describe("pending requests follow the account, the address and the ID (issue 10 finding 9)", () => {
  it("a wallet reset rejects pending transfer and withdraw requests with a reason and releases the holds", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await approvedMember();
    await fund(u.id, { staked: "50" });
    expect((await requestTransfer(u, "TRANSFER")).status).toBe(201);
    expect((await requestTransfer(u, "WITHDRAW")).status).toBe(201);
    expect(await wld(u.id)).toMatchObject({ held: "20.4", staked: "29.6" });
    const r = await resetWallet(admin, u);
    expect(r.status).toBe(200);
    expect(await pendingOf(u.id)).toEqual([]);
    const rejected = rowsOf<{ reason: string }>(
      await (await getDb()).execute(
        sql`SELECT reason FROM requests WHERE user_id = ${u.id} AND status = 'REJECTED' ORDER BY id`,
      ),
    );
    expect(rejected.map((x) => x.reason)).toEqual(["wallet address reset", "wallet address reset"]);
    expect(await wld(u.id)).toMatchObject({ held: "0", staked: "50" });
    await expectLedgerConsistent();
  });

  it("revoking an approved ID rejects pending transfer requests and releases the hold", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await approvedMember();
    await (await getDb()).insert(idDocuments).values({ userId: u.id, status: "APPROVED", mime: "image/png" });
    await fund(u.id, { staked: "50" });
    expect((await requestTransfer(u)).status).toBe(201);
    const r = await call(rejectIdRoute, "PATCH", `/api/admin/users/${u.id}/reject-id`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
      body: { reason: "forged document" },
    });
    expect(r.status).toBe(200);
    expect(await pendingOf(u.id)).toEqual([]);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM requests WHERE user_id = ${u.id} AND status = 'REJECTED' AND reason = 'ID approval revoked'`,
      ),
    ).toBe(1);
    expect(await wld(u.id)).toMatchObject({ held: "0", staked: "50" });
    await expectLedgerConsistent();
  });

  it.runIf(onPostgres())(
    "a transfer request waits for a deactivation in progress and is then refused (PostgreSQL)",
    async () => {
      const u = await approvedMember();
      await fund(u.id, { staked: "50" });
      const { early, result } = await whileDeactivating(u.id, () => requestTransfer(u));
      expect(early).toBe("waiting");
      expect(result.status).toBe(404);
      expect(await pendingOf(u.id)).toEqual([]);
      expect(await wld(u.id)).toMatchObject({ held: "0", staked: "50" });
      await expectLedgerConsistent();
    },
  );

  it.runIf(onPostgres())(
    "deactivation racing transfer requests never leaves a PENDING hold (PostgreSQL, 15 rounds)",
    async () => {
      const admin = await createUser({ role: "ADMIN" });
      const outcomes = new Set<number>();
      for (let round = 0; round < 15; round++) {
        const u = await approvedMember();
        await fund(u.id, { staked: "50" });
        const [req, off] = await Promise.all([requestTransfer(u), deactivate(admin, u)]);
        expect(off.status).toBe(200);
        outcomes.add(req.status);
        expect(await pendingOf(u.id)).toEqual([]);
        expect(await wld(u.id)).toMatchObject({ held: "0", staked: "50" });
      }
      // 201 (then rejected by the deactivation), or refused once the member is gone.
      for (const s of outcomes) expect([201, 401, 404]).toContain(s);
      await expectLedgerConsistent();
    },
  );

  it.runIf(onPostgres())(
    "a wallet reset racing transfer requests never leaves a PENDING request to the old address (PostgreSQL, 15 rounds)",
    async () => {
      const admin = await createUser({ role: "ADMIN" });
      const u = await approvedMember();
      await fund(u.id, { staked: "500" });
      const db = await getDb();
      for (let round = 0; round < 15; round++) {
        // Each reset starts a 24 h cool-down; cleared here so every round's request really races a reset.
        await db.execute(
          sql`UPDATE users SET wallet_addr = ${OP_WALLET}, money_cooldown_until = NULL WHERE id = ${u.id}`,
        );
        const [req, reset] = await Promise.all([requestTransfer(u), resetWallet(admin, u)]);
        expect(reset.status).toBe(200);
        // 201 (then rejected by the reset), or refused after it: 409 WALLET_REQUIRED, or 403 COOLDOWN.
        expect([201, 409, 403]).toContain(req.status);
        if (req.status === 403) expect(req.body.code).toBe("COOLDOWN");
        expect((await pendingOf(u.id)).filter((p) => p.wallet === OP_WALLET)).toEqual([]);
      }
      expect(await wld(u.id)).toMatchObject({ held: "0", staked: "500" });
      await expectLedgerConsistent();
    },
  );
});
