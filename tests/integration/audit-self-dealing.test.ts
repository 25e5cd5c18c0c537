/**
 * SECURITY H33, H34: no administrator can move money to themselves alone, and an ADMIN
 * never acts on a SUPERADMIN account. Through the real route handlers: the audit's chain "credit myself → swap →
 * withdraw request → approve it myself" stops at its first and its last step; an admin cannot approve their own
 * ID (the 1000 WLD), set anyone's payout address, or act on a SUPERADMIN; deactivated members take no credits.
 * Every refusal changes nothing, answers 403 SELF_ACTION / FORBIDDEN, and leaves an AUTHZ_DENIED row.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as deleteMember from "@/app/api/admin/users/[id]/route";
import * as approveId from "@/app/api/admin/users/[id]/approve-id/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as coinUnhist from "@/app/api/admin/users/[id]/coinunhist/route";
import * as stakingRate from "@/app/api/admin/users/[id]/staking-rate/route";
import * as toggleRole from "@/app/api/admin/users/[id]/toggle-role/route";
import * as decide from "@/app/api/admin/requests/[id]/route";
import * as transferRequests from "@/app/api/transfer-requests/route";
import * as idImageFile from "@/app/api/id-images/[key]/route";
import * as uploadId from "@/app/api/upload-id/route";
import * as swap from "@/app/api/users/[userId]/swap/route";
import * as walletAddr from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { fund, OP_WALLET, setFreshWldPrice, wld } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { pngImage } from "./kyc-images";

const credit = (admin: TestUser, targetId: number, amount = "500000") =>
  call(coinRoute, "PATCH", `/api/admin/users/${targetId}/coin`, {
    cookie: admin.cookie,
    params: { id: String(targetId) },
    body: { symbol: "WLD", amount, action: "DEPOSIT" },
  });

async function postingCount(): Promise<number> {
  const db = await getDb();
  return Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text n from ledger_postings`))[0]!.n);
}

async function denials(actorId: number): Promise<string[]> {
  const db = await getDb();
  return rowsOf<{ reason: string }>(
    await db.execute(
      sql`select after->>'reason' as reason from audit_log where action = 'AUTHZ_DENIED' and actor_id = ${actorId} order by id`,
    ),
  ).map((r) => r.reason);
}

describe("H33 no administrator can pay themselves", () => {
  it("the chain credit self → swap → withdraw → approve stops at the credit and at the approval", async () => {
    const admin = await createUser({ role: "ADMIN", idStatus: "APPROVED", walletAddr: OP_WALLET });
    const colleague = await createUser({ role: "ADMIN" });
    await setFreshWldPrice(); // a withdraw request is valued at the known price (daily limit)
    const before = await postingCount();

    const minted = await credit(admin, admin.id);
    expect(minted.status).toBe(403);
    expect(minted.body.code).toBe("SELF_ACTION");
    expect(minted.body.error).toMatch(/본인 계정/);
    expect(await postingCount()).toBe(before);
    expect((await wld(admin.id)).holding).toBe("0");

    // Even with coins credited by a colleague, the withdrawal needs someone else's approval.
    expect((await credit(colleague, admin.id, "100")).status).toBe(200);
    const swapped = await call(swap, "POST", `/api/users/${admin.userId}/swap`, {
      cookie: admin.cookie,
      params: { userId: admin.userId },
      body: { amount: "100" },
    });
    expect(swapped.status).toBe(200);
    const asked = await call(transferRequests, "POST", "/api/transfer-requests", {
      cookie: admin.cookie,
      body: { coinSymbol: "WLD", amount: "50", type: "WITHDRAW" },
    });
    expect(asked.status).toBe(201);
    const id = String(asked.body.request.id);

    const approved = await call(decide, "PATCH", `/api/admin/requests/${id}`, {
      cookie: admin.cookie,
      params: { id },
      body: { action: "approve" },
    });
    expect(approved.status).toBe(403);
    expect(approved.body.code).toBe("SELF_ACTION");
    expect((await wld(admin.id)).held).toBe("50.2");

    const byColleague = await call(decide, "PATCH", `/api/admin/requests/${id}`, {
      cookie: colleague.cookie,
      params: { id },
      body: { action: "approve" },
    });
    expect(byColleague.status).toBe(200);
    expect(await denials(admin.id)).toEqual(["self-action", "self-action"]);
    await expectLedgerConsistent();
  });

  it("an admin cannot approve their own ID (the 1000 WLD reward) nor change their own rate or role", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const form = new FormData();
    form.append("idImage", new Blob([new Uint8Array(await pngImage())], { type: "image/png" }), "id.png");
    expect((await call(uploadId, "POST", "/api/upload-id", { rawBody: form, cookie: admin.cookie })).status).toBe(201);

    const res = await call(approveId, "PATCH", `/api/admin/users/${admin.id}/approve-id`, {
      cookie: admin.cookie,
      params: { id: String(admin.id) },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SELF_ACTION");
    expect((await wld(admin.id)).holding).toBe("0");

    const rate = await call(stakingRate, "PATCH", `/api/admin/users/${admin.id}/staking-rate`, {
      cookie: admin.cookie,
      params: { id: String(admin.id) },
      body: { coinSymbol: "WLD", rate: "500" },
    });
    expect(rate.body.code).toBe("SELF_ACTION");

    const sa = await createUser({ role: "SUPERADMIN" });
    const demote = await call(toggleRole, "PATCH", `/api/admin/users/${sa.id}/toggle-role`, {
      cookie: sa.cookie,
      params: { id: String(sa.id) },
      body: { role: "USER" },
    });
    expect(demote.body.code).toBe("SELF_ACTION");
    const selfDelete = await call(deleteMember, "DELETE", `/api/admin/users/${admin.id}`, {
      cookie: admin.cookie,
      params: { id: String(admin.id) },
    });
    expect(selfDelete.body.code).toBe("SELF_ACTION");
    await expectLedgerConsistent();
  });

  it("administrators may only reset a payout address, never set one", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser({ idStatus: "APPROVED" });
    const set = await call(walletAddr, "POST", `/api/users/by-id/${member.userId}/walletAddr`, {
      cookie: admin.cookie,
      params: { userId: member.userId },
      body: { walletAddr: OP_WALLET, currentPassword: admin.password },
    });
    expect(set.status).toBe(403);
    const db = await getDb();
    const [row] = rowsOf<{ wallet_addr: string | null }>(
      await db.execute(sql`select wallet_addr from users where id = ${member.id}`),
    );
    expect(row!.wallet_addr).toBeNull();
  });
});

describe("H34 an ADMIN never acts on a SUPERADMIN", () => {
  it("a debit of a SUPERADMIN's holding is refused and changes nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const sa = await createUser({ role: "SUPERADMIN" });
    await fund(sa.id, { holding: "10" });
    const res = await call(coinUnhist, "PATCH", `/api/admin/users/${sa.id}/coinunhist`, {
      cookie: admin.cookie,
      params: { id: String(sa.id) },
      body: { symbol: "WLD", amount: "10", action: "WITHDRAW" },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect((await wld(sa.id)).holding).toBe("10");
    expect(await denials(admin.id)).toEqual(["superadmin-target"]);
    await expectLedgerConsistent();
  });
});

describe("H34 an ADMIN never sees a SUPERADMIN's ID image", () => {
  it("the image URL answers 403 to an ADMIN and 200 to another SUPERADMIN and the owner", async () => {
    const sa = await createUser({ role: "SUPERADMIN" });
    const form = new FormData();
    form.append("idImage", new Blob([new Uint8Array(await pngImage())], { type: "image/png" }), "id.png");
    const uploaded = await call(uploadId, "POST", "/api/upload-id", { rawBody: form, cookie: sa.cookie });
    expect(uploaded.status).toBe(201);
    const url = uploaded.body.url as string;
    const open = (cookie: string) => call(idImageFile, "GET", url, { cookie, params: { key: url.split("/").pop()! } });
    const admin = await createUser({ role: "ADMIN" });
    const other = await createUser({ role: "SUPERADMIN" });
    expect((await open(admin.cookie)).status).toBe(403);
    expect((await open(other.cookie)).status).toBe(200);
    expect((await open(sa.cookie)).status).toBe(200);
    expect(await denials(admin.id)).toEqual(["superadmin-target"]);
  });
});

describe("deactivated members take no credits", () => {
  it("a credit to a deactivated member is 404 and posts nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const gone = await call(deleteMember, "DELETE", `/api/admin/users/${member.id}`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
    });
    expect(gone.status).toBe(200);
    const before = await postingCount();
    const res = await credit(admin, member.id, "10");
    expect(res.status).toBe(404);
    expect(await postingCount()).toBe(before);
    await expectLedgerConsistent();
  });
});
