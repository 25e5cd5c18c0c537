/**
 * "Delete member" (DESIGN.md, "What we deliberately do differently"): the member is deactivated, never removed.
 * Their sessions die at the next request (session_version bump), their users row is anonymised (탈퇴한 회원, no phone, no
 * address) and their ID images leave their record, so no screen shows them; the ledger keeps every
 * posting so the books still balance. What the law requires to keep — the identity and the ID images —
 * is sealed for a SUPERADMIN only and erased 5 years later (./retention.ts, docs/operations.md).
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { audit } from "@/lib/audit";
import { cancelPendingProposalsOf } from "@/lib/auth/approver-rules";
import { revokeMemberSessions, type SessionUser } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { rejectPendingRequests } from "@/lib/wallet/request-decisions";
import type { RequestMeta } from "./documents";
import { eraseAfterOf, retainIdentity } from "./retention";

export const DEACTIVATED_NAME = "탈퇴한 회원";

/** ADMIN or SUPERADMIN; nobody deactivates themself or a SUPERADMIN here. */
export async function deactivateMember(actor: SessionUser, targetId: number, meta: RequestMeta = {}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, status: users.status, idStatus: users.idStatus })
      .from(users)
      .where(eq(users.id, targetId))
      .for("update");
    if (target?.status !== "ACTIVE") throw new AppError("NOT_FOUND");
    if (target.role === "SUPERADMIN") throw new AppError("FORBIDDEN");
    // The relationship ends now (the application clock): the retention period counts from here.
    const endedAt = now();
    const imagesRetained = await retainIdentity(tx, targetId, endedAt);
    await tx
      .update(users)
      .set({
        status: "DEACTIVATED",
        name: DEACTIVATED_NAME,
        phone: null,
        walletAddr: null,
        deactivatedAt: endedAt,
        updatedAt: endedAt,
      })
      .where(eq(users.id, targetId));
    // Every login of the member ends now (the device list shows them ended, not just refused).
    await revokeMemberSessions(tx, targetId);
    // Pending requests die with the account: each is rejected, so a transfer's hold returns to staked. The
    // row lock above makes requests and credits racing this wait, then find the member DEACTIVATED.
    const requestsRejected = await rejectPendingRequests(tx, {
      userId: targetId,
      actorId: actor.id,
      reason: "member deactivated",
      includeDeposits: true,
      ip: meta.ip ?? undefined,
      requestId: meta.requestId ?? undefined,
    });
    // An administrator's open four-eyes proposals die with the account (lib/auth/approver-rules.ts).
    const proposalsCancelled = await cancelPendingProposalsOf(tx, targetId, "deactivated", { id: actor.id, ...meta });
    await audit(tx, {
      action: "member.deactivate",
      actorId: actor.id,
      targetUserId: targetId,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { status: "ACTIVE", role: target.role, idStatus: target.idStatus },
      after: {
        status: "DEACTIVATED",
        personalDataErased: true,
        identityRetainedUntil: eraseAfterOf(endedAt).toISOString(),
        imagesRetained,
        requestsRejected,
        proposalsCancelled,
      },
    });
    return { id: targetId, status: "DEACTIVATED" as const };
  });
}
