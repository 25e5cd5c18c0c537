/**
 * One structured, append-only audit row per security-relevant event (logins, admin changes, money).
 * Never pass passwords or tokens in before/after.
 */
import type { DbOrTx } from "@/db/client";
import { auditLog } from "@/db/schema";
import { currentAuditMemo } from "@/lib/admin/audit-memo";

/** Where a request came from, for audit rows and throttles (the handler's `ip` and `requestId`). */
export type RequestMeta = { ip: string; requestId: string };

/** Every audit action written anywhere (closed: a new event is added here first). */
export type AuditAction =
  // identity and sessions
  | "SIGNUP"
  | "LOGIN_SUCCESS"
  | "LOGIN_FAILURE"
  | "LOGIN_THROTTLED"
  | "LOGOUT"
  | "CURRENT_PASSWORD_FAILURE"
  | "PASSWORD_CHANGE"
  | "PASSWORD_RESET"
  | "ROLE_CHANGE"
  | "REFCODE_CHANGE"
  | "PHONE_CHANGE"
  | "SIGNUP_CODE_CREATE"
  | "SIGNUP_CODE_DEACTIVATE"
  | "ADMIN_CREATE"
  | "AUTHZ_DENIED"
  | "member.deactivate"
  | "session.end"
  | "session.end_others"
  // member settings
  | "wallet.set"
  | "wallet.reset"
  | "referrer.set"
  // ID verification
  | "kyc.upload"
  | "kyc.approve"
  | "kyc.reject"
  | "kyc.image.view"
  // money
  | "admin.coin.deposit"
  | "admin.coin.unrecorded.deposit"
  | "admin.coin.unrecorded.withdraw"
  | "admin.transaction.hide"
  | "request.approved"
  | "request.rejected"
  | "staking.admin_withdraw"
  | "staking.member_rate"
  | "staking.product_create"
  | "staking.product_update"
  | "staking.reward_run"
  | "staking.interest_deposit"
  | "staking.interest_withdraw"
  // admin console (issue 11)
  | "admin.staking.reward_run"
  | "admin.export.members"
  | "admin.export.requests"
  | "admin.export.audit";

export type AuditEvent = {
  action: AuditAction;
  actorId?: number | null;
  targetUserId?: number | null;
  targetId?: string | number | null;
  ip?: string | null;
  requestId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The administrator's note; by default the memo of the admin call in progress (lib/admin/audit-memo.ts). */
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
