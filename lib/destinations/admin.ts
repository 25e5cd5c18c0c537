/**
 * Administrators managing the destinations (POST and PATCH /api/admin/destinations, in the route's transaction):
 * every change sets changed_at (lib/clock.ts) and changed_by and is audited with its before and after. Blocking
 * applies at once — a member's next registration or request to it is refused. Allowing a blocked destination,
 * or a new one, is four-eyes (SECURITY I39: no single account moves money, nor opens a way for it to leave): a
 * `destination_unblock` proposal that only another administrator's approval applies (lib/admin/proposal-decisions.ts
 * calls applyDestinationUnblock). The name never changes: registered addresses carry it.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { destinations } from "@/db/schema";
import { currentAuditMemo } from "@/lib/audit-memo";
import { type Actor, type ProposalDto, propose, reasonOf } from "@/lib/admin/proposals";
import { audit } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import type { CreateDestinationInput, UpdateDestinationInput } from "@/lib/validation/destinations";
import type { DestinationDto, DestinationPatch, UnblockPayload } from "./dto";
import { destinationById } from "./read";

type Change = { status: 200 | 201; body: DestinationDto } | { status: 202; body: { proposal: ProposalDto } };

/** The memo a change leaves on the row: the one asked for, else the console's memo (x-audit-memo), else none. */
const memoOf = (memo: string | null | undefined) => (memo !== undefined ? memo : (currentAuditMemo() ?? null));

const auditChange = (tx: Tx, actor: Actor, id: number, change: { before?: unknown; after: unknown }) =>
  audit(tx, {
    action: change.before === undefined ? "destination.create" : "destination.update",
    actorId: actor.id,
    targetId: id,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    ...change,
  });

/** Reads a destination the caller changed in this transaction (it exists: the caller holds its row). */
const reread = async (tx: Tx, id: number) => (await destinationById(tx, id))!;

/**
 * A new destination, BLOCKED (201). Asked for as ALLOWED, it is created BLOCKED and allowing it is proposed at
 * once (202 { proposal }). A name taken in any letter case → 409 DESTINATION_EXISTS.
 */
export async function createDestination(tx: Tx, input: CreateDestinationInput, actor: Actor): Promise<Change> {
  const at = now();
  const memo = memoOf(input.memo);
  const [row] = await tx
    .insert(destinations)
    .values({
      name: input.name,
      networks: input.networks,
      kind: input.kind,
      travelRulePartner: input.travelRulePartner,
      status: "BLOCKED",
      memo,
      changedAt: at,
      changedBy: actor.id,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: destinations.id });
  if (!row) throw new AppError("DESTINATION_EXISTS", { name: input.name });
  const created = await reread(tx, row.id);
  await auditChange(tx, actor, row.id, { after: created });
  if (input.status === "BLOCKED") return { status: 201, body: created };
  const proposal = await proposeUnblock(tx, created, {}, input.reason ?? memo, actor);
  return { status: 202, body: { proposal } };
}

/**
 * Changes a destination (404 when unknown). BLOCKED → ALLOWED is a proposal (202) carrying the rest of the change
 * too, which waits with it; one unblock waits at a time (409 DESTINATION_UNBLOCK_PENDING). Anything else applies
 * at once (200), blocking included.
 */
export async function changeDestination(
  tx: Tx,
  id: number,
  input: UpdateDestinationInput,
  actor: Actor,
): Promise<Change> {
  const before = await destinationForUpdate(tx, id);
  const { status, reason, ...fields } = input;
  if (before.status === "BLOCKED" && status === "ALLOWED") {
    const proposal = await proposeUnblock(tx, before, fields, reason ?? fields.memo, actor);
    return { status: 202, body: { proposal } };
  }
  await writeChange(tx, id, { ...fields, status, memo: memoOf(fields.memo) }, actor);
  const after = await reread(tx, id);
  await auditChange(tx, actor, id, { before: withoutPending(before), after: withoutPending(after) });
  return { status: 200, body: after };
}

/** Applies an approved `destination_unblock` in the approval's transaction: ALLOWED, with the change it carried. */
export async function applyDestinationUnblock(tx: Tx, payload: UnblockPayload, proposalId: number, actor: Actor) {
  const before = await destinationForUpdate(tx, payload.destinationId);
  await writeChange(tx, payload.destinationId, { ...payload.patch, status: "ALLOWED" }, actor);
  const after = await reread(tx, payload.destinationId);
  await auditChange(tx, actor, payload.destinationId, {
    before: withoutPending(before),
    after: { ...withoutPending(after), proposalId },
  });
}

async function destinationForUpdate(tx: Tx, id: number): Promise<DestinationDto> {
  const [locked] = await tx
    .select({ id: destinations.id })
    .from(destinations)
    .where(eq(destinations.id, id))
    .for("update");
  if (!locked) throw new AppError("NOT_FOUND");
  return reread(tx, id);
}

async function writeChange(
  tx: Tx,
  id: number,
  change: DestinationPatch & { status?: DestinationDto["status"] },
  actor: Actor,
): Promise<void> {
  await tx
    .update(destinations)
    .set({ ...change, changedAt: now(), changedBy: actor.id })
    .where(eq(destinations.id, id));
}

/** The proposal that allows a blocked destination; the reason is required (400 PROPOSAL_REASON_REQUIRED). */
async function proposeUnblock(
  tx: Tx,
  destination: DestinationDto,
  patch: DestinationPatch,
  reason: string | null | undefined,
  actor: Actor,
): Promise<ProposalDto> {
  if (destination.pendingUnblock)
    throw new AppError("DESTINATION_UNBLOCK_PENDING", { proposalId: destination.pendingUnblock.proposalId });
  // The row's memo once allowed: the one asked for, else the proposal's reason.
  const memo = patch.memo !== undefined ? patch.memo : reasonOf(reason);
  return propose(tx, {
    kind: "destination_unblock",
    targetUserId: null,
    payload: { destinationId: destination.id, name: destination.name, patch: { ...patch, memo } },
    reason,
    actor,
  });
}

const withoutPending = ({ pendingUnblock: _, ...d }: DestinationDto) => d;
