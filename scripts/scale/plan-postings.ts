/**
 * scale:generate's requests and postings plan (scripts/scale/generate.ts, stage 4): from the member plan
 * (scale_gen.m, ./plan-members.ts), every request (`scale_gen.rq`: KRW purchases, expired quotes, transfers and
 * withdrawals) and every posting in time order (`scale_gen.ev`: the KYC reward, deposit approvals, holds and
 * payouts, swaps into the lock, each day's reward run), each with its legs as (account, amount) arrays in the order
 * the app writes them, its history row, notification and audit row; then the requests, their events and the
 * history rows themselves.
 */
import { type SQL, sql } from "drizzle-orm";

type Exec = { execute: (q: SQL) => Promise<unknown> };

export type PostingPlan = {
  /** The administrator who decided the ID checks and requests. */
  adminId: number;
  /** The system accounts' ids. */
  acc: { external: number; fees: number; airdrop: number; rewards_pool: number };
  /** The first and last reward day (KST). */
  firstDay: string;
  lastDay: string;
};

const lit = (n: number) => sql.raw(String(Math.trunc(n)));

export async function planPostings(tx: Exec, p: PostingPlan): Promise<void> {
  const { adminId: ADMIN_ID, acc: ACC, firstDay, lastDay } = p;
  await tx.execute(sql`
  CREATE UNLOGGED TABLE scale_gen.rq AS
  SELECT row_number() OVER (ORDER BY created_at, g, kind) AS rid, * FROM (
    SELECT g, id AS user_id, 'DEPOSIT' AS kind, dep_at AS created_at, dep_amt AS amount, 0::numeric AS fee, dep_amt AS total,
      dep_krw AS krw, dep_price AS price, NULL::text AS wallet, 'APPROVED' AS status, dep_done AS done_at
    FROM scale_gen.m WHERE dep_at IS NOT NULL
    UNION ALL
    SELECT g, id, 'DEPOSIT', exp_at, trunc(exp_krw / exp_price, 6), 0, trunc(exp_krw / exp_price, 6), exp_krw, exp_price,
      NULL, 'EXPIRED', exp_at + interval '10 minutes'
    FROM scale_gen.m WHERE exp_at IS NOT NULL
    UNION ALL
    SELECT g, id, x_type, t3, x_amt, x_fee, x_total, NULL, scale_gen.price(t3), wallet,
      CASE WHEN x_done IS NULL THEN 'PENDING' ELSE 'APPROVED' END, x_done
    FROM scale_gen.m WHERE t3 IS NOT NULL
  ) r`);
  await tx.execute(sql`CREATE INDEX ON scale_gen.rq (g)`);
  const acc = (k: number) => sql.raw(`(4 + 4 * (m.g - 1) + ${k})`);
  // One row per posting: its legs as (account, amount) arrays in the order the app writes them, the history
  // row, the notification and the audit row it comes with.
  await tx.execute(sql`
  CREATE UNLOGGED TABLE scale_gen.ev AS
  SELECT row_number() OVER (ORDER BY at, ord, user_id) AS id, e.* FROM (
    SELECT m.kyc_at AS at, 1 AS ord, m.id AS user_id, 'KYC_REWARD' AS kind, 'kyc-reward:' || m.id AS key, NULL::text AS memo,
      ${lit(ADMIN_ID)} AS actor, NULL::date AS day,
      ARRAY[${lit(ACC.airdrop)}, ${acc(1)}]::bigint[] AS leg_acc, ARRAY[-1000, 1000]::numeric[] AS leg_amt,
      'DEPOSIT' AS tx_type, 1000::numeric AS tx_amt,
      'id_approved' AS note, jsonb_build_object('reward', '1000') AS note_params,
      'kyc.approve' AS audit, d.doc_id::text AS audit_target, jsonb_build_object('idStatus', 'PENDING') AS audit_before,
      jsonb_build_object('idStatus', 'APPROVED', 'document', d.doc_id, 'rewardPaid', true) AS audit_after
    FROM scale_gen.m m JOIN scale_gen.docs d ON d.user_id = m.id
    WHERE m.id_status = 'APPROVED' AND m.status = 'ACTIVE'
    UNION ALL
    SELECT r.done_at, 2, r.user_id, 'DEPOSIT_APPROVE', 'request-settle:' || r.rid, 'request ' || r.rid, ${lit(ADMIN_ID)}, NULL,
      ARRAY[${lit(ACC.external)}, ${acc(1)}], ARRAY[-r.amount, r.amount], 'DEPOSIT', r.amount,
      'request_approved', jsonb_build_object('requestId', r.rid, 'type', 'DEPOSIT', 'coin', 'WLD', 'amount', trim_scale(r.amount)::text),
      'request.approved', r.rid::text, jsonb_build_object('status', 'PENDING'), jsonb_build_object('status', 'APPROVED')
    FROM scale_gen.rq r JOIN scale_gen.m m ON m.g = r.g WHERE r.kind = 'DEPOSIT' AND r.status = 'APPROVED'
    UNION ALL
    SELECT m.t1, 3, m.id, 'SWAP', NULL, NULL, m.id, NULL, ARRAY[${acc(1)}, ${acc(2)}], ARRAY[-m.a1, m.a1], 'STAKING', m.a1,
      NULL, NULL, NULL, NULL, NULL, NULL
    FROM scale_gen.m m WHERE m.staker
    UNION ALL
    SELECT m.t2, 3, m.id, 'SWAP', NULL, NULL, m.id, NULL, ARRAY[${acc(1)}, ${acc(2)}], ARRAY[-m.a2, m.a2], 'STAKING', m.a2,
      NULL, NULL, NULL, NULL, NULL, NULL
    FROM scale_gen.m m WHERE m.t2 IS NOT NULL
    UNION ALL
    SELECT r.created_at, 4, r.user_id, r.kind || '_HOLD', 'request-hold:' || r.rid, 'request ' || r.rid, r.user_id, NULL,
      ARRAY[${acc(2)}, ${acc(3)}], ARRAY[-r.total, r.total], NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM scale_gen.rq r JOIN scale_gen.m m ON m.g = r.g WHERE r.kind IN ('TRANSFER', 'WITHDRAW')
    UNION ALL
    SELECT r.done_at, 5, r.user_id, r.kind || '_PAYOUT', 'request-settle:' || r.rid, 'request ' || r.rid, ${lit(ADMIN_ID)}, NULL,
      ARRAY[${acc(3)}, ${lit(ACC.external)}, ${lit(ACC.fees)}], ARRAY[-r.total, r.amount, r.fee], r.kind, -r.total,
      'request_approved', jsonb_build_object('requestId', r.rid, 'type', r.kind, 'coin', 'WLD', 'amount', trim_scale(r.amount)::text),
      'request.approved', r.rid::text, jsonb_build_object('status', 'PENDING'), jsonb_build_object('status', 'APPROVED')
    FROM scale_gen.rq r JOIN scale_gen.m m ON m.g = r.g WHERE r.kind IN ('TRANSFER', 'WITHDRAW') AND r.status = 'APPROVED'
    UNION ALL
    SELECT (d::date + 1)::timestamp AT TIME ZONE 'Asia/Seoul' + interval '5 minutes', 0, NULL, 'STAKING_REWARD',
      'reward-run:WLD:' || d::date, 'staking reward WLD ' || d::date, NULL, d::date, NULL, NULL, NULL, NULL, NULL, NULL,
      'staking.reward_run', 'WLD:' || d::date, NULL, NULL
    FROM generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d
  ) e`);
  await tx.execute(sql`CREATE INDEX ON scale_gen.ev (at)`);
  await tx.execute(sql`CREATE INDEX ON scale_gen.ev (key)`);
  await tx.execute(sql`
  INSERT INTO ledger_postings (id, kind, idempotency_key, actor_id, memo, created_at)
  SELECT id, kind, key, actor, memo, at FROM scale_gen.ev ORDER BY id`);
  await tx.execute(sql`
  INSERT INTO requests (id, user_id, type, coin_symbol, amount, fee, total, krw_amount, price_krw, wallet_addr, quote_expires_at,
                        status, hold_posting_id, settle_posting_id, handled_by, created_at, updated_at)
  SELECT r.rid, r.user_id, r.kind::request_type, 'WLD', r.amount, r.fee, r.total, r.krw, r.price, r.wallet,
    CASE WHEN r.kind = 'DEPOSIT' THEN r.created_at + interval '10 minutes' END,
    -- A year-old payout is long proven (PAID; its posting goes straight to external).
    (CASE WHEN r.kind IN ('TRANSFER', 'WITHDRAW') AND r.status = 'APPROVED' THEN 'PAID' ELSE r.status END)::request_status,
    (SELECT e.id FROM scale_gen.ev e WHERE e.key = 'request-hold:' || r.rid),
    (SELECT e.id FROM scale_gen.ev e WHERE e.key = 'request-settle:' || r.rid),
    CASE WHEN r.status = 'APPROVED' THEN ${lit(ADMIN_ID)} END, r.created_at, coalesce(r.done_at, r.created_at)
  FROM scale_gen.rq r ORDER BY r.rid`);
  await tx.execute(sql`
  INSERT INTO request_events (request_id, status, actor_id, created_at)
  SELECT rid, status::request_status, actor, at FROM (
    SELECT rid, 'PENDING' AS status, user_id AS actor, created_at AS at FROM scale_gen.rq
    UNION ALL
    SELECT rid, status, CASE WHEN status = 'APPROVED' THEN ${lit(ADMIN_ID)} END, done_at FROM scale_gen.rq WHERE status <> 'PENDING'
  ) x ORDER BY at, rid`);
  await tx.execute(sql`
  INSERT INTO transactions (user_id, type, coin_symbol, amount, posting_id, created_at)
  SELECT user_id, tx_type::tx_type, 'WLD', tx_amt, id, at FROM scale_gen.ev WHERE tx_type IS NOT NULL ORDER BY id`);
}

/** The audit trail of the planned postings, through the audit log's own hash-chain trigger (switched on here). */
export async function writeAudit(tx: Exec): Promise<void> {
  await tx.execute(sql`SET LOCAL session_replication_role = origin`);
  await tx.execute(sql`
    INSERT INTO audit_log (at, actor_id, action, target_user_id, target_id, before, after)
    SELECT e.at, e.actor, e.audit, e.user_id, e.audit_target, e.audit_before,
      CASE WHEN e.kind = 'STAKING_REWARD'
        THEN jsonb_build_object('posting', e.id, 'kind', e.kind, 'count', r.members_paid, 'total', trim_scale(r.total_paid)::text)
        ELSE e.audit_after || jsonb_build_object('posting', e.id) END
    FROM scale_gen.ev e LEFT JOIN staking_runs r ON r.day = e.day
    WHERE e.audit IS NOT NULL ORDER BY e.id`);
}

/**
 * Member balances from the plan alone (what each member did), not from the entries: ledger:check then compares two
 * independent computations. Rewards from staking_rewards, the system accounts from the plan.
 */
export async function balancesFromPlan(tx: Exec, p: { acc: PostingPlan["acc"]; lastEnd: Date }): Promise<void> {
  const ACC = p.acc;
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const lastEnd = p.lastEnd;
  await tx.execute(sql`
    UPDATE ledger_accounts a SET balance = v.balance, updated_at = ${ts(lastEnd)}
    FROM (
      SELECT 4 + 4 * (m.g - 1) + 1 AS id, 1000 + coalesce(m.dep_amt, 0) - coalesce(m.a1, 0) - coalesce(m.a2, 0) AS balance
      FROM scale_gen.m m WHERE m.id_status = 'APPROVED' AND m.status = 'ACTIVE'
      UNION ALL
      SELECT 4 + 4 * (m.g - 1) + 2, m.a1 + coalesce(m.a2, 0) - coalesce(m.x_total, 0) FROM scale_gen.m m WHERE m.staker
      UNION ALL
      SELECT 4 + 4 * (m.g - 1) + 3, CASE WHEN m.x_done IS NULL THEN m.x_total ELSE 0 END FROM scale_gen.m m WHERE m.t3 IS NOT NULL
      UNION ALL
      SELECT 4 + 4 * (m.g - 1) + 4, coalesce(r.sum, 0)
      FROM scale_gen.m m LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM staking_rewards GROUP BY user_id) r ON r.user_id = m.id
      WHERE m.staker
      UNION ALL
      SELECT ${lit(ACC.external)}, -(SELECT coalesce(sum(dep_amt), 0) FROM scale_gen.m) + (SELECT coalesce(sum(x_amt), 0) FROM scale_gen.m WHERE x_done IS NOT NULL)
      UNION ALL SELECT ${lit(ACC.fees)}, (SELECT coalesce(sum(x_fee), 0) FROM scale_gen.m WHERE x_done IS NOT NULL)
      UNION ALL SELECT ${lit(ACC.airdrop)}, -1000 * (SELECT count(*) FROM scale_gen.m WHERE id_status = 'APPROVED' AND status = 'ACTIVE')
      UNION ALL SELECT ${lit(ACC.rewards_pool)}, -(SELECT coalesce(sum(total_paid), 0) FROM staking_runs)
    ) v WHERE a.id = v.id`);
}
