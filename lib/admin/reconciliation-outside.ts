/**
 * Reconciliation with the outside (/admin/reconciliation, GET /api/admin/reconciliation `outside`): the books against
 * the chain and the bank, read straight from the tables.
 *
 * - Per network: what was paid with proof (Σ amount of PAID transfers/withdrawals, each with a verified hash) against
 *   what the ledger says was paid (the external credits of the postings that moved coins out of the `payouts`
 *   account for a request of that network), and what is in transit (Σ amount of APPROVED + SENDING). Per coin, the
 *   `payouts` account's balance must equal everything in transit (the ledger invariant of lib/ledger/check.ts).
 * - KRW: the credit lines of the uploaded statements matched to a deposit against the KRW of the deposits credited
 *   (with a matched line, and without one: approvals that named the KRW received). A matched line whose deposit still
 *   waits for a second administrator is counted apart.
 * - In red: transfers/withdrawals APPROVED or SENDING, and deposits PENDING/EXPIRED with no matched line, for longer
 *   than STUCK_HOURS; statement lines waiting for a person (REVIEW).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { env } from "@/lib/env";
import { D, type Dec } from "@/lib/money";

export const OUTSIDE_NETWORKS = ["ERC20", "OP", "WORLDCHAIN"] as const;

export type OutsideNetwork = {
  network: string;
  /** Σ amount of PAID requests (paid with proof) and how many. */
  paidWithProof: string;
  paidCount: number;
  /** Σ of the external credits the ledger posted out of `payouts` for this network's requests. */
  ledgerPaid: string;
  /** paidWithProof − ledgerPaid: zero when the books and the chain agree. */
  difference: string;
  /** Σ amount of APPROVED (to be sent) and SENDING (hash recorded, not final) requests. */
  approved: string;
  sending: string;
  inTransit: string;
  ok: boolean;
};

export type OutsidePayouts = {
  coin: string;
  /** The `payouts` system account's balance (what the ledger holds in transit). */
  balance: string;
  /** Σ amount of APPROVED + SENDING requests of this coin. */
  inTransit: string;
  ok: boolean;
};

export type OutsideKrw = {
  /** Σ KRW of the statement lines matched to a deposit, and how many. */
  statementMatched: string;
  statementMatchedCount: number;
  /** Of those, lines whose deposit is not credited yet (its approval waits for a second administrator). */
  awaitingCredit: string;
  /** Σ KRW received of the APPROVED deposits paid by a matched line, and of those credited without one. */
  creditedWithLine: string;
  creditedWithoutLine: string;
  creditedWithoutLineCount: number;
  /** statementMatched − awaitingCredit − creditedWithLine: zero when the bank and the books agree. */
  difference: string;
  ok: boolean;
};

export type StuckRequest = {
  id: number;
  type: string;
  status: string;
  userId: string;
  amount: string;
  coin: string;
  krwAmount: string | null;
  depositorName: string | null;
  network: string | null;
  since: string;
  hours: number;
};

export type ReviewLineSummary = {
  id: number;
  occurredAt: string;
  depositorName: string;
  amountKrw: string;
  reviewReason: string | null;
};

export type Outside = {
  ok: boolean;
  stuckHours: number;
  networks: OutsideNetwork[];
  payouts: OutsidePayouts[];
  krw: OutsideKrw;
  /** Oldest first, at most LIST_MAX each; the counts are complete. */
  stuckPayouts: StuckRequest[];
  stuckPayoutsCount: number;
  stuckDeposits: StuckRequest[];
  stuckDepositsCount: number;
  reviewLines: ReviewLineSummary[];
  reviewCount: number;
  reviewKrw: string;
};

const LIST_MAX = 50;
const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const dec = (v: string | null | undefined) => new D(v ?? "0");
const txt = (v: Dec) => v.toFixed();

/**
 * A transfer/withdrawal approved before the payout step (migration 0020) was paid out by its approval (its settle
 * posting credited external, lib/wallet/payouts.ts): it is not in transit, can take no hash, and is left out of these
 * figures and the stuck list, as the ledger invariant leaves it out (lib/ledger/check.ts).
 */
const notPaidByApproval = sql`NOT EXISTS (
  SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
  WHERE e.posting_id = r.settle_posting_id AND a.kind::text = 'external')`;

/** The figures as of `at` (the application clock). */
export async function outsideReconciliation(db: DbOrTx, at: Date): Promise<Outside> {
  const stuckHours = env().STUCK_HOURS;
  const cutoff = new Date(at.getTime() - stuckHours * 3_600_000).toISOString();

  // Requests of every network, by status (the network is the first segment of the payout address).
  const byStatus = rowsOf<{ network: string; status: string; sum: string; n: string | number }>(
    await db.execute(sql`
      SELECT split_part(r.wallet_addr, '|', 1) AS network, r.status::text AS status,
        COALESCE(SUM(r.amount), 0)::text AS sum, COUNT(*) AS n
      FROM requests r
      WHERE r.type IN ('TRANSFER', 'WITHDRAW') AND r.status::text IN ('APPROVED', 'SENDING', 'PAID')
        AND (r.status::text = 'PAID' OR ${notPaidByApproval})
      GROUP BY 1, 2`),
  );
  // The ledger's payouts → external postings (lib/wallet/payouts.ts markPaid: kind <TYPE>_PAID, idempotency key
  // `request-paid:<id>`, memo `request <id> <hash>`), each tied to its request, so per network.
  const ledgerPaid = rowsOf<{ network: string | null; sum: string }>(
    await db.execute(sql`
      WITH sent AS (
        SELECT p.id,
          COALESCE(substring(p.idempotency_key FROM '^request-paid:([0-9]+)$'),
            substring(p.memo FROM '^request ([0-9]+)')) AS request_id,
          SUM(e.amount) FILTER (WHERE a.kind::text = 'external') AS external
        FROM ledger_postings p
          JOIN ledger_entries e ON e.posting_id = p.id
          JOIN ledger_accounts a ON a.id = e.account_id
        GROUP BY p.id, p.idempotency_key, p.memo
        HAVING bool_or(a.kind::text = 'payouts' AND e.amount < 0)
          AND COALESCE(SUM(e.amount) FILTER (WHERE a.kind::text = 'external'), 0) > 0
      )
      SELECT split_part(r.wallet_addr, '|', 1) AS network, SUM(s.external)::text AS sum
      FROM sent s
        LEFT JOIN requests r ON r.id = s.request_id::bigint
      GROUP BY 1`),
  );
  const payoutsBalance = rowsOf<{ coin: string; balance: string }>(
    await db.execute(sql`
      SELECT coin::text AS coin, SUM(balance)::text AS balance FROM ledger_accounts
      WHERE kind::text = 'payouts' GROUP BY coin`),
  );
  const inTransitByCoin = rowsOf<{ coin: string; sum: string }>(
    await db.execute(sql`
      SELECT r.coin_symbol::text AS coin, SUM(r.amount)::text AS sum FROM requests r
      WHERE r.type IN ('TRANSFER', 'WITHDRAW') AND r.status::text IN ('APPROVED', 'SENDING') AND ${notPaidByApproval}
      GROUP BY 1`),
  );

  const names = new Set<string>(OUTSIDE_NETWORKS);
  for (const r of byStatus) names.add(r.network || "?");
  for (const r of ledgerPaid) names.add(r.network || "?");
  const networks: OutsideNetwork[] = [...names].map((network) => {
    const of = (status: string) => byStatus.find((r) => (r.network || "?") === network && r.status === status);
    const paid = dec(of("PAID")?.sum);
    const ledger = ledgerPaid
      .filter((r) => (r.network || "?") === network)
      .reduce((s, r) => s.plus(dec(r.sum)), new D(0));
    const approved = dec(of("APPROVED")?.sum);
    const sending = dec(of("SENDING")?.sum);
    return {
      network,
      paidWithProof: txt(paid),
      paidCount: Number(of("PAID")?.n ?? 0),
      ledgerPaid: txt(ledger),
      difference: txt(paid.minus(ledger)),
      approved: txt(approved),
      sending: txt(sending),
      inTransit: txt(approved.plus(sending)),
      ok: paid.eq(ledger),
    };
  });

  const coins = new Set([...payoutsBalance.map((r) => r.coin), ...inTransitByCoin.map((r) => r.coin)]);
  const payouts: OutsidePayouts[] = [...coins].sort().map((coin) => {
    const balance = dec(payoutsBalance.find((r) => r.coin === coin)?.balance);
    const inTransit = dec(inTransitByCoin.find((r) => r.coin === coin)?.sum);
    return { coin, balance: txt(balance), inTransit: txt(inTransit), ok: balance.eq(inTransit) };
  });

  const [k] = rowsOf<{
    matched: string;
    matched_n: string | number;
    awaiting: string;
    with_line: string;
    without_line: string;
    without_n: string | number;
  }>(
    await db.execute(sql`
      SELECT
        (SELECT COALESCE(SUM(amount_krw), 0) FROM bank_statement_lines WHERE status = 'MATCHED')::text AS matched,
        (SELECT COUNT(*) FROM bank_statement_lines WHERE status = 'MATCHED') AS matched_n,
        (SELECT COALESCE(SUM(l.amount_krw), 0) FROM bank_statement_lines l JOIN requests r ON r.id = l.request_id
          WHERE l.status = 'MATCHED' AND r.status::text <> 'APPROVED')::text AS awaiting,
        (SELECT COALESCE(SUM(COALESCE(r.krw_received, r.krw_amount)), 0) FROM requests r
          WHERE r.type = 'DEPOSIT' AND r.status::text = 'APPROVED' AND r.bank_line_id IS NOT NULL)::text AS with_line,
        (SELECT COALESCE(SUM(COALESCE(r.krw_received, r.krw_amount)), 0) FROM requests r
          WHERE r.type = 'DEPOSIT' AND r.status::text = 'APPROVED' AND r.bank_line_id IS NULL)::text AS without_line,
        (SELECT COUNT(*) FROM requests r
          WHERE r.type = 'DEPOSIT' AND r.status::text = 'APPROVED' AND r.bank_line_id IS NULL) AS without_n`),
  );
  const matched = dec(k?.matched);
  const awaiting = dec(k?.awaiting);
  const withLine = dec(k?.with_line);
  const krwDifference = matched.minus(awaiting).minus(withLine);
  const krw: OutsideKrw = {
    statementMatched: txt(matched),
    statementMatchedCount: Number(k?.matched_n ?? 0),
    awaitingCredit: txt(awaiting),
    creditedWithLine: txt(withLine),
    creditedWithoutLine: txt(dec(k?.without_line)),
    creditedWithoutLineCount: Number(k?.without_n ?? 0),
    difference: txt(krwDifference),
    ok: krwDifference.eq(0),
  };

  type StuckRow = {
    id: string | number;
    type: string;
    status: string;
    handle: string;
    amount: string;
    coin: string;
    krw_amount: string | null;
    depositor_name: string | null;
    network: string | null;
    since: string;
    total: string | number;
  };
  const stuck = (rows: StuckRow[]): StuckRequest[] =>
    rows.map((r) => ({
      id: Number(r.id),
      type: r.type,
      status: r.status,
      userId: r.handle,
      amount: r.amount,
      coin: r.coin,
      krwAmount: r.krw_amount,
      depositorName: r.depositor_name,
      network: r.network || null,
      since: r.since,
      hours: Math.floor((at.getTime() - Date.parse(r.since)) / 3_600_000),
    }));
  const columns = sql`r.id, r.type::text AS type, u.user_id AS handle, trim_scale(r.amount)::text AS amount,
    r.coin_symbol::text AS coin, r.krw_amount::text AS krw_amount, r.depositor_name,
    NULLIF(split_part(COALESCE(r.wallet_addr, ''), '|', 1), '') AS network, COUNT(*) OVER () AS total`;
  // A payout is stuck since it last changed status (approved, or its hash recorded).
  const payoutRows = rowsOf<StuckRow>(
    await db.execute(sql`
      SELECT ${columns}, r.status::text AS status, ${iso("r.updated_at")} AS since
      FROM requests r JOIN users u ON u.id = r.user_id
      WHERE r.type IN ('TRANSFER', 'WITHDRAW') AND r.status::text IN ('APPROVED', 'SENDING')
        AND r.updated_at < ${cutoff}::timestamptz AND ${notPaidByApproval}
      ORDER BY r.updated_at, r.id LIMIT ${LIST_MAX}`),
  );
  // A deposit is stuck since it was asked for: no statement line paid it and nobody credited or closed it.
  const depositRows = rowsOf<StuckRow>(
    await db.execute(sql`
      SELECT ${columns},
        (CASE WHEN r.status::text = 'PENDING' AND r.quote_expires_at <= ${at.toISOString()}::timestamptz
          THEN 'EXPIRED' ELSE r.status::text END) AS status,
        ${iso("r.created_at")} AS since
      FROM requests r JOIN users u ON u.id = r.user_id
      WHERE r.type = 'DEPOSIT' AND r.status::text IN ('PENDING', 'EXPIRED') AND r.bank_line_id IS NULL
        AND r.created_at < ${cutoff}::timestamptz
      ORDER BY r.created_at, r.id LIMIT ${LIST_MAX}`),
  );
  const review = rowsOf<{
    id: string | number;
    occurred_at: string;
    depositor_name: string;
    amount_krw: string;
    review_reason: string | null;
    total: string | number;
    krw: string;
  }>(
    await db.execute(sql`
      SELECT id, ${iso("occurred_at")} AS occurred_at, depositor_name, amount_krw::text AS amount_krw, review_reason,
        COUNT(*) OVER () AS total, (SUM(amount_krw) OVER ())::text AS krw
      FROM bank_statement_lines WHERE status = 'REVIEW'
      ORDER BY occurred_at, id LIMIT ${LIST_MAX}`),
  );

  const out: Outside = {
    ok: false,
    stuckHours,
    networks,
    payouts,
    krw,
    stuckPayouts: stuck(payoutRows),
    stuckPayoutsCount: Number(payoutRows[0]?.total ?? 0),
    stuckDeposits: stuck(depositRows),
    stuckDepositsCount: Number(depositRows[0]?.total ?? 0),
    reviewLines: review.map((r) => ({
      id: Number(r.id),
      occurredAt: r.occurred_at,
      depositorName: r.depositor_name,
      amountKrw: r.amount_krw,
      reviewReason: r.review_reason,
    })),
    reviewCount: Number(review[0]?.total ?? 0),
    reviewKrw: review[0]?.krw ?? "0",
  };
  out.ok =
    networks.every((n) => n.ok) &&
    payouts.every((p) => p.ok) &&
    krw.ok &&
    out.stuckPayoutsCount === 0 &&
    out.stuckDepositsCount === 0 &&
    out.reviewCount === 0;
  return out;
}
