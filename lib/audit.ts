/**
 * One structured, append-only audit row per security-relevant event (logins, admin changes, money).
 * Never pass passwords or tokens in before/after.
 */
import type { DbOrTx } from "@/db/client";
import { auditLog } from "@/db/schema";

export type AuditEvent = {
  action: string;
  actorId?: number | null;
  targetUserId?: number | null;
  targetId?: string | number | null;
  ip?: string | null;
  requestId?: string | null;
  before?: unknown;
  after?: unknown;
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
  });
}
