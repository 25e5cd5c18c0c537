/**
 * Administrators' edits of a member's identity: role, referral code and phone. The caller's
 * wrapper (`withAdmin(fn, { permission, target })`) has already applied the permission and every target
 * rule (self-action, ADMIN over SUPERADMIN, deactivated); these functions take the target's id and only
 * keep the rules that belong to the data (the last SUPERADMIN stays).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { type Role, users } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { cancelPendingProposalsOf, holdApprovals } from "./approver-rules";
import { isAdminRole, keepsEveryPermission } from "./permissions";
import { changeRefCode } from "./referral-codes";
import { revokeMemberSessions } from "./session";

type Actor = { id: number };

type RoleTarget = { id: number; userId: string; role: Role };

/**
 * The member whose role is to change, locked for the change: unknown or deactivated → 404. SUPERADMIN rows cannot
 * be changed, so the last SUPERADMIN can never be demoted (409 LAST_SUPERADMIN when it is the only one, else 403).
 */
export async function roleTargetOrThrow(tx: Tx, targetId: number): Promise<RoleTarget> {
  const [target] = await tx
    .select({ id: users.id, userId: users.userId, role: users.role })
    .from(users)
    .where(and(eq(users.id, targetId), eq(users.status, "ACTIVE")))
    .for("update");
  if (!target) throw new AppError("NOT_FOUND");
  if (target.role === "SUPERADMIN") {
    const supers = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "SUPERADMIN"), eq(users.status, "ACTIVE")));
    throw new AppError(Number(supers[0]?.n ?? 0) <= 1 ? "LAST_SUPERADMIN" : "FORBIDDEN");
  }
  return target;
}

/**
 * Sets the role of a member read by roleTargetOrThrow, inside `tx`. The member's sessions end: they sign in again
 * under the new role. A change to a console role (staff or administrator) starts the account's 72-hour wait as an
 * approver; a change that takes any permission away (to USER, or ADMIN → a staff role) cancels the member's pending
 * proposals (./approver-rules.ts). The UPDATE is guarded, so a concurrent change cannot slip past
 * the SUPERADMIN rule. Callers: lib/auth/account-proposals.ts (a demotion at once, a grant once approved).
 */
export async function applyRole(tx: Tx, actor: Actor, target: RoleTarget, role: Role, meta: Partial<RequestMeta>) {
  if (target.role === role) return target;
  const [row] = await tx
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(users.id, target.id), sql`${users.role} <> 'SUPERADMIN'`, eq(users.status, "ACTIVE")))
    .returning({ id: users.id, userId: users.userId, role: users.role });
  if (!row) throw new AppError("CONFLICT");
  await revokeMemberSessions(tx, row.id);
  if (isAdminRole(role)) await holdApprovals(tx, row.id);
  // A change that takes any permission away (to USER, or ADMIN → a staff role) takes the pending proposals too.
  if (!keepsEveryPermission(target.role, role))
    await cancelPendingProposalsOf(tx, row.id, "demoted", { id: actor.id, ...meta });
  await audit(tx, {
    action: "ROLE_CHANGE",
    actorId: actor.id,
    targetUserId: row.id,
    ...meta,
    before: { role: target.role },
    after: { role: row.role },
  });
  return row;
}

/** A SUPERADMIN sets a member's referral code; a code in use (member or sign-up code) → 409. */
export async function setRefCode(actor: Actor, targetId: number, refCode: string, meta: RequestMeta) {
  return changeRefCode({ actorId: actor.id, targetId, refCode }, meta);
}

/** An administrator sets a member's phone (non-empty). */
export async function setPhone(actor: Actor, targetId: number, phone: string, meta: RequestMeta) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: users.userId, phone: users.phone })
      .from(users)
      .where(eq(users.id, targetId))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    await tx.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, targetId));
    await audit(tx, {
      action: "PHONE_CHANGE",
      actorId: actor.id,
      targetUserId: targetId,
      ...meta,
      before: { phone: before.phone },
      after: { phone },
    });
    return { id: targetId, userId: before.userId, phone };
  });
}
