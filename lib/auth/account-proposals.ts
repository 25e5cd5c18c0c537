/**
 * The account changes that would let one person be two (SECURITY: "no single account, however privileged, moves
 * money, changes a rate or grants itself a second pair of eyes"): granting a console role — ADMIN, SUPERADMIN or a
 * staff role (SUPPORT, FINANCE, COMPLIANCE) — and resetting
 * another administrator's password or two-factor, are four-eyes proposals (202 { proposal }, a reason required,
 * lib/admin/proposals.ts) that another SUPERADMIN approves in /admin/approvals; only that approval applies them, with
 * the same use-case code as the direct changes (./member-admin.ts, ./passwords.ts, ./two-factor.ts). A reset's
 * temporary password is made at the approval and answered once, to the approving administrator alone.
 *
 * Direct, as before: demoting to USER (it takes power away, and takes the member's pending proposals with it) and
 * resetting a member's (USER's) password or two-factor. Every reset and promotion also starts the account's
 * 72-hour wait as an approver (./approver-rules.ts).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, rowsOf, type Tx } from "@/db/client";
import type { Role } from "@/db/schema";
import { type Actor, type Payloads, type ProposalDto, proposalOutcome, propose } from "@/lib/admin/proposals";
import type { Outcome } from "@/lib/http/response";
import { CONSOLE_ROLES, ROLES } from "./roles";
import { AppError } from "@/lib/errors";
import { applyRole, roleTargetOrThrow } from "./member-admin";
import { applyPasswordReset, newTemporaryPassword } from "./password-change";
import { isAdminRole } from "./permissions";
import { applyTwoFactorReset } from "./two-factor";

const metaOf = (actor: Actor) => ({ ip: actor.ip ?? undefined, requestId: actor.requestId ?? undefined });

/** The member's role, the row locked until the caller's transaction ends; 404 when not ACTIVE. */
async function lockedRoleOf(tx: Tx, userId: number): Promise<Role> {
  const [row] = rowsOf<{ role: Role }>(
    await tx.execute(sql`SELECT role FROM users WHERE id = ${userId}::integer AND status = 'ACTIVE' FOR UPDATE`),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return row.role;
}

/**
 * PATCH /api/admin/users/{id}/toggle-role, inside the route's transaction: a grant of a console role (ADMIN,
 * SUPERADMIN, SUPPORT, FINANCE, COMPLIANCE) becomes a `role` proposal (202), the target role in its payload; USER
 * (the demotion), or the role the member already has, is applied at once (200 { id, userId, role }).
 * A SUPERADMIN's role never changes (./member-admin.ts roleTargetOrThrow).
 */
export async function changeRole(
  tx: Tx,
  actor: Actor,
  targetId: number,
  role: Role,
  reason: string | undefined,
): Promise<Outcome> {
  const target = await roleTargetOrThrow(tx, targetId);
  if (target.role !== role && isAdminRole(role))
    return proposalOutcome(
      await propose(tx, {
        kind: "role",
        targetUserId: target.id,
        payload: { role, before: target.role },
        reason,
        actor,
      }),
    );
  const row = await applyRole(tx, actor, target, role, metaOf(actor));
  return { status: 200, body: { id: row.id, userId: row.userId, role: row.role } };
}

/**
 * PATCH /api/admin/users/{id}/password-reset: an administrator's account → a `password_reset` proposal (202); a
 * member's → reset at once, 200 { userId, temporaryPassword } (shown once). A member promoted meanwhile → 409.
 */
export async function resetPasswordOf(
  actor: Actor,
  target: { id: number; userId: string; role: Role },
  reason: string | undefined,
): Promise<Outcome> {
  const db = await getDb();
  if (isAdminRole(target.role))
    return db.transaction(async (tx) =>
      proposalOutcome(await propose(tx, proposalOf("password_reset", target, reason, actor))),
    );
  const { temporaryPassword, passwordHash } = await newTemporaryPassword();
  await db.transaction(async (tx) => {
    if (isAdminRole(await lockedRoleOf(tx, target.id))) throw new AppError("CONFLICT");
    await applyPasswordReset(tx, actor, target.id, passwordHash, metaOf(actor));
  });
  return { status: 200, body: { userId: target.userId, temporaryPassword } };
}

/**
 * PATCH /api/admin/users/{id}/two-factor-reset, inside the route's transaction: an administrator's account → a
 * `two_factor_reset` proposal (202); a member's → off at once, 200 { userId, reset } (false when it was off).
 */
export async function resetTwoFactorOf(
  tx: Tx,
  actor: Actor,
  target: { id: number; userId: string },
  reason: string | undefined,
): Promise<Outcome> {
  const role = await lockedRoleOf(tx, target.id);
  if (isAdminRole(role))
    return proposalOutcome(await propose(tx, proposalOf("two_factor_reset", { ...target, role }, reason, actor)));
  const reset = await applyTwoFactorReset(tx, actor, target.id, metaOf(actor));
  return { status: 200, body: { userId: target.userId, reset } };
}

function proposalOf<K extends "password_reset" | "two_factor_reset">(
  kind: K,
  target: { id: number; role: Role },
  reason: string | undefined,
  actor: Actor,
) {
  const payload: Payloads[K] = { targetRole: target.role };
  return { kind, targetUserId: target.id, payload, reason, actor };
}

// ─── applied on approval (lib/admin/proposal-decisions.ts) ────────────────────

const targetOf = (p: ProposalDto) => {
  if (!p.target) throw new AppError("NOT_FOUND");
  return p.target.id;
};

/** A stored `role` proposal's payload, checked when read back: only a console role is ever granted this way. */
const rolePayload = z.object({ role: z.enum(CONSOLE_ROLES), before: z.enum(ROLES) });

/** An approved `role` proposal: the grant, with the direct change's rules (the member's sessions end). */
export async function applyRoleProposal(tx: Tx, p: ProposalDto, actor: Actor): Promise<void> {
  const x = rolePayload.safeParse(p.payload);
  if (!x.success) throw new AppError("CONFLICT");
  await applyRole(tx, actor, await roleTargetOrThrow(tx, targetOf(p)), x.data.role, metaOf(actor));
}

/**
 * An approved `password_reset` proposal: the temporary password is made now and answered to the approver only —
 * never stored, logged, audited or put in the proposal.
 */
export async function applyPasswordResetProposal(tx: Tx, p: ProposalDto, actor: Actor): Promise<string> {
  const { temporaryPassword, passwordHash } = await newTemporaryPassword();
  await applyPasswordReset(tx, actor, targetOf(p), passwordHash, metaOf(actor));
  return temporaryPassword;
}

/** An approved `two_factor_reset` proposal: two-factor off, as a member's direct reset. */
export async function applyTwoFactorResetProposal(tx: Tx, p: ProposalDto, actor: Actor): Promise<void> {
  await applyTwoFactorReset(tx, actor, targetOf(p), metaOf(actor));
}
