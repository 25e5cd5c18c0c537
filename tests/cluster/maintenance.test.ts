/**
 * Maintenance is shared by every instance at once (lib/maintenance: the pause lives in the database, read on every
 * member action; no instance caches it): through the real deployment (nginx → three standalone instances →
 * PgBouncer → PostgreSQL), an administrator pauses transfers on one instance and the others refuse them at the
 * next request; resuming on another instance lifts it everywhere as fast. No restart anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, login, PASSWORD, seedMembers, storeWldPrice, WALLET } from "../system/support/api";
import { createAdmin } from "./fixtures";
import { clusterSkipReason, report, startTestCluster, type TestCluster } from "./support";

const skip = clusterSkipReason();
if (skip) report(`maintenance tests skipped: ${skip}`);

describe.skipIf(skip !== null)("maintenance across the cluster", () => {
  let t: TestCluster;
  let adminCookie: string;
  const base = (i: number) => t.cluster.instances[i]!.base;

  beforeAll(async () => {
    t = await startTestCluster("maint", 3);
    await storeWldPrice(t.db.sql);
    await createAdmin(t.db.sql, t.db.url, "maintadmin");
    adminCookie = await login(base(0), "maintadmin", PASSWORD);
  }, 300_000);

  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  /** A member with an approved ID, an OP address and 50 WLD staked (credited and swapped through the app). */
  async function sender(userId: string) {
    const [m] = await seedMembers(t.db.sql, [{ userId, idStatus: "APPROVED", walletAddr: WALLET }]);
    const credit = await call(base(0), "PATCH", `/api/admin/users/${m!.id}/coin`, {
      cookie: adminCookie,
      body: { symbol: "WLD", amount: "100", action: "DEPOSIT" },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const cookie = await login(base(1), userId, PASSWORD);
    const swap = await call(base(1), "POST", `/api/users/${userId}/swap`, { cookie, body: { amount: "50" } });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    return { ...m!, cookie };
  }

  const ask = (i: number | "nginx", member: { cookie: string }, type: "TRANSFER" | "WITHDRAW") =>
    call(i === "nginx" ? t.cluster.url : base(i), "POST", "/api/transfer-requests", {
      cookie: `${member.cookie}; NEXT_LOCALE=en`,
      body: { coinSymbol: "WLD", amount: "10", type },
    });

  it("a pause made on one instance refuses transfers on the others at once; a resume on another lifts it", async () => {
    const a = await sender("maintsendera");
    const b = await sender("maintsenderb");
    const c = await sender("maintsenderc");
    // Every instance has served a transfer-path request before the pause (nothing to warm up or cache after it).
    expect((await ask(2, c, "TRANSFER")).status).toBe(201);
    expect((await ask(1, c, "WITHDRAW")).status).toBe(201);

    const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const paused = await call(base(0), "POST", "/api/admin/maintenance", {
      cookie: adminCookie,
      body: { feature: "transfer:OP", reasonKo: "노드 교체", reasonEn: "Node replacement", until },
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(201);
    const t0 = performance.now();

    for (const i of [1, 2] as const) {
      const r = await ask(i, a, "TRANSFER");
      expect(r.status, `instance ${i}: ${JSON.stringify(r.body)}`).toBe(503);
      expect(r.body).toMatchObject({
        code: "MAINTENANCE",
        feature: "transfer:OP",
        until: new Date(until).toISOString(),
        reason: "Node replacement",
      });
    }
    const viaNginx = await ask("nginx", b, "TRANSFER");
    expect(viaNginx.status).toBe(503);
    report(
      `transfers refused on instances 1 and 2 and through nginx ${(performance.now() - t0).toFixed(0)} ms after the pause`,
    );
    // Only that action: a withdrawal on the same network still goes through on another instance.
    expect((await ask(2, a, "WITHDRAW")).status).toBe(201);
    // The banners' list is the same on every instance.
    for (const i of [0, 1, 2]) {
      const list = await call(base(i), "GET", "/api/maintenance");
      expect(list.body.pauses, `instance ${i}`).toEqual([expect.objectContaining({ feature: "transfer:OP" })]);
    }
    // The console keeps working on every instance.
    expect((await call(base(2), "GET", "/api/admin/maintenance", { cookie: adminCookie })).status).toBe(200);

    const resumed = await call(base(1), "POST", `/api/admin/maintenance/${paused.body.pause.id}/resume`, {
      cookie: adminCookie,
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect((await ask(2, a, "TRANSFER")).status).toBe(201);
    expect((await ask(0, b, "TRANSFER")).status).toBe(201);
    const rows = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM requests r JOIN users u ON u.id = r.user_id
      WHERE u.user_id IN ('maintsendera', 'maintsenderb') AND r.type = 'TRANSFER'`;
    expect(rows[0]!.n).toBe(2); // the refused ones wrote nothing
  });
});
