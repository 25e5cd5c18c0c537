import { describe, expect, it } from "vitest";
import * as deleteMember from "@/app/api/admin/users/[id]/route";
import * as transferRequests from "@/app/api/transfer-requests/route";
import { approvedMember, createUser, fund, wld } from "../factories/money";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

describe("deactivating a member with a pending request", () => {
  it("rejects the request and returns its hold to staked, so no coins stay held for a closed account", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await approvedMember();
    await fund(member.id, { staked: "50" });
    const created = await call(transferRequests, "POST", "/api/transfer-requests", {
      cookie: member.cookie,
      body: { coinSymbol: "WLD", amount: "10", type: "TRANSFER" },
    });
    expect(created.status).toBe(201);
    expect(await wld(member.id)).toMatchObject({ held: "10.2", staked: "39.8" });

    const res = await call(deleteMember, "DELETE", `/api/admin/users/${member.id}`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
    });
    expect(res.status).toBe(200);
    expect(await wld(member.id)).toMatchObject({ held: "0", staked: "50" });
    await expectLedgerConsistent();
  });
});
