/**
 * One structured, append-only audit row per security-relevant event (logins, admin changes, money).
 * Never pass passwords or tokens in before/after.
 */
import { type SQL, sql } from "drizzle-orm";
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
  // two-factor (issue 14): password right, code pending; a wrong code at login or on a money request
  | "LOGIN_PASSWORD_OK"
  | "LOGIN_2FA_FAILURE"
  | "OTP_FAILURE"
  | "two_factor.enrol"
  | "two_factor.enable"
  | "two_factor.disable"
  | "two_factor.reset"
  | "two_factor.recovery_used"
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
  | "wallet.personal_verify"
  | "referrer.set"
  // ID verification
  | "kyc.upload"
  | "kyc.approve"
  | "kyc.reject"
  | "kyc.image.view"
  // a deactivated member's identity kept by law (issue 27): a SUPERADMIN's read, the daily erasure
  | "retention.identity.view"
  | "retention.image.view"
  | "retention.erase"
  // money
  | "admin.coin.deposit"
  | "admin.coin.unrecorded.deposit"
  | "admin.coin.unrecorded.withdraw"
  | "admin.transaction.hide"
  | "request.approved"
  | "request.rejected"
  // a receiving exchange refused a transfer/withdrawal through its Travel Rule service (반환됨)
  | "request.returned"
  // payouts proven on chain (issue 28): the hash recorded, PAID at enough confirmations, a payout that could not be
  // made (FAILED, refunded), a recorded payout that left the chain (reorganised away) or did not prove out
  | "request.payout_recorded"
  | "request.paid"
  | "request.payout_failed"
  | "request.payout_reorged"
  // KRW deposits matched to the bank (issue 28): a statement uploaded, a review line matched or dismissed by a person
  | "bank.statement_upload"
  | "bank.line_match"
  | "bank.line_dismiss"
  | "bank.line_reopen"
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
  | "admin.export.audit"
  // the Travel Rule records of a KST day or of one request, as JSON or CSV
  | "admin.export.travel_rule"
  // four-eyes (issue 14)
  | "proposal.create"
  | "proposal.approve"
  | "proposal.reject"
  | "proposal.expire"
  // a proposer demoted or deactivated takes their pending proposals with them (issue 26)
  | "proposal.cancel"
  // the destinations a member may send to: created, changed (blocked at once, allowed through a proposal)
  | "destination.create"
  | "destination.update"
  | "member.withdraw_limit";

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
