/**
 * Set-based postings: one posting that credits many members at once from one system account
 * (the daily staking reward for 100,000 members is one posting, not 100,000 round trips).
 *
 * Same rules as lib/ledger/index.ts: one database transaction; entries balance per coin (one entry per
 * member row plus one opposite entry on the system account); balances change only by relative,
 * guarded updates computed from the posting's own entries; account rows are locked in id order first,
 * so a concurrent single posting (which also locks in id order) cannot deadlock with a batch; and an
 * idempotency key makes the whole batch apply at most once (a concurrent second run waits on the key's
 * unique index, then sees it used and does nothing).
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf, type Tx } from "@/db/client";
import type { Coin } from "@/db/schema";
import { type AuditEvent, audit } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { countPosting } from "@/lib/metrics";
import { D, toDecimalString } from "@/lib/money";
import type { MemberKind, SystemKind } from "./index";

export type BatchCreditInput = {
  /** What happened, e.g. "STAKING_REWARD". */
  kind: string;
  /** Required: a batch is always a retryable job. */
  idempotencyKey: string;
  coin: Coin;
  /** The system account the coins come from (e.g. rewards_pool); it may go negative, as system accounts do. */
  from: SystemKind;
  /** The member account kind that receives them (e.g. rewards). */
  to: MemberKind;
  actorId?: number | null;
  memo?: string;
  /**
   * Called once inside the transaction, after the posting row exists. Returns a query yielding
   * `(user_id integer, amount numeric)` rows, amount > 0 with at most 18 decimals, which must read the
   * same for the rest of the transaction (rows the callback has just written, or a deterministic
   * select) — the ledger reads it more than once.
   */
  rows: (tx: Tx, postingId: number) => Promise<SQL>;
  audit?: Omit<AuditEvent, "after"> & { after?: unknown };
};

export type BatchCreditResult = {
  postingId: number;
  /** True when the idempotency key had been used: nothing moved this time. */
  replayed: boolean;
  /** Member entries written (0 on replay). */
  count: number;
  /** Sum credited to members, a decimal string ("0" on replay). */
  total: string;
};

/** Credits many members of one coin from one system account in a single balanced posting. */
export async function postBatchCredit(db: DbOrTx, input: BatchCreditInput): Promise<BatchCreditResult> {
  const result = await batchCredit(db, input);
  countPosting(input.kind, result.replayed);
  return result;
}

async function batchCredit(db: DbOrTx, input: BatchCreditInput): Promise<BatchCreditResult> {
  const { coin, from, to } = input;
  return db.transaction(async (tx) => {
    const inserted = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO ledger_postings (kind, idempotency_key, actor_id, memo)
        VALUES (${input.kind}, ${input.idempotencyKey}, ${input.actorId ?? null}, ${input.memo ?? null})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id::text AS id`),
    );
    if (!inserted[0]) {
      const prior = rowsOf<{ id: string }>(
        await tx.execute(
          sql`SELECT id::text AS id FROM ledger_postings WHERE idempotency_key = ${input.idempotencyKey}`,
        ),
      );
      if (!prior[0]) throw new Error("ledger: idempotency key conflict without a posting");
      return { postingId: Number(prior[0].id), replayed: true, count: 0, total: "0" };
    }
    const postingId = Number(inserted[0].id);
    const rows = await input.rows(tx, postingId);

    const [stats] = rowsOf<{ n: string; bad: string; total: string | null }>(
      await tx.execute(sql`
        SELECT count(*)::text AS n,
               count(*) FILTER (WHERE r.amount IS NULL OR r.amount <= 0 OR r.amount <> round(r.amount, 18))::text AS bad,
               sum(r.amount)::text AS total
        FROM (${rows}) r`),
    );
    if (!stats) throw new Error("ledger: batch statistics missing");
    if (stats.bad !== "0") throw new Error("ledger: batch rows must be positive with at most 18 decimals");
    const count = Number(stats.n);
    if (count === 0) return { postingId, replayed: false, count: 0, total: "0" };

    // Accounts: the members' (created when missing) and the system account. Only the missing ones are offered
    // to the insert: a conflicting insert costs a speculative index entry per row (0.9 s for 150,000 members
    // who all had their account, docs/scaling.md section 4); ON CONFLICT still settles a concurrent creation.
    await tx.execute(sql`
      INSERT INTO ledger_accounts (user_id, coin, kind)
      SELECT DISTINCT r.user_id, ${coin}::coin, ${to}::account_kind FROM (${rows}) r
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE a.user_id = r.user_id AND a.coin = ${coin}::coin AND a.kind = ${to}::account_kind)
      UNION ALL SELECT NULL, ${coin}::coin, ${from}::account_kind
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE a.user_id IS NULL AND a.coin = ${coin}::coin AND a.kind = ${from}::account_kind)
      ON CONFLICT DO NOTHING`);

    // Lock every touched account in id order, as post() does, before any balance moves.
    await tx.execute(sql`
      SELECT a.id FROM ledger_accounts a
      WHERE (a.coin = ${coin}::coin AND a.kind = ${to}::account_kind AND a.user_id IN (SELECT r.user_id FROM (${rows}) r))
         OR (a.user_id IS NULL AND a.coin = ${coin}::coin AND a.kind = ${from}::account_kind)
      ORDER BY a.id
      FOR NO KEY UPDATE`);

    await tx.execute(sql`
      INSERT INTO ledger_entries (posting_id, account_id, coin, amount)
      SELECT ${postingId}::bigint, a.id, ${coin}::coin, r.amount
      FROM (${rows}) r
      JOIN ledger_accounts a ON a.user_id = r.user_id AND a.coin = ${coin}::coin AND a.kind = ${to}::account_kind
      UNION ALL
      SELECT ${postingId}::bigint, a.id, ${coin}::coin, -${stats.total}::numeric
      FROM ledger_accounts a
      WHERE a.user_id IS NULL AND a.coin = ${coin}::coin AND a.kind = ${from}::account_kind`);

    // Balances move by the posting's own entries, one relative update per account; a member account may
    // never go below zero (only the system leg is negative here, but the guard keeps the rule explicit).
    const [moved] = rowsOf<{ updated: string; accounts: string }>(
      await tx.execute(sql`
        WITH e AS (
          SELECT account_id, sum(amount) AS amount FROM ledger_entries WHERE posting_id = ${postingId}::bigint GROUP BY account_id
        ), u AS (
          UPDATE ledger_accounts a SET balance = a.balance + e.amount, updated_at = now()
          FROM e
          WHERE a.id = e.account_id AND (a.user_id IS NULL OR a.balance + e.amount >= 0)
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM u)::text AS updated, (SELECT count(*) FROM e)::text AS accounts`),
    );
    if (!moved || moved.updated !== moved.accounts) throw new AppError("INSUFFICIENT_FUNDS", { account: to });

    const [check] = rowsOf<{ entries: string; sum: string }>(
      await tx.execute(sql`
        SELECT count(*)::text AS entries, COALESCE(sum(amount), 0)::text AS sum
        FROM ledger_entries WHERE posting_id = ${postingId}::bigint`),
    );
    // Every member row found its account, plus exactly one system entry, and the posting balances.
    if (!check || Number(check.entries) !== count + 1 || !new D(check.sum).eq(0))
      throw new Error("ledger: batch posting does not balance");

    if (input.audit) {
      await audit(tx, {
        ...input.audit,
        after: input.audit.after ?? { posting: postingId, kind: input.kind, count, total: stats.total },
      });
    }
    return { postingId, replayed: false, count, total: toDecimalString(stats.total ?? "0") };
  });
}
