/**
 * The panic button (account freeze). A member who thinks someone else is in their account freezes it — from
 * Settings (계정 잠금) or from the new-device notification's link (본인이 아닌가요? 계정 잠그기). In one transaction:
 * `users.frozen_at` is set, a history row opened (account_freezes), every session of the member ends (the one that
 * froze too: they are signed out), their PENDING transfers and withdrawals are rejected with their holds released,
 * the member is notified and the freeze audited.
 *
 * While frozen nothing leaves: a transfer or withdraw request answers 403 ACCOUNT_FROZEN. The check is in the
 * request's own statement (lib/wallet/requests.ts), which reads the users row FOR SHARE before opening the request,
 * while the freeze UPDATEs that row: a freeze racing a request either waits for the request (created before the
 * freeze, then rejected by it) or is seen by it (refused) — never a request after the freeze. Money coming in stays
 * allowed (a buy is approved by an administrator; a swap into the protected lock moves nothing out), and the member
 * can still sign in: they need to, to unfreeze.
 *
 * Unfreezing: the member with their password and, when two-factor is on, a code (both under the login throttle),
 * or an administrator's `account_unfreeze` proposal approved by a second administrator (four-eyes,
 * lib/admin/proposal-decisions.ts). Either starts the 24-hour money cool-down (lib/money-cooldown.ts UNFREEZE).
 *
 * Why the notification's link carries no token: notifications are only delivered to the signed-in inbox (there is
 * no e-mail or SMS channel), so whoever follows the link already has a session there; a bearer token in a URL would
 * add a credential that can leak (history, referrers) for no reach the session lacks. Opened signed out (a copied
 * link), the page asks for a login first and comes back (middleware's next path).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "@/db/client";
import { accountFreezes, users } from "@/db/schema";
import { freezeHistoryOf, freezeStateOf } from "@/db/queries/account-freezes";
import { type Actor, propose, proposalOutcome } from "@/lib/admin/proposals";
import { audit, type RequestMeta } from "@/lib/audit";
import { verifyCurrentPasswordOrThrow } from "@/lib/auth/password-change";
import { revokeMemberSessions, type SessionUser } from "@/lib/auth/session";
import { confirmCodeOrThrow } from "@/lib/auth/two-factor";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { notify } from "@/lib/notifications";
import { activeCooldown, startCooldown } from "@/lib/money-cooldown";
import { rejectPendingRequests } from "@/lib/wallet/request-decisions";
import type { AdminFreezeDto, FreezeHow, FreezeStateDto } from "./dto";

/** The decision note of a pending unfreeze proposal the member made moot by unfreezing themselves. */
const MOOT_NOTE = "member unfroze the account";
/** The reason on the transfers and withdrawals a freeze rejects (shown in the member's timeline). */
const FREEZE_REASON = "account locked";

/** The member's own state (GET /api/account/freeze). */
export async function freezeState(user: { id: number; twoFactor: boolean }): Promise<FreezeStateDto> {
  const s = await freezeStateOf(await getDb(), user.id, now());
  const cooldown = activeCooldown(s?.moneyCooldownUntil ?? null);
  return {
    frozen: Boolean(s?.frozenAt),
    frozenAt: s?.frozenAt?.toISOString() ?? null,
    how: s?.frozenAt ? (s.how ?? "SETTINGS") : null,
    twoFactor: user.twoFactor,
    cooldownUntil: cooldown?.toISOString() ?? null,
  };
}

/**
 * The member freezes their own account (POST /api/account/freeze). Pressing it again while frozen ends every
 * session again and changes nothing else (a panic button never fails on a double press). Answers the freeze's time.
 */
export async function freezeAccount(
  member: { id: number },
  how: FreezeHow,
  meta: RequestMeta,
): Promise<{ frozenAt: string; alreadyFrozen: boolean; sessionsEnded: number; requestsRejected: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const at = now();
    // The UPDATE takes the row lock a money request's statement waits for (FOR SHARE conflicts with it).
    const [row] = await tx
      .update(users)
      .set({ frozenAt: at })
      .where(and(eq(users.id, member.id), eq(users.status, "ACTIVE"), isNull(users.frozenAt)))
      .returning({ id: users.id });
    if (!row) {
      const [u] = await tx
        .select({ status: users.status, frozenAt: users.frozenAt })
        .from(users)
        .where(eq(users.id, member.id))
        .for("update");
      if (u?.status !== "ACTIVE" || !u.frozenAt) throw new AppError("NOT_FOUND");
      const sessionsEnded = await revokeMemberSessions(tx, member.id);
      return { frozenAt: u.frozenAt.toISOString(), alreadyFrozen: true, sessionsEnded, requestsRejected: 0 };
    }
    await tx.insert(accountFreezes).values({ userId: member.id, frozenAt: at, frozenBy: member.id, how, ip: meta.ip });
    const sessionsEnded = await revokeMemberSessions(tx, member.id);
    const requestsRejected = await rejectPendingRequests(tx, {
      userId: member.id,
      actorId: member.id,
      reason: FREEZE_REASON,
      ...meta,
    });
    await notify(tx, member.id, "account_frozen", { how });
    await audit(tx, {
      action: "ACCOUNT_FREEZE",
      actorId: member.id,
      targetUserId: member.id,
      ...meta,
      after: { frozenAt: at.toISOString(), how, sessionsEnded, requestsRejected },
    });
    return { frozenAt: at.toISOString(), alreadyFrozen: false, sessionsEnded, requestsRejected };
  });
}

/**
 * The member lifts their own freeze (POST /api/account/unfreeze): the current password (400 WRONG_PASSWORD) and,
 * with two-factor on, a code from the app or a recovery code (403 TWO_FACTOR_REQUIRED without one, 400 INVALID_OTP),
 * both under the account's login throttle (429). 409 NOT_FROZEN when it is not frozen. Starts the cool-down.
 */
export async function unfreezeOwnAccount(
  member: SessionUser,
  input: { password: string; otp?: string | null },
  meta: RequestMeta,
): Promise<{ cooldownUntil: string }> {
  const db = await getDb();
  const state = await freezeStateOf(db, member.id, now());
  if (!state?.frozenAt) throw new AppError("NOT_FROZEN");
  await verifyCurrentPasswordOrThrow(member.id, input.password, meta, db);
  if (member.twoFactor) {
    if (!input.otp?.trim()) throw new AppError("TWO_FACTOR_REQUIRED");
    await confirmCodeOrThrow(member, input.otp, meta);
  }
  return db.transaction((tx) => liftFreeze(tx, { userId: member.id, actorId: member.id, proposalId: null, meta }));
}

/**
 * Ends the open freeze inside `tx`: the flag cleared, the history row closed (by the member, or by the approver of
 * proposal `proposalId`), the cool-down started, the member notified, audited. 409 NOT_FROZEN when it is not frozen.
 */
async function liftFreeze(
  tx: Tx,
  args: { userId: number; actorId: number; proposalId: number | null; proposedBy?: number; meta: Partial<RequestMeta> },
): Promise<{ cooldownUntil: string }> {
  const at = now();
  const [row] = await tx
    .update(users)
    .set({ frozenAt: null })
    .where(and(eq(users.id, args.userId), sql`${users.frozenAt} IS NOT NULL`))
    .returning({ id: users.id });
  if (!row) throw new AppError("NOT_FROZEN");
  const how = args.proposalId === null ? "SELF" : "PROPOSAL";
  const [closed] = await tx
    .update(accountFreezes)
    .set({ unfrozenAt: at, unfrozenBy: args.actorId, unfreezeHow: how, proposalId: args.proposalId })
    .where(and(eq(accountFreezes.userId, args.userId), isNull(accountFreezes.unfrozenAt)))
    .returning({ id: accountFreezes.id, frozenAt: accountFreezes.frozenAt });
  const until = await startCooldown(tx, args.userId, "UNFREEZE");
  if (how === "SELF") await cancelMootProposals(tx, args.userId, args.meta);
  await notify(tx, args.userId, "account_unfrozen", {
    by: how === "SELF" ? "self" : "admin",
    cooldownUntil: until.toISOString(),
  });
  await audit(tx, {
    action: "ACCOUNT_UNFREEZE",
    actorId: args.actorId,
    targetUserId: args.userId,
    targetId: args.proposalId,
    ip: args.meta.ip ?? null,
    requestId: args.meta.requestId ?? null,
    before: { frozenAt: closed?.frozenAt.toISOString() ?? null },
    after: { how, proposal: args.proposalId, proposedBy: args.proposedBy ?? null, cooldownUntil: until.toISOString() },
  });
  return { cooldownUntil: until.toISOString() };
}

/** A pending `account_unfreeze` proposal for a member who unfroze themselves has nothing left to do: CANCELLED. */
async function cancelMootProposals(tx: Tx, userId: number, meta: Partial<RequestMeta>): Promise<void> {
  const at = now().toISOString();
  const rows = rowsOf<{ id: string; proposed_by: number }>(
    await tx.execute(sql`
      UPDATE proposals SET status = 'CANCELLED', decided_by = ${userId}::integer, decided_at = ${at}::timestamptz,
        decision_note = ${MOOT_NOTE}
      WHERE kind = 'account_unfreeze' AND target_user_id = ${userId}::integer AND status = 'PENDING'
      RETURNING id::text AS id, proposed_by`),
  );
  for (const r of rows)
    await audit(tx, {
      action: "proposal.cancel",
      actorId: userId,
      targetUserId: userId,
      targetId: r.id,
      ip: meta.ip ?? null,
      requestId: meta.requestId ?? null,
      before: { status: "PENDING", kind: "account_unfreeze", proposedBy: r.proposed_by },
      after: { status: "CANCELLED", note: MOOT_NOTE },
    });
}

/**
 * An administrator asks to unfreeze a member (POST /api/admin/users/{id}/unfreeze { reason }): always a four-eyes
 * proposal (202 { proposal }) that another administrator holding `member.unfreeze` approves. 409 NOT_FROZEN when
 * the member is not frozen, 409 CONFLICT when an unfreeze proposal for them already waits.
 */
export async function proposeUnfreeze(tx: Tx, actor: Actor, targetId: number, reason: string | null | undefined) {
  const s = await freezeStateOf(tx, targetId, now());
  if (!s?.frozenAt) throw new AppError("NOT_FROZEN");
  if (s.pendingProposalId !== null) throw new AppError("CONFLICT");
  const proposal = await propose(tx, {
    kind: "account_unfreeze",
    targetUserId: targetId,
    payload: { frozenAt: s.frozenAt.toISOString() },
    reason,
    actor,
  });
  return proposalOutcome(proposal);
}

/** Applies an approved `account_unfreeze` in the approval's transaction (lib/admin/proposal-decisions.ts). */
export async function applyUnfreezeProposal(
  tx: Tx,
  p: { id: number; targetId: number; proposedBy: number },
  actor: Actor,
): Promise<void> {
  await liftFreeze(tx, {
    userId: p.targetId,
    actorId: actor.id,
    proposalId: p.id,
    proposedBy: p.proposedBy,
    meta: { ip: actor.ip ?? undefined, requestId: actor.requestId ?? undefined },
  });
}

/** The console's view of a member (GET /api/admin/users/{id}/freeze). */
export async function adminFreezeView(targetId: number): Promise<AdminFreezeDto> {
  const db = await getDb();
  const s = await freezeStateOf(db, targetId, now());
  return {
    frozen: Boolean(s?.frozenAt),
    frozenAt: s?.frozenAt?.toISOString() ?? null,
    history: await freezeHistoryOf(db, targetId),
    pendingProposalId: s?.pendingProposalId ?? null,
  };
}
