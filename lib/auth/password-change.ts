/**
 * Passwords after sign-up: the one current-password check (password change, payout address, two-factor
 * enrolment), the member's own change, and a SUPERADMIN's reset to a one-time temporary password — which the
 * member must replace before anything else answers (users.password_change_required, lib/auth/guards.ts), and
 * after which the account waits 72 hours before it may approve a proposal (./approver-rules.ts).
 */
import { and, eq } from "drizzle-orm";
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { notify } from "@/lib/notifications";
import { startCooldown } from "@/lib/money-cooldown";
import { LOGIN_ACCOUNT, rateLimited, reset } from "@/lib/rate-limit";
import { generateTemporaryPassword } from "@/lib/referral";
import { holdApprovals } from "./approver-rules";
import { checkPassword, type LoginResult } from "./login";
import { hashPassword } from "./password-hash";
import { revokeMemberSessions, type SessionUser } from "./session";

/**
 * SECURITY B16: the signed-in member proves who they are with their current password. It shares the
 * account's login failure budget (5 per 15 minutes, failures only), so a stolen session cannot guess
 * more than a login could. 400 WRONG_PASSWORD, 429 once the budget is spent.
 */
export async function verifyCurrentPasswordOrThrow(
  actorId: number,
  password: string,
  meta: RequestMeta,
  db?: DbOrTx,
): Promise<void> {
  const conn = db ?? (await getDb());
  const [me] = await conn.select({ userId: users.userId }).from(users).where(eq(users.id, actorId));
  if (!me) throw new AppError("UNAUTHENTICATED");
  const check = await checkPassword({ handle: me.userId, id: actorId }, password, undefined, conn);
  if (check.ok) return;
  if (check.throttled) throw rateLimited(check.retryAfter);
  await audit(conn, { action: "CURRENT_PASSWORD_FAILURE", actorId, targetUserId: actorId, ...meta });
  throw new AppError("WRONG_PASSWORD");
}

/**
 * The member changes their own password (current one required). Their other sessions end; the one
 * making the change continues (returned so the route can re-issue its cookie, same session and end).
 * A reset's temporary password is replaced by it: the account answers again. 400 SAME_PASSWORD (nothing changes,
 * no cool-down) when the new password is the current one.
 */
export async function changePassword(
  actor: SessionUser,
  currentPassword: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<LoginResult & { session: { id: string; expiresAt: Date } }> {
  await verifyCurrentPasswordOrThrow(actor.id, currentPassword, meta);
  // The same password again changes nothing and must not start the 24-hour cool-down either.
  if (newPassword === currentPassword) throw new AppError("SAME_PASSWORD", { field: "newPassword" });
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: new Date(), passwordChangedAt: now() })
      .where(and(eq(users.id, actor.id), eq(users.status, "ACTIVE")))
      .returning({ id: users.id, userId: users.userId, role: users.role });
    const [session] = await tx
      .select({ id: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, actor.sessionId));
    if (!updated || !session) throw new AppError("UNAUTHENTICATED");
    await revokeMemberSessions(tx, actor.id, actor.sessionId);
    await startCooldown(tx, actor.id, "PASSWORD_CHANGE"); // 24 h without new transfers/withdrawals
    await notify(tx, actor.id, "password_changed", { by: "self" });
    await audit(tx, { action: "PASSWORD_CHANGE", actorId: actor.id, targetUserId: actor.id, ...meta });
    return { ...updated, session };
  });
}

/**
 * A one-time temporary password and its hash: the password is answered once to whoever reset it and never stored
 * or logged in clear.
 */
export async function newTemporaryPassword(): Promise<{ temporaryPassword: string; passwordHash: string }> {
  const temporaryPassword = generateTemporaryPassword();
  return { temporaryPassword, passwordHash: await hashPassword(temporaryPassword) };
}

/**
 * Sets a reset's password hash inside `tx`. Every session of the member ends, the account's login lock lifts
 * (the documented way back in after a lock-out), the member must change the password at their next sign-in, their
 * money waits out the 24-hour cool-down and the account approves nothing for 72 hours. 404 for a member who is
 * not ACTIVE. Target rules (self, hierarchy) are the caller's. Callers: lib/auth/account-proposals.ts (a member's
 * reset at once, an administrator's once approved).
 */
export async function applyPasswordReset(
  tx: Tx,
  actor: { id: number },
  targetId: number,
  passwordHash: string,
  meta: Partial<RequestMeta>,
): Promise<{ id: number; userId: string }> {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, passwordChangeRequired: true, updatedAt: new Date(), passwordChangedAt: now() })
    .where(and(eq(users.id, targetId), eq(users.status, "ACTIVE")))
    .returning({ id: users.id, userId: users.userId });
  if (!row) throw new AppError("NOT_FOUND");
  await revokeMemberSessions(tx, row.id);
  // A reset hands the account to whoever holds the temporary password: the same 24 h cool-down as a change.
  await startCooldown(tx, row.id, "PASSWORD_RESET");
  await holdApprovals(tx, row.id);
  await notify(tx, row.id, "password_changed", { by: "admin" });
  await audit(tx, { action: "PASSWORD_RESET", actorId: actor.id, targetUserId: row.id, ...meta });
  await reset(LOGIN_ACCOUNT, row.userId, tx);
  return row;
}
