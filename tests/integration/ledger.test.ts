import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { credit, debit, memberBalances, move, post, member, system } from "@/lib/ledger";
import { checkLedger } from "@/lib/ledger/check";
import { createUser } from "../factories/users";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

describe("ledger core", () => {
  it("credits, moves and debits with balanced postings and visible history", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, {
      userId: u.id,
      coin: "WLD",
      amount: "100.123456789012345678",
      memberTx: [{ userId: u.id, type: "DEPOSIT", coinSymbol: "WLD", amount: "100.123456789012345678" }],
    });
    await move(db, { userId: u.id, coin: "WLD", amount: "40", from: "holding", to: "staked" });
    await debit(db, { userId: u.id, coin: "WLD", amount: "0.123456789012345678", from: "holding" });
    const b = await memberBalances(db, u.id);
    expect(b.WLD).toEqual({ holding: "60", staked: "40", held: "0", rewards: "0" });
    const tx = rowsOf<{ n: string }>(
      await db.execute(sql`select count(*)::text as n from transactions where user_id = ${u.id}`),
    );
    expect(tx[0]?.n).toBe("1");
    await expectLedgerConsistent();
  });

  it("refuses to take a member account below zero and changes nothing", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "5" });
    await expect(debit(db, { userId: u.id, coin: "WLD", amount: "5.000000000000000001" })).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
    });
    expect((await memberBalances(db, u.id)).WLD?.holding).toBe("5");
    await expectLedgerConsistent();
  });

  it("refuses unbalanced postings and member-kind mismatches before touching the database", async () => {
    const db = await getDb();
    const u = await createUser();
    await expect(
      post(db, {
        kind: "BAD",
        legs: [
          { account: member(u.id, "WLD", "holding"), amount: "1" },
          { account: system("WLD", "external"), amount: "-0.5" },
        ],
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      post(db, {
        kind: "BAD",
        legs: [
          { account: { userId: u.id, coin: "WLD", kind: "external" } as never, amount: "1" },
          { account: system("WLD", "fees"), amount: "-1" },
        ],
      }),
    ).rejects.toThrow(/does not fit/);
    expect(await memberBalances(db, u.id)).toEqual({});
  });

  it("applies an idempotency key once; the same key with another body is refused", async () => {
    const db = await getDb();
    const u = await createUser();
    const args = { userId: u.id, coin: "WLD" as const, amount: "7", idempotencyKey: `k-${u.id}`, requestHash: "h1" };
    const first = await credit(db, args);
    const again = await credit(db, args);
    expect(again.replayed).toBe(true);
    expect(again.postingId).toBe(first.postingId);
    await expect(credit(db, { ...args, amount: "8", requestHash: "h2" })).rejects.toMatchObject({
      code: "IDEMPOTENCY_MISMATCH",
    });
    expect((await memberBalances(db, u.id)).WLD?.holding).toBe("7");
    await expectLedgerConsistent();
  });

  it("the database itself refuses a negative member balance (CHECK constraint)", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "1" });
    await expect(db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${u.id}`)).rejects.toThrow();
  });

  it("G32 entries and the audit log cannot be rewritten by the application", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, {
      userId: u.id,
      coin: "WLD",
      amount: "1",
      audit: { action: "admin.coin.deposit", targetUserId: u.id },
    });
    const reason = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
    await expect(db.execute(sql`update ledger_entries set amount = 2`).catch(reason)).resolves.toMatch(/immutable/);
    await expect(db.execute(sql`delete from audit_log`).catch(reason)).resolves.toMatch(/append-only/);
  });

  it(`200 parallel debits of 1 WLD against 50 leave exactly 0 (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "50" });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => debit(db, { userId: u.id, coin: "WLD", amount: "1" })),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as { code?: string }).code === "INSUFFICIENT_FUNDS",
    ).length;
    console.log(
      `[ledger race on ${onPostgres() ? "PostgreSQL" : "PGlite"}] 200 debits of 1 against 50: ${ok} succeeded, ${refused} refused cleanly`,
    );
    expect(ok).toBe(50);
    expect(refused).toBe(150);
    expect((await memberBalances(db, u.id)).WLD?.holding).toBe("0");
    await expectLedgerConsistent();
  });

  it("transfers in opposite directions at once never deadlock (fixed lock order)", async () => {
    const db = await getDb();
    const a = await createUser();
    const b = await createUser();
    await credit(db, { userId: a.id, coin: "WLD", amount: "100" });
    await credit(db, { userId: b.id, coin: "WLD", amount: "100" });
    const legs = (from: number, to: number) => [
      { account: member(from, "WLD", "holding"), amount: "-1" },
      { account: member(to, "WLD", "holding"), amount: "1" },
    ];
    const jobs = Array.from({ length: 60 }, (_, i) =>
      post(db, { kind: "P2P", legs: i % 2 ? legs(a.id, b.id) : legs(b.id, a.id) }),
    );
    await Promise.all(jobs);
    expect((await memberBalances(db, a.id)).WLD?.holding).toBe("100");
    await expectLedgerConsistent();
  });

  it("ledger check finds a tampered entry", async () => {
    const db = await getDb();
    const u = await createUser();
    await credit(db, { userId: u.id, coin: "WLD", amount: "3" });
    expect(await checkLedger(db)).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update`);
      await tx.execute(
        sql`update ledger_entries set amount = amount * 2 where id = (select max(id) from ledger_entries)`,
      );
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update`);
    });
    const violations = await checkLedger(db);
    expect(violations.map((v) => v.invariant)).toEqual(
      expect.arrayContaining(["balance = sum(entries)", "entries of a coin sum to zero", "each posting balances"]),
    );
  });
});
