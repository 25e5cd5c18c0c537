/**
 * The audit log as administrators read it (/admin/audit and its CSV export): newest first, filtered by actor
 * and target (login handles, case-insensitive), action and a KST date range. Actor and target are found
 * through users_user_id_lower_uq, then audit_log_actor_idx / audit_log_target_idx / audit_log_action_idx / audit_log_at_idx.
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { COUNT_CAP, cappedCount } from "./members";

export type AuditRowDto = {
  id: number;
  at: string;
  action: string;
  /** Who acted, with their role now (the sentence names them "관리자 admin" / "회원 demo"). */
  actor: { id: number; userId: string | null; role: string | null } | null;
  target: { id: number; userId: string | null } | null;
  /** The thing acted on besides a member (a request id, a coin and day …), as stored. */
  targetId: string | null;
  before: unknown;
  after: unknown;
  memo: string | null;
  ip: string | null;
};

/** `from` and `to` are KST days (YYYY-MM-DD), both included. */
export type AuditFilter = { actor?: string; target?: string; action?: string; from?: string; to?: string };

const handleId = (handle: string) => sql`(SELECT id FROM users WHERE lower(user_id) = lower(${handle}))`;

function whereOf(f: AuditFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.actor) parts.push(sql`l.actor_id = ${handleId(f.actor)}`);
  if (f.target) parts.push(sql`l.target_user_id = ${handleId(f.target)}`);
  if (f.action) parts.push(sql`l.action = ${f.action}`);
  // A KST day starts at 00:00 +09:00.
  if (f.from) parts.push(sql`l.at >= (${f.from} || 'T00:00:00+09:00')::timestamptz`);
  if (f.to) parts.push(sql`l.at < ((${f.to}::date + 1)::text || 'T00:00:00+09:00')::timestamptz`);
  return sql.join(parts, sql` AND `);
}

type Row = {
  id: string | number;
  at: string;
  action: string;
  actor_id: number | null;
  actor_handle: string | null;
  actor_role: string | null;
  target_user_id: number | null;
  target_handle: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  memo: string | null;
  ip: string | null;
};

/** jsonb arrives parsed from postgres.js and as text from some paths: always hand back the value. */
const jsonValue = (v: unknown) => {
  if (typeof v !== "string") return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

async function rowsFor(db: DbOrTx, f: AuditFilter, limit: number, offset: number): Promise<AuditRowDto[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT l.id, to_char(l.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, l.action,
        l.actor_id, a.user_id AS actor_handle, a.role::text AS actor_role, l.target_user_id, t.user_id AS target_handle, l.target_id,
        l.before, l.after, l.memo, l.ip
      FROM (SELECT * FROM audit_log l WHERE ${whereOf(f)} ORDER BY l.at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}) l
      LEFT JOIN users a ON a.id = l.actor_id
      LEFT JOIN users t ON t.id = l.target_user_id
      ORDER BY l.at DESC, l.id DESC`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at,
    action: r.action,
    actor: r.actor_id === null ? null : { id: r.actor_id, userId: r.actor_handle, role: r.actor_role },
    target: r.target_user_id === null ? null : { id: r.target_user_id, userId: r.target_handle },
    targetId: r.target_id,
    before: jsonValue(r.before),
    after: jsonValue(r.after),
    memo: r.memo,
    ip: r.ip,
  }));
}

export async function auditPage(
  db: DbOrTx,
  f: AuditFilter & { page: number; limit: number },
): Promise<{ items: AuditRowDto[]; total: number; totalCapped: boolean }> {
  const items = await rowsFor(db, f, f.limit, (f.page - 1) * f.limit);
  const n = await cappedCount(db, sql`SELECT 1 FROM audit_log l WHERE ${whereOf(f)}`);
  return { items, total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

export async function auditExportRows(db: DbOrTx, f: AuditFilter & { max: number }): Promise<AuditRowDto[]> {
  return rowsFor(db, f, f.max, 0);
}
