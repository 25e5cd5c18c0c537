/**
 * Fraud cases, rules and the holiday table: reads only (lib/fraud changes them). A case row carries its member and,
 * for a request's case, the request as it stands now.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";

export async function holidayDates(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ d: string }>(await db.execute(sql`SELECT date::text AS d FROM korean_holidays ORDER BY date`));
  return rows.map((r) => r.d);
}

export type CaseRow = {
  id: number;
  ruleKey: string;
  status: "OPEN" | "CLEARED" | "REPORTED";
  evidence: Record<string, unknown>;
  openedAt: Date;
  dueAt: Date;
  decidedAt: Date | null;
  decisionNote: string | null;
  hasDraft: boolean;
  decidedBy: { id: number; userId: string } | null;
  member: { id: number; userId: string; name: string; role: string; status: string };
  request: {
    id: number;
    type: string;
    status: string;
    coinSymbol: string;
    amount: string;
    fee: string;
    total: string;
    priceKrw: string | null;
    walletAddr: string | null;
    createdAt: Date;
  } | null;
};

type Raw = {
  id: string;
  rule_key: string;
  status: CaseRow["status"];
  evidence: Record<string, unknown> | string;
  opened_at: Date | string;
  due_at: Date | string;
  decided_at: Date | string | null;
  decision_note: string | null;
  has_draft: boolean;
  decider_id: number | null;
  decider_handle: string | null;
  member_id: number;
  member_handle: string;
  member_name: string;
  member_role: string;
  member_status: string;
  request: CaseRow["request"] | string | null;
};

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

const SELECT = sql`SELECT c.id::text, c.rule_key, c.status, c.evidence, c.opened_at, c.due_at, c.decided_at,
    c.decision_note, c.report_draft IS NOT NULL AS has_draft,
    d.id AS decider_id, d.user_id AS decider_handle,
    u.id AS member_id, u.user_id AS member_handle, u.name AS member_name, u.role::text AS member_role,
    u.status::text AS member_status,
    CASE WHEN r.id IS NULL THEN NULL ELSE jsonb_build_object('id', r.id, 'type', r.type, 'status', r.status,
      'coinSymbol', r.coin_symbol, 'amount', trim_scale(r.amount)::text, 'fee', trim_scale(r.fee)::text,
      'total', trim_scale(r.total)::text, 'priceKrw', trim_scale(r.price_krw)::text, 'walletAddr', r.wallet_addr,
      'createdAt', r.created_at) END AS request
  FROM fraud_cases c
  JOIN users u ON u.id = c.user_id
  LEFT JOIN users d ON d.id = c.decided_by
  LEFT JOIN requests r ON r.id = c.request_id`;

function caseRow(r: Raw): CaseRow {
  const req = r.request === null ? null : json(r.request);
  return {
    id: Number(r.id),
    ruleKey: r.rule_key,
    status: r.status,
    evidence: json(r.evidence),
    openedAt: date(r.opened_at),
    dueAt: date(r.due_at),
    decidedAt: r.decided_at === null ? null : date(r.decided_at),
    decisionNote: r.decision_note,
    hasDraft: r.has_draft,
    decidedBy: r.decider_id === null ? null : { id: r.decider_id, userId: r.decider_handle ?? "" },
    member: {
      id: r.member_id,
      userId: r.member_handle,
      name: r.member_name,
      role: r.member_role,
      status: r.member_status,
    },
    request: req && { ...req, id: Number(req.id), createdAt: date(req.createdAt as unknown as string) },
  };
}

/**
 * The cases, OPEN first (the nearest due first), then decided ones newest first. `hideSuperadmin`: an ADMIN's or a
 * staff member's view leaves out cases on SUPERADMIN accounts, as every console list does.
 */
export async function caseList(
  db: DbOrTx,
  f: { status?: CaseRow["status"]; page: number; limit: number; hideSuperadmin: boolean },
): Promise<{ items: CaseRow[]; total: number }> {
  const where = sql.join(
    [
      sql`TRUE`,
      ...(f.status ? [sql`c.status = ${f.status}`] : []),
      ...(f.hideSuperadmin ? [sql`u.role <> 'SUPERADMIN'`] : []),
    ],
    sql` AND `,
  );
  const rows = rowsOf<Raw>(
    await db.execute(sql`${SELECT} WHERE ${where}
      ORDER BY (c.status = 'OPEN') DESC, CASE WHEN c.status = 'OPEN' THEN c.due_at END ASC, c.id DESC
      LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`),
  );
  const [n] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::integer AS n FROM fraud_cases c JOIN users u ON u.id = c.user_id
      WHERE ${where}`),
  );
  return { items: rows.map(caseRow), total: Number(n?.n ?? 0) };
}

export async function caseById(db: DbOrTx, id: number): Promise<CaseRow | null> {
  const [r] = rowsOf<Raw>(await db.execute(sql`${SELECT} WHERE c.id = ${id}`));
  return r ? caseRow(r) : null;
}

export async function caseReportDraft(db: DbOrTx, id: number): Promise<Record<string, unknown> | null> {
  const [r] = rowsOf<{ d: Record<string, unknown> | string | null }>(
    await db.execute(sql`SELECT report_draft AS d FROM fraud_cases WHERE id = ${id}`),
  );
  return r?.d ? json(r.d) : null;
}

/** The request ids among `ids` an OPEN case holds. */
export async function heldRequestIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT DISTINCT request_id::text AS id FROM fraud_cases
      WHERE status = 'OPEN' AND request_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export type RuleRow = {
  key: string;
  enabled: boolean;
  params: Record<string, unknown>;
  updatedAt: Date;
  updatedBy: string | null;
};

export async function fraudRuleList(db: DbOrTx): Promise<RuleRow[]> {
  const rows = rowsOf<{
    key: string;
    enabled: boolean;
    params: Record<string, unknown> | string;
    updated_at: Date | string;
    handle: string | null;
  }>(
    await db.execute(sql`SELECT f.key, f.enabled, f.params, f.updated_at, u.user_id AS handle
      FROM fraud_rules f LEFT JOIN users u ON u.id = f.updated_by
      ORDER BY array_position(ARRAY['new_device_new_address', 'drain_after_password_change', 'referral_burst'], f.key)`),
  );
  return rows.map((r) => ({
    key: r.key,
    enabled: r.enabled,
    params: json(r.params),
    updatedAt: date(r.updated_at),
    updatedBy: r.handle,
  }));
}

/** The member's recent transactions and requests, for a report draft (newest first, at most `limit` of each). */
export async function memberMoneyTrail(db: DbOrTx, userId: number, limit = 50) {
  const transactions = rowsOf<{ id: string; type: string; coin: string; amount: string; created_at: Date | string }>(
    await db.execute(sql`SELECT id::text, type::text, coin_symbol::text AS coin, trim_scale(amount)::text AS amount,
        created_at FROM transactions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`),
  );
  const requests = rowsOf<{
    id: string;
    type: string;
    status: string;
    coin: string;
    amount: string;
    fee: string;
    price_krw: string | null;
    wallet_addr: string | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`SELECT id::text, type::text, status::text, coin_symbol::text AS coin,
        trim_scale(amount)::text AS amount, trim_scale(fee)::text AS fee, trim_scale(price_krw)::text AS price_krw,
        wallet_addr, created_at FROM requests WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`),
  );
  return {
    transactions: transactions.map((t) => ({
      id: Number(t.id),
      type: t.type,
      coin: t.coin,
      amount: t.amount,
      createdAt: date(t.created_at).toISOString(),
    })),
    requests: requests.map((r) => ({
      id: Number(r.id),
      type: r.type,
      status: r.status,
      coin: r.coin,
      amount: r.amount,
      fee: r.fee,
      priceKrw: r.price_krw,
      walletAddr: r.wallet_addr,
      createdAt: date(r.created_at).toISOString(),
    })),
  };
}

/** The member's identity for a report draft. */
export async function memberForReport(db: DbOrTx, userId: number) {
  const [m] = rowsOf<{
    id: number;
    user_id: string;
    name: string;
    phone: string | null;
    id_status: string;
    wallet_addr: string | null;
    created_at: Date | string;
    status: string;
  }>(
    await db.execute(sql`SELECT id, user_id, name, phone, id_status::text, wallet_addr, created_at, status::text
      FROM users WHERE id = ${userId}`),
  );
  return m
    ? {
        id: m.id,
        userId: m.user_id,
        name: m.name,
        phone: m.phone,
        idStatus: m.id_status,
        walletAddr: m.wallet_addr,
        status: m.status,
        createdAt: date(m.created_at).toISOString(),
      }
    : null;
}
