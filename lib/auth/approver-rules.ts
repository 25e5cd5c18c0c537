/**
 * Who may be the second pair of eyes (four-eyes, lib/admin/proposal-decisions.ts), beyond holding the change's
 * permission: no single account supplies it for itself (SECURITY: "no single account, however privileged, moves
 * money, changes a rate or grants itself a second pair of eyes").
 *
 * - A new approver waits: an account promoted to an administrator role, or whose password or two-factor was reset,
 *   approves nothing for 72 hours (users.approver_from; 403 APPROVER_TOO_NEW with `opensAt`). Whoever took an
 *   account over by a reset, or made one, cannot use it as the second person at once; the owner has those hours to
 *   notice (the reset is notified) and the other administrators to see the grant in /admin/approvals.
 *   Accounts that never went through one of those (existing ones, the seeded demo, the first SUPERADMIN of
 *   `npm run admin:create`, which has nobody to wait for) have no wait.
 * - A proposer who loses the role that made a proposal (demoted to USER, or deactivated) takes their pending
 *   proposals with them: CANCELLED with the cause as the decision note, one `proposal.cancel` audit row each, in
 *   the transaction of the demotion or deactivation — nobody approves what its author could no longer propose.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf, type Tx } from "@/db/client";
import { CANCEL_NOTES, type CancelCause } from "@/lib/admin/proposal-kinds";
import { audit } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { kstMinuteText } from "@/lib/money-cooldown";

/** How long a promoted or reset account waits before it approves anything. */
export const APPROVER_WAIT_MS = 72 * 60 * 60 * 1000;

/**
 * Starts (or extends) the member's wait as an approver, inside the change's transaction: no approval before
 * 72 hours from the application clock's now. Callers: a promotion, a password reset, a two-factor reset.
 */
export async function holdApprovals(tx: DbOrTx, userId: number): Promise<void> {
  const from = new Date(now().getTime() + APPROVER_WAIT_MS);
  await tx.execute(sql`UPDATE users SET approver_from = GREATEST(approver_from, ${from.toISOString()}::timestamptz)
    WHERE id = ${userId}::integer`);
}

/** When the decider's wait as an approver ends, while it runs (else null). Caller: authorizeDecision. */
export function approverOpensAt(user: { approverFrom: Date | null }): Date | null {
  const opensAt = user.approverFrom;
  return opensAt && opensAt.getTime() > now().getTime() ? opensAt : null;
}

/** 403 APPROVER_TOO_NEW with `opensAt` (ISO) and the KST minute for the message. */
export const approverTooNew = (opensAt: Date) =>
  new AppError("APPROVER_TOO_NEW", { opensAt: opensAt.toISOString(), opensAtKst: kstMinuteText(opensAt) });

type Cancelled = { id: string; kind: string; target_user_id: number | null; payload: unknown };

/**
 * CANCELLED: every still-open proposal of `proposerId`, with the cause as its decision note and `actor` (who
 * demoted or deactivated them) as the decider, audited one row each. Inside the caller's transaction; a proposal
 * being approved meanwhile is locked by its approval, and this UPDATE then finds it no longer PENDING.
 */
export async function cancelPendingProposalsOf(
  tx: Tx,
  proposerId: number,
  cause: CancelCause,
  actor: { id: number; ip?: string | null; requestId?: string | null },
): Promise<number> {
  const at = now().toISOString();
  const note = CANCEL_NOTES[cause];
  const rows = rowsOf<Cancelled>(
    await tx.execute(sql`
      UPDATE proposals SET status = 'CANCELLED', decided_by = ${actor.id}::integer, decided_at = ${at}::timestamptz,
        decision_note = ${note}
      WHERE proposed_by = ${proposerId}::integer AND status = 'PENDING' AND expires_at > ${at}::timestamptz
      RETURNING id::text AS id, kind, target_user_id, payload`),
  );
  for (const r of rows)
    await audit(tx, {
      action: "proposal.cancel",
      actorId: actor.id,
      targetUserId: r.target_user_id,
      targetId: r.id,
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
      before: {
        status: "PENDING",
        kind: r.kind,
        payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
        proposedBy: proposerId,
      },
      after: { status: "CANCELLED", note },
    });
  return rows.length;
}
