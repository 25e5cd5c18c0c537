/**
 * One structured, append-only audit row per security-relevant event (logins, admin changes, money).
 * Never pass passwords or tokens in before/after.
 */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { auditLog } from "@/db/schema";
import { currentAuditMemo } from "@/lib/audit-memo";
import type { AuditAction } from "@/lib/audit-actions";

/** Where a request came from, for audit rows and throttles (the handler's `ip` and `requestId`). */
export type RequestMeta = { ip: string; requestId: string };

/** Every audit action written anywhere: lib/audit-actions.ts (closed: a new event is added there first). */
export type { AuditAction } from "@/lib/audit-actions";

export type AuditEvent = {
  action: AuditAction;
  actorId?: number | null;
  targetUserId?: number | null;
  targetId?: string | number | null;
  ip?: string | null;
  requestId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The administrator's note; by default the memo of the admin call in progress (lib/audit-memo.ts). */
  memo?: string | null;
};

export async function audit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    actorId: event.actorId ?? null,
    targetUserId: event.targetUserId ?? null,
    targetId: event.targetId == null ? null : String(event.targetId),
    ip: event.ip ?? null,
    requestId: event.requestId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    memo: event.memo ?? currentAuditMemo(),
  });
}

/**
 * The row audit() writes, as plain JSON for a statement that writes it itself (the ledger's one-statement
 * posting, db/migrations/0004): the same fields and the same memo default; absent and null fields left out.
 */
export function auditRecord(event: AuditEvent): Record<string, unknown> {
  const row: Record<string, unknown> = {
    action: event.action,
    actorId: event.actorId,
    targetUserId: event.targetUserId,
    targetId: event.targetId == null ? null : String(event.targetId),
    ip: event.ip,
    requestId: event.requestId,
    before: event.before,
    after: event.after,
    memo: event.memo ?? currentAuditMemo(),
  };
  for (const k of Object.keys(row)) if (row[k] == null) delete row[k];
  return row;
}

/** audit()'s INSERT as a SQL fragment, to join another statement (e.g. as a data-modifying CTE). */
export function auditInsert(event: AuditEvent): SQL {
  const j = (v: unknown) => (v == null ? sql`NULL::jsonb` : sql`${JSON.stringify(v)}::jsonb`);
  return sql`INSERT INTO audit_log (action, actor_id, target_user_id, target_id, ip, request_id, before, after, memo)
    VALUES (${event.action}::text, ${event.actorId ?? null}::integer, ${event.targetUserId ?? null}::integer,
      ${event.targetId == null ? null : String(event.targetId)}::text, ${event.ip ?? null}::text,
      ${event.requestId ?? null}::text, ${j(event.before)}, ${j(event.after)}, ${event.memo ?? currentAuditMemo() ?? null}::text)`;
}
