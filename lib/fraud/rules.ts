/**
 * The fraud rules (parameters: one row each of fraud_rules, ./params.ts), judged inside the transaction that
 * creates what they watch, and the case a hit opens (fraud_cases, migration 0028), audited FRAUD_CASE_OPEN by the
 * system in the same transaction.
 *
 * (a) new_device_new_address and (b) drain_after_password_change join the transfer/withdraw request's ONE statement
 * (lib/wallet/requests.ts: data-modifying CTEs after `opened`, the CTE whose `r ->> 'id'` is the new request): no
 * extra round trip on the hot path. Each rule first compares what the member row already holds (the payout address's
 * and the password's time, application clock) and the amount, so a request that meets neither precondition costs a
 * primary-key read of fraud_rules and users; only then the member's new-device login notifications (an index on
 * user and time) or the member's balances (the accounts' unique index). The balance is read from the statement's
 * snapshot, before the request's hold: holding + staked + held + rewards of the coin (a hold moves coins within
 * it). The case is unique per (rule, request): a request hit twice never opens two cases.
 * A case on a request holds it: the request stays PENDING, an approval answers 409 CASE_OPEN (./hold.ts), and the
 * member reads 심사 중 with no accusation (RequestDto.underReview).
 *
 * (c) referral_burst runs in the sign-up's transaction (lib/auth/signup.ts): under a transaction-scoped advisory
 * lock on (code, address), so parallel sign-ups through one code count one another, it counts the SIGNUP audit rows
 * of that code and client address in the window; from the `count`th on, the one OPEN case of that code and address
 * (a partial unique index) is opened or its evidence brought up to date. It holds no request: while it is OPEN the
 * burst's members' ID approvals (which pay the KYC reward) answer 409 CASE_OPEN (lib/kyc/documents.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { auditInsert } from "@/lib/audit";
import type { Dec } from "@/lib/money";
import { dueAfterBusinessDays } from "./business-days";
import { koreanHolidays } from "./holidays";

/** Business days a case waits for its report decision (특정금융정보법 시행령: within three business days). */
export const CASE_BUSINESS_DAYS = 3;

/** When a case opened at `at` is due (the holidays read through ./holidays.ts). */
export async function caseDueAt(at: Date, db?: DbOrTx): Promise<Date> {
  return dueAfterBusinessDays(at, CASE_BUSINESS_DAYS, await koreanHolidays(db));
}

type RequestFacts = {
  userId: number;
  coin: string;
  amount: Dec;
  fee: Dec;
  priceKrw: string | null;
  /** The application clock the request is judged at. */
  at: Date;
  dueAt: Date;
  ip?: string | null;
  requestId?: string | null;
};

/**
 * The CTEs `fraud_hit`, `fraud_case` and `fraud_audit` to follow `opened` in the request's statement (joined with a
 * leading comma by the caller). `fraud_case` returns the cases opened (`id`): the request is held when it has any.
 */
export function requestRuleCtes(f: RequestFacts): SQL {
  const uid = sql`${f.userId}::integer`;
  const at = sql`${f.at.toISOString()}::timestamptz`;
  const amount = sql`${f.amount.toFixed()}::numeric`;
  const total = sql`${f.amount.plus(f.fee).toFixed()}::numeric`;
  const price = sql`${f.priceKrw}::numeric`;
  const hours = sql`(fr.params ->> 'windowHours')::float8 * interval '1 hour'`;
  const deviceLogins = sql`notifications n WHERE n.user_id = ${uid} AND n.kind = 'new_device_login' AND n.created_at >= ${at} - ${hours}`;
  const newDevice = sql`SELECT 'new_device_new_address'::text AS rule_key, jsonb_build_object(
      'deviceLoginAt', (SELECT max(n.created_at) FROM ${deviceLogins}),
      'device', (SELECT n.params FROM ${deviceLogins} ORDER BY n.created_at DESC LIMIT 1),
      'payoutAddrSetAt', u.payout_addr_set_at, 'walletAddr', u.wallet_addr,
      'amount', trim_scale(${amount})::text, 'priceKrw', trim_scale(${price})::text,
      'amountKrw', trim_scale(round(${amount} * ${price}))::text, 'windowHours', fr.params -> 'windowHours',
      'minAmountKrw', fr.params -> 'minAmountKrw', 'minAmountWld', fr.params -> 'minAmountWld') AS evidence
    FROM fraud_rules fr JOIN users u ON u.id = ${uid}
    WHERE fr.key = 'new_device_new_address' AND fr.enabled
      AND ((fr.params ->> 'minAmountKrw')::numeric < ${amount} * ${price}
        OR (fr.params ->> 'minAmountWld')::numeric < ${amount})
      AND u.payout_addr_set_at >= ${at} - ${hours}
      AND EXISTS (SELECT 1 FROM ${deviceLogins})`;
  const drain = sql`SELECT 'drain_after_password_change'::text AS rule_key, jsonb_build_object(
      'passwordChangedAt', u.password_changed_at, 'windowMinutes', fr.params -> 'windowMinutes',
      'total', trim_scale(${total})::text, 'balance', trim_scale(b.balance)::text,
      'balanceShare', fr.params -> 'balanceShare') AS evidence
    FROM fraud_rules fr JOIN users u ON u.id = ${uid}
      AND u.password_changed_at >= ${at} - (fr.params ->> 'windowMinutes')::float8 * interval '1 minute'
    CROSS JOIN LATERAL (SELECT coalesce(sum(a.balance), 0) AS balance FROM ledger_accounts a
      WHERE a.user_id = ${uid} AND a.coin = ${f.coin}::coin) b
    WHERE fr.key = 'drain_after_password_change' AND fr.enabled
      AND ${total} > (fr.params ->> 'balanceShare')::numeric * b.balance`;
  return sql`fraud_hit AS (${newDevice} UNION ALL ${drain}),
    fraud_case AS (
      INSERT INTO fraud_cases (rule_key, user_id, request_id, evidence, opened_at, due_at)
      SELECT h.rule_key, ${uid}, (o.r ->> 'id')::bigint, h.evidence || jsonb_build_object('requestId', (o.r ->> 'id')::bigint),
        ${at}, ${f.dueAt.toISOString()}::timestamptz
      FROM fraud_hit h CROSS JOIN opened o WHERE o.r ->> 'id' IS NOT NULL
      ON CONFLICT (rule_key, request_id) WHERE request_id IS NOT NULL DO NOTHING
      RETURNING id, rule_key, request_id
    ),
    fraud_audit AS (
      INSERT INTO audit_log (action, target_user_id, target_id, ip, request_id, after)
      SELECT 'FRAUD_CASE_OPEN', ${uid}, c.id::text, ${f.ip ?? null}::text, ${f.requestId ?? null}::text,
        jsonb_build_object('rule', c.rule_key, 'requestId', c.request_id)
      FROM fraud_case c
    )`;
}

/**
 * Whether an address can stand for one client: not the machine itself (127.0.0.0/8, ::1) nor "unknown". Behind a
 * proxy that is not in TRUSTED_PROXIES every sign-up would come from the proxy's loopback address, and a local run
 * (the demo, the browser tests) signs everyone up from it: one address for everybody is no burst of one client.
 */
export function isClientAddress(ip: string): boolean {
  return ip !== "unknown" && ip !== "::1" && !/^127\./.test(ip);
}

/** Namespace of the (code, address) advisory lock of the referral-burst rule ("FRRB"). */
const BURST_LOCK_NS = 0x46525242;

/**
 * Rule (c), inside the sign-up's transaction after its SIGNUP audit row: see the module comment. Answers the case
 * opened or brought up to date, if any.
 */
export async function referralBurstRule(
  tx: DbOrTx,
  s: { code: string; ownerId: number; ip: string | null | undefined; requestId?: string | null; at: Date },
): Promise<{ caseId: number; opened: boolean } | null> {
  if (!s.ip || !isClientAddress(s.ip)) return null;
  const [rule] = rowsOf<{ enabled: boolean; count: number; window_minutes: number }>(
    await tx.execute(sql`SELECT enabled, (params ->> 'count')::integer AS count,
      (params ->> 'windowMinutes')::integer AS window_minutes FROM fraud_rules WHERE key = 'referral_burst'`),
  );
  if (!rule?.enabled) return null;
  const subject = `${s.code.toUpperCase()}|${s.ip}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BURST_LOCK_NS}::integer, hashtext(${subject}::text))`);
  const [seen] = rowsOf<{ n: number; members: number[]; first_at: Date | string | null }>(
    await tx.execute(sql`SELECT count(*)::integer AS n, coalesce(jsonb_agg(target_user_id ORDER BY id), '[]') AS members,
        min(at) AS first_at
      FROM audit_log WHERE action = 'SIGNUP' AND ip = ${s.ip}::text
        AND at >= now() - ${rule.window_minutes}::integer * interval '1 minute'
        AND upper(after ->> 'refId') = upper(${s.code}::text)`),
  );
  const count = Number(seen?.n ?? 0);
  if (count < rule.count) return null;
  const evidence = {
    code: s.code.toUpperCase(),
    ip: s.ip,
    signups: count,
    count: rule.count,
    windowMinutes: rule.window_minutes,
    members: seen?.members ?? [],
    firstAt: seen?.first_at ? new Date(seen.first_at).toISOString() : null,
  };
  const dueAt = await caseDueAt(s.at, tx);
  const [row] = rowsOf<{ id: string; opened: boolean }>(
    await tx.execute(sql`INSERT INTO fraud_cases (rule_key, user_id, subject_key, evidence, opened_at, due_at)
      VALUES ('referral_burst', ${s.ownerId}::integer, ${subject}::text, ${JSON.stringify(evidence)}::jsonb,
        ${s.at.toISOString()}::timestamptz, ${dueAt.toISOString()}::timestamptz)
      ON CONFLICT (rule_key, subject_key) WHERE status = 'OPEN' AND subject_key IS NOT NULL
      DO UPDATE SET evidence = EXCLUDED.evidence
      RETURNING id::text, (xmax = 0) AS opened`),
  );
  if (!row) return null;
  const caseId = Number(row.id);
  if (row.opened) {
    await tx.execute(
      sql`WITH a AS (${auditInsert({
        action: "FRAUD_CASE_OPEN",
        targetUserId: s.ownerId,
        targetId: caseId,
        ip: s.ip,
        requestId: s.requestId ?? null,
        after: { rule: "referral_burst", code: evidence.code, signups: count },
        memo: null,
      })}) SELECT 1`,
    );
  }
  return { caseId, opened: row.opened };
}
