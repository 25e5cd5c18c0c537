/**
 * ID verification: a member submits an ID image, an admin approves or rejects it, and the first
 * approval pays the 1000 WLD airdrop. Every state change takes the member's users row FOR UPDATE
 * first, so concurrent uploads, approvals and rejections of one member run one after another; the
 * reward's idempotency key (`kyc-reward:<id>`, unique in ledger_postings) makes it pay at most once
 * even across reject → upload → approve cycles.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { currentIdDocument, idImageUrl, kycRewardKey } from "@/db/queries/id-documents";
import { idDocuments, users } from "@/db/schema";
import { type RequestMeta as AuditMeta, audit } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { refuseKycWhileBurstOpen } from "@/lib/fraud/hold";
import { credit } from "@/lib/ledger";
import { notify } from "@/lib/notifications";
import { fileStore, STORAGE_KEY_PATTERN } from "@/lib/storage";
import { rejectPendingRequests } from "@/lib/wallet/request-decisions";
import { processIdImage } from "./image";
import type { UploadedFile } from "./multipart";

export const KYC_REWARD_WLD = "1000";

/** The request metadata of lib/audit.ts; every field optional here (jobs and scripts have none). */
export type RequestMeta = Partial<AuditMeta>;

async function memberForUpdate(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: users.id, userId: users.userId, role: users.role, idStatus: users.idStatus, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (row?.status !== "ACTIVE") throw new AppError("NOT_FOUND");
  return row;
}

/** Erases every stored image of a member (blobs deleted, rows marked); returns how many. */
export async function eraseIdImages(tx: DbOrTx, userId: number): Promise<number> {
  const rows = await tx
    .select({ id: idDocuments.id, storageKey: idDocuments.storageKey })
    .from(idDocuments)
    .where(and(eq(idDocuments.userId, userId), isNull(idDocuments.erasedAt)));
  if (!rows.length) return 0;
  const keys = rows.map((r) => r.storageKey).filter((k): k is string => Boolean(k));
  await fileStore().delete(keys, { db: tx });
  await tx
    .update(idDocuments)
    .set({ storageKey: null, erasedAt: new Date() })
    .where(
      inArray(
        idDocuments.id,
        rows.map((r) => r.id),
      ),
    );
  return keys.length;
}

/**
 * A member submits an ID image (NONE or REJECTED → PENDING; a PENDING submission is replaced).
 * Refused with 409 once approved. The image is validated and re-encoded before anything is stored,
 * and older images of the member are erased: at most one image per member is kept.
 */
export async function submitIdDocument(member: SessionUser, file: UploadedFile, meta: RequestMeta = {}) {
  // Cheap early answer before the image work; the transaction below decides.
  if (member.idStatus === "APPROVED") throw new AppError("ALREADY_APPROVED");
  const image = await processIdImage(file.data);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await memberForUpdate(tx, member.id);
    if (row.idStatus === "APPROVED") throw new AppError("ALREADY_APPROVED");
    await eraseIdImages(tx, member.id);
    const storageKey = await fileStore().put({ data: image.data, contentType: image.mime }, { db: tx });
    const [doc] = await tx
      .insert(idDocuments)
      .values({
        userId: member.id,
        status: "PENDING",
        storageKey,
        mime: image.mime,
        width: image.width,
        height: image.height,
        sizeBytes: image.data.length,
      })
      .returning({ id: idDocuments.id });
    await tx.update(users).set({ idStatus: "PENDING", updatedAt: new Date() }).where(eq(users.id, member.id));
    await audit(tx, {
      action: "kyc.upload",
      actorId: member.id,
      targetUserId: member.id,
      targetId: doc!.id,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { idStatus: row.idStatus },
      after: { idStatus: "PENDING", document: doc!.id, mime: image.mime, width: image.width, height: image.height },
    });
    return { url: idImageUrl(storageKey), documentId: doc!.id };
  });
}

/**
 * An admin approves the member's PENDING submission: APPROVED (CertID true) and, the first time
 * ever for this member, 1000 WLD from the airdrop account to their holding with a DEPOSIT row.
 */
export async function approveIdDocument(
  actor: SessionUser,
  targetId: number,
  meta: RequestMeta & { documentId?: number } = {},
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await memberForUpdate(tx, targetId);
    if (target.idStatus === "APPROVED") throw new AppError("ALREADY_APPROVED");
    // A referral burst's open fraud case holds its members' KYC reward (lib/fraud/rules.ts, rule c).
    await refuseKycWhileBurstOpen(tx, targetId);
    const doc = await currentIdDocument(tx, { userId: targetId });
    if (doc?.status !== "PENDING" || doc.erasedAt) throw new AppError("NOTHING_TO_APPROVE");
    // The admin approves what they saw: a submission replaced in the meantime is not approved unseen.
    if (meta.documentId !== undefined && meta.documentId !== doc.id) throw new AppError("CONFLICT");
    const now = new Date();
    await tx
      .update(idDocuments)
      .set({ status: "APPROVED", reviewedBy: actor.id, reviewedAt: now, reason: null })
      .where(eq(idDocuments.id, doc.id));
    await tx.update(users).set({ idStatus: "APPROVED", updatedAt: now }).where(eq(users.id, targetId));
    const reward = await credit(tx, {
      kind: "KYC_REWARD",
      idempotencyKey: kycRewardKey(targetId),
      userId: targetId,
      coin: "WLD",
      amount: KYC_REWARD_WLD,
      from: "airdrop",
      to: "holding",
      actorId: actor.id,
      memberTx: [{ userId: targetId, type: "DEPOSIT", coinSymbol: "WLD", amount: KYC_REWARD_WLD }],
    });
    await notify(tx, targetId, "id_approved", { reward: reward.replayed ? null : KYC_REWARD_WLD });
    await audit(tx, {
      action: "kyc.approve",
      actorId: actor.id,
      targetUserId: targetId,
      targetId: doc.id,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { idStatus: target.idStatus },
      after: { idStatus: "APPROVED", document: doc.id, rewardPaid: !reward.replayed, posting: reward.postingId },
    });
    return { idStatus: "APPROVED" as const, CertID: true, rewardPaid: !reward.replayed };
  });
}

/**
 * An admin rejects the member's submission with a reason (PENDING → REJECTED), or revokes an
 * approval (APPROVED → REJECTED). The member may then upload again; the reward never pays twice.
 */
export async function rejectIdDocument(
  actor: SessionUser,
  targetId: number,
  reason: string,
  meta: RequestMeta & { documentId?: number } = {},
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await memberForUpdate(tx, targetId);
    const doc = await currentIdDocument(tx, { userId: targetId });
    if (!doc || (doc.status !== "PENDING" && doc.status !== "APPROVED") || target.idStatus === "REJECTED")
      throw new AppError("INVALID_STATE");
    if (meta.documentId !== undefined && meta.documentId !== doc.id) throw new AppError("CONFLICT");
    const now = new Date();
    await tx
      .update(idDocuments)
      .set({ status: "REJECTED", reviewedBy: actor.id, reviewedAt: now, reason })
      .where(eq(idDocuments.id, doc.id));
    await tx.update(users).set({ idStatus: "REJECTED", updatedAt: now }).where(eq(users.id, targetId));
    // A revoked approval stops what it allowed: pending transfers/withdrawals are rejected, holds released.
    if (target.idStatus === "APPROVED")
      await rejectPendingRequests(tx, {
        userId: targetId,
        actorId: actor.id,
        reason: "ID approval revoked",
        ip: meta.ip,
        requestId: meta.requestId,
      });
    await notify(tx, targetId, "id_rejected", { reason });
    await audit(tx, {
      action: "kyc.reject",
      actorId: actor.id,
      targetUserId: targetId,
      targetId: doc.id,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { idStatus: target.idStatus },
      after: { idStatus: "REJECTED", document: doc.id, reason },
    });
    return { idStatus: "REJECTED" as const, CertID: false, reason };
  });
}

/**
 * The decrypted image for its owner or an admin. Anyone else gets 404 (as for a key that does not
 * exist), so a URL reveals nothing. Every view by someone other than the owner is audited.
 */
export async function openIdImage(viewer: SessionUser, storageKey: string, meta: RequestMeta & { self: boolean }) {
  if (!STORAGE_KEY_PATTERN.test(storageKey)) throw new AppError("NOT_FOUND");
  const db = await getDb();
  const [doc] = await db
    .select({ id: idDocuments.id, userId: idDocuments.userId })
    .from(idDocuments)
    .where(and(eq(idDocuments.storageKey, storageKey), isNull(idDocuments.erasedAt)));
  if (!doc) throw new AppError("NOT_FOUND");
  // Who may see it was decided by the route's guard (owner, or an administrator under the target rules).
  const own = meta.self && doc.userId === viewer.id;
  const file = await fileStore().get(storageKey, { db });
  if (!file) throw new AppError("NOT_FOUND");
  if (!own) {
    await audit(db, {
      action: "kyc.image.view",
      actorId: viewer.id,
      targetUserId: doc.userId,
      targetId: doc.id,
      ip: meta.ip,
      requestId: meta.requestId,
    });
  }
  return file;
}
