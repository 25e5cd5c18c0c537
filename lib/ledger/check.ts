/**
 * The ledger's invariants (DESIGN.md §3): each account's balance equals the sum of its entries;
 * all entries of a coin (and of each posting, per coin) sum to zero; no member account is negative.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";

export type Violation = { invariant: string; detail: string };

export async function checkLedger(db: DbOrTx): Promise<Violation[]> {
  const violations: Violation[] = [];

  const drift = rowsOf<{ id: string; balance: string; sum: string }>(
    await db.execute(sql`
      SELECT a.id::text AS id, a.balance::text AS balance, COALESCE(s.sum, 0)::text AS sum
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, SUM(amount) AS sum FROM ledger_entries GROUP BY account_id) s
        ON s.account_id = a.id
      WHERE a.balance <> COALESCE(s.sum, 0)`),
  );
  for (const r of drift)
    violations.push({ invariant: "balance = sum(entries)", detail: `account ${r.id}: ${r.balance} ≠ ${r.sum}` });

  const coins = rowsOf<{ coin: string; sum: string }>(
    await db.execute(sql`
      SELECT coin::text AS coin, SUM(amount)::text AS sum FROM ledger_entries GROUP BY coin HAVING SUM(amount) <> 0`),
  );
  for (const r of coins) violations.push({ invariant: "entries of a coin sum to zero", detail: `${r.coin}: ${r.sum}` });

  const postings = rowsOf<{ posting_id: string; coin: string; sum: string }>(
    await db.execute(sql`
      SELECT posting_id::text AS posting_id, coin::text AS coin, SUM(amount)::text AS sum
      FROM ledger_entries GROUP BY posting_id, coin HAVING SUM(amount) <> 0 LIMIT 100`),
  );
  for (const r of postings)
    violations.push({ invariant: "each posting balances", detail: `posting ${r.posting_id} ${r.coin}: ${r.sum}` });

  const mismatched = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT e.id::text AS id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.coin <> a.coin LIMIT 100`),
  );
  for (const r of mismatched) violations.push({ invariant: "entry coin = account coin", detail: `entry ${r.id}` });

  const negative = rowsOf<{ id: string; balance: string }>(
    await db.execute(sql`
      SELECT id::text AS id, balance::text AS balance FROM ledger_accounts
      WHERE user_id IS NOT NULL AND balance < 0`),
  );
  for (const r of negative)
    violations.push({ invariant: "no member account below zero", detail: `account ${r.id}: ${r.balance}` });

  return violations;
}
