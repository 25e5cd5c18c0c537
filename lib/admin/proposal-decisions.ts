/**
 * Deciding a four-eyes proposal (SECURITY.md H33, I39; proposing and reading live in ./proposals.ts). A different
 * administrator holding the change's own permission approves it — only then is it applied, by the same use-case
 * code the direct route calls (./balance-change.ts, lib/staking/admin.ts, …), its stored payload checked against its
 * kind's schema first (./proposal-payloads.ts), in ONE transaction with the proposal row locked FOR UPDATE and its
 * status checked, and a ledger posting keyed `proposal:<id>` (a second application is impossible twice over) — or
 * rejects it (nothing posted). A proposal older than 72 hours cannot be approved (EXPIRED). Times come from
 * lib/clock.ts so tests can move them.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "@/db/client";
import { audit } from "@/lib/audit";
import {
  applyPasswordResetProposal,
  applyRoleProposal,
  applyTwoFactorResetProposal,
} from "@/lib/auth/account-proposals";
import { approverOpensAt, approverTooNew } from "@/lib/auth/approver-rules";
import { requireDecisionRights } from "@/lib/auth/guards";
import { now } from "@/lib/clock";
import { applyDestinationUnblock } from "@/lib/destinations/admin";
import { applyUnfreezeProposal } from "@/lib/account/freeze";
import { AppError } from "@/lib/errors";
import { D } from "@/lib/money";
import { createProduct, type ProductInput, productInputOf, setMemberRate, updateProduct } from "@/lib/staking/admin";
import { approveDepositProposal } from "@/lib/wallet/deposit-approval";
import { setDailyLimitOverride } from "@/lib/wallet/limits";
import { applyBalanceProposal } from "./balance-change";
import type { ProposalStatus, ProposalKind } from "./proposal-kinds";
import { type Payloads, payloadOf } from "./proposal-payloads";
import { type Actor, actorOf, type Decider, KIND_PERMISSION, type ProposalDto, readProposal } from "./proposals";

/** A refused decision leaves an AUTHZ_DENIED audit row like the route guards' refusals, then answers `error`. */
async function refused(p: ProposalDto, d: Decider, why: Record<string, unknown>, error: AppError): Promise<never> {
  await audit(await getDb(), {
    action: "AUTHZ_DENIED",
    actorId: d.user.id,
    targetUserId: p.target?.id ?? null,
    targetId: p.id,
    ip: d.ip,
    requestId: d.requestId,
    after: { ...why, proposal: p.id, kind: p.kind },
  });
  throw error;
}

/**
 * Who may decide: someone other than the proposer (approving) who holds the change's own permission and passes its
 * target rules on the member concerned (lib/auth/guards.ts), and — approving — whose account was not promoted, or
 * had its password or two-factor reset, in the last 72 hours (lib/auth/approver-rules.ts).
 */
async function authorizeDecision(p: ProposalDto, d: Decider, approving: boolean): Promise<void> {
  if (approving && p.proposedBy.id === d.user.id)
    await refused(p, d, { reason: "self-approval" }, new AppError("SELF_APPROVAL"));
  await requireDecisionRights(
    { req: d.req, requestId: d.requestId, actor: d.user },
    KIND_PERMISSION[p.kind],
    p.target?.id ?? null,
    approving,
  );
  const opensAt = approving ? approverOpensAt(d.user) : null;
  if (opensAt)
    await refused(p, d, { reason: "approver-too-new", opensAt: opensAt.toISOString() }, approverTooNew(opensAt));
}

type Locked = { id: string; kind: ProposalKind; status: ProposalStatus; expires_at: string | Date };

async function proposalForUpdate(tx: Tx, id: number): Promise<Locked> {
  const [row] = rowsOf<Locked>(
    await tx.execute(sql`SELECT id::text AS id, kind, status, expires_at FROM proposals WHERE id = ${id} FOR UPDATE`),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

const stateError = (status: ProposalStatus) =>
  status === "EXPIRED" ? new AppError("EXPIRED") : new AppError("INVALID_STATE", { status });

/** The idempotency key of the ledger posting an approved proposal makes. */
export const postingKeyOf = (id: number) => `proposal:${id}`;

/** What an approval hands to the approver alone: a password reset's temporary password, shown once. */
type Applied = { temporaryPassword?: string } | undefined;

/** Applies an approved proposal with the direct routes' own use-case code, inside the approval's transaction. */
async function apply(tx: Tx, p: ProposalDto, actor: Actor): Promise<Applied> {
  const meta = { ip: actor.ip ?? undefined, requestId: actor.requestId ?? undefined };
  const postingKey = postingKeyOf(p.id);
  const staking = { actorId: actor.id, ip: actor.ip, requestId: actor.requestId, postingKey };
  const targetId = p.target?.id as number;
  switch (p.kind) {
    case "coin":
    case "coinunhist":
    case "interest":
    case "staking":
      await applyBalanceProposal(tx, { kind: p.kind, memberId: targetId, payload: p.payload, postingKey }, actor);
      return;
    case "member_rate": {
      const x = payloadOf("member_rate", p.payload);
      await setMemberRate(targetId, x.coinSymbol, new D(x.rate), staking, tx);
      return;
    }
    case "product_rate": {
      const x = payloadOf("product_rate", p.payload);
      await updateProduct(x.productId, productPatchOf(x.patch), staking, tx);
      return;
    }
    case "product_create": {
      const x = payloadOf("product_create", p.payload);
      await createProduct(productInputOf(x.product), staking, tx);
      return;
    }
    case "withdraw_limit": {
      const x = payloadOf("withdraw_limit", p.payload);
      await applyWithdrawLimit(tx, targetId, x.limitKrw, actor);
      return;
    }
    case "role":
      payloadOf("role", p.payload);
      await applyRoleProposal(tx, p, actor);
      return;
    case "password_reset":
      payloadOf("password_reset", p.payload);
      return { temporaryPassword: await applyPasswordResetProposal(tx, p, actor) };
    case "two_factor_reset":
      payloadOf("two_factor_reset", p.payload);
      await applyTwoFactorResetProposal(tx, p, actor);
      return;
    case "destination_unblock":
      await applyDestinationUnblock(tx, payloadOf("destination_unblock", p.payload), p.id, actor);
      return;
    case "account_unfreeze":
      payloadOf("account_unfreeze", p.payload);
      await applyUnfreezeProposal(tx, { id: p.id, targetId, proposedBy: p.proposedBy.id }, actor);
      return;
    case "deposit": {
      const x = payloadOf("deposit", p.payload);
      await approveDepositProposal(
        tx,
        { id: p.id, payload: x, proposedBy: p.proposedBy.id },
        { adminId: actor.id, postingKey: postingKeyOf(p.id), ...meta },
      );
      return;
    }
    default:
      // Every kind has its applier: a kind without one is never approved (nothing is marked APPROVED).
      throw new Error(`no applier for proposal kind ${p.kind}`);
  }
}

/** A product change as stored in a proposal → the use case's input. */
function productPatchOf(patch: Payloads["product_rate"]["patch"]): Partial<ProductInput> {
  const out: Partial<ProductInput> = {};
  if (patch.coinSymbol !== undefined) out.coinSymbol = patch.coinSymbol;
  if (patch.name !== undefined) out.name = patch.name;
  if (patch.annualRate !== undefined) out.annualRate = new D(patch.annualRate);
  if (patch.minAmount !== undefined) out.minAmount = new D(patch.minAmount);
  if (patch.active !== undefined) out.active = patch.active;
  if (patch.lockEnd !== undefined) out.lockEnd = patch.lockEnd === null ? null : new Date(patch.lockEnd);
  if (patch.lockDays !== undefined) out.lockDays = patch.lockDays;
  return out;
}

/** The per-member daily withdrawal limit override (lib/wallet/limits.ts), audited with its before and after. */
async function applyWithdrawLimit(tx: Tx, userId: number, limitKrw: string | null, actor: Actor): Promise<void> {
  const change = await setDailyLimitOverride(tx, userId, limitKrw);
  await audit(tx, {
    action: "member.withdraw_limit",
    actorId: actor.id,
    targetUserId: userId,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    before: { dailyWithdrawLimitKrw: change.before },
    after: { dailyWithdrawLimitKrw: change.after },
  });
}

/**
 * POST /api/admin/proposals/{id}/approve: applies the change exactly once. The proposal row is locked FOR UPDATE
 * and must still be PENDING and younger than 72 hours; the change, the row's APPROVED mark with the posting id
 * and the audit row commit together or not at all. An expired proposal is marked EXPIRED and refused. Answers the
 * proposal, and a password reset's temporary password for this approver alone.
 */
export async function approveProposal(
  id: number,
  decider: Decider,
): Promise<{ proposal: ProposalDto } & NonNullable<Applied>> {
  const actor = actorOf(decider);
  const db = await getDb();
  const seen = await readProposal(db, id);
  if (!seen) throw new AppError("NOT_FOUND");
  await authorizeDecision(seen, decider, true);
  let applied: Applied;
  const outcome = await db.transaction(async (tx) => {
    const row = await proposalForUpdate(tx, id);
    if (row.status !== "PENDING") throw stateError(row.status);
    const at = now();
    if (new Date(row.expires_at).getTime() <= at.getTime()) {
      await markExpired(tx, id, at, actor);
      return "expired" as const;
    }
    applied = await apply(tx, seen, actor);
    const [posting] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id::text AS id FROM ledger_postings WHERE idempotency_key = ${postingKeyOf(id)}`),
    );
    await tx.execute(sql`
      UPDATE proposals SET status = 'APPROVED', decided_by = ${actor.id}, decided_at = ${at.toISOString()}::timestamptz,
        posting_id = ${posting ? Number(posting.id) : null}
      WHERE id = ${id} AND status = 'PENDING'`);
    await auditDecision(tx, "proposal.approve", actor, seen, {
      status: "APPROVED",
      postingId: posting ? Number(posting.id) : null,
    });
    return "approved" as const;
  });
  // The EXPIRED mark is committed; the refusal is the answer.
  if (outcome === "expired") throw new AppError("EXPIRED");
  return { proposal: (await readProposal(db, id))!, ...applied };
}

/** The audit row of a decision on a pending proposal: what was proposed, by whom, and the outcome. */
function auditDecision(
  tx: Tx,
  action: "proposal.approve" | "proposal.reject",
  actor: Actor,
  seen: ProposalDto,
  after: Record<string, unknown>,
) {
  return audit(tx, {
    action,
    actorId: actor.id,
    targetUserId: seen.target?.id ?? null,
    targetId: seen.id,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    before: { status: "PENDING", kind: seen.kind, payload: seen.payload, proposedBy: seen.proposedBy.id },
    after,
  });
}

async function markExpired(tx: Tx, id: number, at: Date, actor: Actor) {
  await tx.execute(sql`
    UPDATE proposals SET status = 'EXPIRED', decided_at = ${at.toISOString()}::timestamptz
    WHERE id = ${id} AND status = 'PENDING'`);
  await audit(tx, {
    action: "proposal.expire",
    actorId: actor.id,
    targetId: id,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    before: { status: "PENDING" },
    after: { status: "EXPIRED" },
  });
}

/** POST /api/admin/proposals/{id}/reject { note }: nothing is applied; the note is required. */
export async function rejectProposal(id: number, note: string, decider: Decider): Promise<ProposalDto> {
  const actor = actorOf(decider);
  const db = await getDb();
  const seen = await readProposal(db, id);
  if (!seen) throw new AppError("NOT_FOUND");
  await authorizeDecision(seen, decider, false);
  await db.transaction(async (tx) => {
    const row = await proposalForUpdate(tx, id);
    if (row.status !== "PENDING") throw stateError(row.status);
    const at = now();
    if (new Date(row.expires_at).getTime() <= at.getTime()) throw new AppError("EXPIRED");
    await tx.execute(sql`
      UPDATE proposals SET status = 'REJECTED', decided_by = ${actor.id}, decided_at = ${at.toISOString()}::timestamptz,
        decision_note = ${note}
      WHERE id = ${id} AND status = 'PENDING'`);
    await auditDecision(tx, "proposal.reject", actor, seen, { status: "REJECTED", note });
  });
  return (await readProposal(db, id))!;
}
