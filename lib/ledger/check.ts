/**
 * The ledger's invariants (DESIGN.md, "Money and the ledger"): each account's balance equals the sum of its entries;
 * all entries of a coin (and of each posting, per coin) sum to zero; no member account is negative.
 * One query per invariant, exported: `npm run ledger:check`, the tests, the console's reconciliation
 * (/admin/reconciliation, lib/admin/reconciliation.ts) and GET /api/health?deep=1 all run these same queries.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin } from "@/db/schema";
import { D } from "@/lib/money";
import { MEMBER_KINDS, type MemberKind, SYSTEM_KINDS, type SystemKind } from "./index";

export type Violation = { invariant: string; detail: string };

export type Invariant = {
  /** Stable key (the console's translations use it). */
  key:
    | "balance-matches-entries"
    | "coin-sums-to-zero"
    | "posting-balances"
    | "entry-coin-matches"
    | "no-negative-member"
    | "payouts-in-transit";
  /** The name `npm run ledger:check` prints. */
  invariant: string;
  /** The rows that break it, each described. */
  violations: (db: DbOrTx) => Promise<string[]>;
};

export const INVARIANTS: readonly Invariant[] = [
  {
    key: "balance-matches-entries",
    invariant: "balance = sum(entries)",
    violations: async (db) =>
      rowsOf<{ id: string; balance: string; sum: string }>(
        await db.execute(sql`
          SELECT a.id::text AS id, a.balance::text AS balance, COALESCE(s.sum, 0)::text AS sum
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, SUM(amount) AS sum FROM ledger_entries GROUP BY account_id) s
            ON s.account_id = a.id
          WHERE a.balance <> COALESCE(s.sum, 0)`),
      ).map((r) => `account ${r.id}: ${r.balance} ≠ ${r.sum}`),
  },
  {
    key: "coin-sums-to-zero",
    invariant: "entries of a coin sum to zero",
    violations: async (db) =>
      rowsOf<{ coin: string; sum: string }>(
        await db.execute(sql`
          SELECT coin::text AS coin, SUM(amount)::text AS sum FROM ledger_entries GROUP BY coin HAVING SUM(amount) <> 0`),
      ).map((r) => `${r.coin}: ${r.sum}`),
  },
  {
    key: "posting-balances",
    invariant: "each posting balances",
    violations: async (db) =>
      rowsOf<{ posting_id: string; coin: string; sum: string }>(
        await db.execute(sql`
          SELECT posting_id::text AS posting_id, coin::text AS coin, SUM(amount)::text AS sum
          FROM ledger_entries GROUP BY posting_id, coin HAVING SUM(amount) <> 0 LIMIT 100`),
      ).map((r) => `posting ${r.posting_id} ${r.coin}: ${r.sum}`),
  },
  {
    key: "entry-coin-matches",
    invariant: "entry coin = account coin",
    violations: async (db) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`
          SELECT e.id::text AS id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.coin <> a.coin LIMIT 100`),
      ).map((r) => `entry ${r.id}`),
  },
  {
    key: "no-negative-member",
    invariant: "no member account below zero",
    violations: async (db) =>
      rowsOf<{ id: string; balance: string }>(
        await db.execute(sql`
          SELECT id::text AS id, balance::text AS balance FROM ledger_accounts
          WHERE user_id IS NOT NULL AND balance < 0`),
      ).map((r) => `account ${r.id}: ${r.balance}`),
  },
  {
    // Approval moves a transfer/withdraw's amount into `payouts`; PAID moves it on to external, FAILED back
    // to the member. So per coin the account holds exactly what is approved but not yet proven sent. Requests
    // approved before the payout step (migration 0020) were paid out by their approval (their settle posting
    // credited external): left out.
    key: "payouts-in-transit",
    invariant: "payouts = approved and sending payouts",
    violations: async (db) =>
      rowsOf<{ coin: string; balance: string; open: string }>(
        await db.execute(sql`
          WITH open AS (
            SELECT r.coin_symbol::text AS coin, SUM(r.amount) AS sum FROM requests r
            WHERE r.type::text IN ('TRANSFER', 'WITHDRAW') AND r.status::text IN ('APPROVED', 'SENDING')
              AND NOT EXISTS (
                SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                WHERE e.posting_id = r.settle_posting_id AND a.kind::text = 'external')
            GROUP BY 1),
          bal AS (
            SELECT coin::text AS coin, SUM(balance) AS sum FROM ledger_accounts
            WHERE user_id IS NULL AND kind::text = 'payouts' GROUP BY 1)
          SELECT COALESCE(o.coin, b.coin) AS coin, COALESCE(b.sum, 0)::text AS balance, COALESCE(o.sum, 0)::text AS open
          FROM open o FULL JOIN bal b ON b.coin = o.coin
          WHERE COALESCE(b.sum, 0) <> COALESCE(o.sum, 0)`),
      ).map((r) => `${r.coin}: payouts ${r.balance} ≠ approved and sending ${r.open}`),
  },
];

export type InvariantState = { key: Invariant["key"]; invariant: string; ok: boolean; details: string[] };

/** Every invariant with its state (in order). */
export async function invariantStates(db: DbOrTx): Promise<InvariantState[]> {
  const out: InvariantState[] = [];
  for (const inv of INVARIANTS) {
    const details = await inv.violations(db);
    out.push({ key: inv.key, invariant: inv.invariant, ok: details.length === 0, details });
  }
  return out;
}

export async function checkLedger(db: DbOrTx): Promise<Violation[]> {
  return (await invariantStates(db)).flatMap((s) => s.details.map((detail) => ({ invariant: s.invariant, detail })));
}

/**
 * Per coin: what members are owed (their holding + staked + held + rewards balances) against the platform's
 * system accounts. Every posting balances, so the members' total and the system accounts' total must cancel
 * out (`difference` = owed + system = 0); decimal strings.
 */
export type CoinPosition = {
  coin: Coin;
  members: Record<MemberKind, string>;
  owed: string;
  system: Record<SystemKind, string>;
  systemTotal: string;
  difference: string;
  ok: boolean;
};

export async function coinPositions(db: DbOrTx): Promise<CoinPosition[]> {
  const rows = rowsOf<{ coin: Coin; kind: string; total: string }>(
    await db.execute(sql`
      SELECT coin::text AS coin, kind::text AS kind, SUM(balance)::text AS total
      FROM ledger_accounts GROUP BY coin, kind ORDER BY coin, kind`),
  );
  const byCoin = new Map<Coin, CoinPosition>();
  for (const r of rows) {
    let p = byCoin.get(r.coin);
    if (!p) {
      p = {
        coin: r.coin,
        members: Object.fromEntries(MEMBER_KINDS.map((k) => [k, "0"])) as Record<MemberKind, string>,
        owed: "0",
        system: Object.fromEntries(SYSTEM_KINDS.map((k) => [k, "0"])) as Record<SystemKind, string>,
        systemTotal: "0",
        difference: "0",
        ok: true,
      };
      byCoin.set(r.coin, p);
    }
    const total = new D(r.total).toFixed();
    if ((MEMBER_KINDS as readonly string[]).includes(r.kind)) p.members[r.kind as MemberKind] = total;
    else p.system[r.kind as SystemKind] = total;
  }
  for (const p of byCoin.values()) {
    const owed = MEMBER_KINDS.reduce((s, k) => s.plus(p.members[k]), new D(0));
    const system = SYSTEM_KINDS.reduce((s, k) => s.plus(p.system[k]), new D(0));
    p.owed = owed.toFixed();
    p.systemTotal = system.toFixed();
    p.difference = owed.plus(system).toFixed();
    p.ok = owed.plus(system).eq(0);
  }
  return [...byCoin.values()];
}
