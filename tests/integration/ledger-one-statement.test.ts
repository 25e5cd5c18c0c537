/**
 * The one-statement posting (SQL function ledger_post, db/migrations/0004) keeps every ledger rule in the
 * database itself: these call it through lib/ledger and, where a rule must hold without our TypeScript
 * checks, directly in SQL.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { credit, memberAccountsForUpdate, memberBalances, move, post, member, system } from "@/lib/ledger";
import { createUser } from "../factories/users";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const where = onPostgres() ? "PostgreSQL" : "PGlite";

async function count(table: "ledger_postings" | "ledger_entries" | "transactions" | "audit_log") {
  const db = await getDb();
  const [row] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from ${sql.raw(table)}`));
  return Number(row?.n);
}

async function counts() {
  return {
    postings: await count("ledger_postings"),
    entries: await count("ledger_entries"),
    history: await count("transactions"),
    audit: await count("audit_log"),
  };
}

describe(`one-statement posting (${where})`, () => {
  it("writes the posting, its entries, the history row and the audit row together, and answers the balances", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "10" });
    const before = await counts();
    const res = await move(db, {
      kind: "SWAP",
      userId: u.id,
      coin: "WLD",
      amount: "2.5",
      from: "holding",
      to: "staked",
      actorId: u.id,
      memberTx: [{ userId: u.id, type: "STAKING", coinSymbol: "WLD", amount: "2.5" }],
      audit: { action: "admin.coin.deposit", actorId: u.id, targetUserId: u.id, ip: "10.0.0.1", requestId: "r-1" },
    });
    expect(res.replayed).toBe(false);
    expect(res.balances).toEqual([
      { account: member(u.id, "WLD", "holding"), balance: "7.5" },
      { account: member(u.id, "WLD", "staked"), balance: "2.5" },
    ]);
    expect(res.transactionIds).toHaveLength(1);
    expect(await counts()).toEqual({
      postings: before.postings + 1,
      entries: before.entries + 2,
      history: before.history + 1,
      audit: before.audit + 1,
    });
    const [a] = rowsOf<{ after: unknown; ip: string; request_id: string; before: unknown }>(
      await db.execute(sql`select after, ip, request_id, before from audit_log order by id desc limit 1`),
    );
    expect(a).toMatchObject({ ip: "10.0.0.1", request_id: "r-1", before: null });
    const after = typeof a?.after === "string" ? JSON.parse(a.after) : a?.after;
    expect(after).toEqual({ posting: res.postingId, kind: "SWAP" });
    await expectLedgerConsistent();
  });

  it("a posting that would overdraw one of several accounts moves nothing and writes nothing", async () => {
    const db = await getDb();
    const u = await createUser();
    const v = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "5" });
    await credit(db, { userId: v.id, coin: "WLD", amount: "1" });
    const before = await counts();
    await expect(
      post(db, {
        kind: "P2P",
        legs: [
          { account: member(u.id, "WLD", "holding"), amount: "-1" },
          { account: member(v.id, "WLD", "holding"), amount: "-2" },
          { account: member(u.id, "WLD", "staked"), amount: "3" },
        ],
        memberTx: [{ userId: u.id, type: "STAKING", coinSymbol: "WLD", amount: "3" }],
        audit: { action: "admin.coin.deposit", actorId: u.id },
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS", params: { account: "holding" } });
    expect(await counts()).toEqual(before);
    expect((await memberBalances(db, u.id)).WLD).toMatchObject({ holding: "5", staked: "0" });
    expect((await memberBalances(db, v.id)).WLD).toMatchObject({ holding: "1" });
    await expectLedgerConsistent();
  });

  it("inside a caller's transaction a refusal rolls the whole transaction back (no savepoint)", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "3" });
    const before = await counts();
    await expect(
      db.transaction(async (tx) => {
        await move(tx, { userId: u.id, coin: "WLD", amount: "1", from: "holding", to: "staked" });
        await move(tx, { userId: u.id, coin: "WLD", amount: "5", from: "holding", to: "staked" });
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await counts()).toEqual(before);
    expect((await memberBalances(db, u.id)).WLD).toMatchObject({ holding: "3", staked: "0" });
  });

  it("A2 a replayed key answers the first posting and its history rows and writes nothing; another hash → 422", async () => {
    const db = await getDb();
    const u = await createUser();
    const args = {
      userId: u.id,
      coin: "WLD" as const,
      amount: "4",
      idempotencyKey: `replay-${u.id}`,
      requestHash: "h1",
      memberTx: [{ userId: u.id, type: "DEPOSIT" as const, coinSymbol: "WLD" as const, amount: "4" }],
    };
    const first = await credit(db, args);
    const before = await counts();
    const again = await credit(db, args);
    expect(again).toEqual({
      postingId: first.postingId,
      replayed: true,
      balances: [],
      transactionIds: first.transactionIds,
    });
    expect(await counts()).toEqual(before);
    await expect(credit(db, { ...args, requestHash: "h2" })).rejects.toMatchObject({ code: "IDEMPOTENCY_MISMATCH" });
    await expect(credit(db, { ...args, requestHash: undefined })).rejects.toMatchObject({
      code: "IDEMPOTENCY_MISMATCH",
    });
    expect((await memberBalances(db, u.id)).WLD?.holding).toBe("4");
  });

  it(`A2 20 concurrent postings with one key apply once (${where})`, async () => {
    const db = await getDb();
    const u = await createUser();
    const args = { userId: u.id, coin: "WLD" as const, amount: "1", idempotencyKey: `race-${u.id}`, requestHash: "h" };
    const results = await Promise.all(Array.from({ length: 20 }, () => credit(db, args)));
    expect(new Set(results.map((r) => r.postingId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await memberBalances(db, u.id)).WLD?.holding).toBe("1");
    await expectLedgerConsistent();
  });

  it(`postings on the same accounts in opposite leg order, and account locks taken by callers, never deadlock (${where})`, async () => {
    const db = await getDb();
    const a = await createUser();
    const b = await createUser();
    await credit(db, { userId: a.id, coin: "WLD", amount: "100" });
    await credit(db, { userId: b.id, coin: "WLD", amount: "100" });
    await move(db, { userId: a.id, coin: "WLD", amount: "20", from: "holding", to: "staked" });
    const legs = (from: number, to: number) => [
      { account: member(to, "WLD", "holding"), amount: "1" },
      { account: system("WLD", "fees"), amount: "0.5" },
      { account: member(from, "WLD", "holding"), amount: "-1.5" },
      { account: system("WLD", "external"), amount: "-0.5" },
      { account: member(from, "WLD", "staked"), amount: "0.5" },
    ];
    const jobs = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 2)
        // A caller that locks one member's accounts first (as a transfer request does), then posts.
        return db.transaction(async (tx) => {
          const { holding } = await memberAccountsForUpdate(tx, a.id, "WLD");
          expect(Number(holding)).toBeGreaterThan(0);
          await move(tx, { userId: a.id, coin: "WLD", amount: "0.5", from: "staked", to: "holding" });
        });
      return post(db, { kind: "P2P", legs: i % 2 ? legs(a.id, b.id) : legs(b.id, a.id) });
    });
    await Promise.all(jobs);
    await expectLedgerConsistent();
  });

  it("the database refuses what the TypeScript checks would: unbalanced, zero or over-precise legs, a single leg", async () => {
    const db = await getDb();
    const u = await createUser();
    const call = (legs: unknown[]) =>
      db.execute(
        sql`select ledger_post('RAW', null, null, null, null, ${JSON.stringify(legs)}::jsonb, null, null)::text`,
      );
    const m = (a: string) => ({ u: u.id, c: "WLD", k: "holding", a });
    const s = (a: string) => ({ u: null, c: "WLD", k: "external", a });
    const before = await counts();
    await expect(call([m("1"), s("-0.5")])).rejects.toThrow();
    await expect(call([m("1"), s("-1"), m("0"), s("0")])).rejects.toThrow();
    await expect(call([m("0.0000000000000000001"), s("-0.0000000000000000001")])).rejects.toThrow();
    await expect(call([m("1")])).rejects.toThrow();
    // A member leg on a system kind cannot create its account (CHECK ledger_accounts_kind_owner).
    await expect(call([{ ...m("1"), k: "fees" }, s("-1")])).rejects.toThrow();
    expect(await counts()).toEqual(before);
    // …and a well-formed one goes through.
    await call([m("1"), s("-1")]);
    expect((await memberBalances(db, u.id)).WLD?.holding).toBe("1");
    await expectLedgerConsistent();
  });
});
