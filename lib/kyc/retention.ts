/**
 * A deactivated member's identity, kept as the law says (docs/operations.md, "Retention").
 *
 * The Act on Reporting and Using Specified Financial Transaction Information (특정금융정보법) asks a virtual-asset
 * operator to keep the identity it verified for 5 years after the relationship ends. So deactivation does not
 * erase it: `retainIdentity` seals the member's name, phone, login id, wallet address and the ID approval's date
 * with AES-256-GCM (lib/storage/crypto.ts, FILE_ENCRYPTION_KEY, the member bound in as associated data, as the
 * two-factor secret is) into retained_identities, and moves the ID images — already encrypted in the file store —
 * out of the member's record into retained_id_images. The users row is anonymised all the same, so no ordinary screen
 * shows any of it. Only a SUPERADMIN reads it back (`readRetainedIdentity`, `openRetainedIdImage`), and every read
 * writes an audit row. At the relationship's end + RETENTION_IDENTITY_YEARS the daily erasure
 * (`eraseExpiredIdentities`, lib/kyc/retention-job.ts) deletes the images and the sealed bytes, one audit row per
 * member. Money records are never deleted at all (migration 0019).
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, max } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { idDocuments, retainedIdentities, retainedIdImages, users } from "@/db/schema";
import { audit } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { decrypt, encrypt } from "@/lib/storage/crypto";
import { fileStore, type StoredFile } from "@/lib/storage";
import type { RequestMeta } from "./documents";

/** Identity records are kept this many years after the relationship ends (특정금융정보법), then erased. */
export const RETENTION_IDENTITY_YEARS = 5;
/** Members erased per transaction by one run of the daily erasure. */
const ERASE_BATCH = 200;

/** What is sealed: the identity as it stood when the relationship ended. */
export type RetainedIdentityData = {
  loginId: string;
  name: string;
  phone: string | null;
  walletAddr: string | null;
  /** When the member's ID was last approved (ISO), or null when it never was. */
  idApprovedAt: string | null;
};

export type RetainedIdentityDto = RetainedIdentityData & {
  id: number;
  relationshipEndedAt: string;
  eraseAfter: string;
  images: { documentId: number; url: string }[];
};

/** The instant the identity may be erased: the relationship's end plus RETENTION_IDENTITY_YEARS calendar years. */
export function eraseAfterOf(endedAt: Date): Date {
  const at = new Date(endedAt);
  at.setUTCFullYear(at.getUTCFullYear() + RETENTION_IDENTITY_YEARS);
  return at;
}

const aad = (userId: number) => `retained-identity:${userId}`;
const retainedImageUrl = (userId: number, documentId: number) =>
  `/api/admin/users/${userId}/retained-identity/images/${documentId}`;

/**
 * In the deactivation's transaction, the member's row locked and not yet anonymised: seals their identity and takes
 * their stored ID images out of their record into the retention record. Returns how many images are kept.
 */
export async function retainIdentity(tx: DbOrTx, userId: number, endedAt: Date): Promise<number> {
  const [member] = await tx
    .select({ loginId: users.userId, name: users.name, phone: users.phone, walletAddr: users.walletAddr })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new AppError("NOT_FOUND");
  const [approval] = await tx
    .select({ at: max(idDocuments.reviewedAt) })
    .from(idDocuments)
    .where(and(eq(idDocuments.userId, userId), eq(idDocuments.status, "APPROVED")));
  const data: RetainedIdentityData = { ...member, idApprovedAt: approval?.at?.toISOString() ?? null };
  const { data: sealed, iv } = encrypt(Buffer.from(JSON.stringify(data), "utf8"), aad(userId));
  await tx.insert(retainedIdentities).values({
    userId,
    sealed,
    iv,
    relationshipEndedAt: endedAt,
    eraseAfter: eraseAfterOf(endedAt),
    createdAt: endedAt,
  });

  const images = await tx
    .select({ id: idDocuments.id, storageKey: idDocuments.storageKey })
    .from(idDocuments)
    .where(and(eq(idDocuments.userId, userId), isNull(idDocuments.erasedAt), isNotNull(idDocuments.storageKey)));
  if (!images.length) return 0;
  await tx
    .insert(retainedIdImages)
    .values(images.map((d) => ({ documentId: d.id, userId, storageKey: d.storageKey!, createdAt: endedAt })));
  // Gone from the member's record (no screen or image URL reaches them); the blobs stay, encrypted, until erasure.
  await tx
    .update(idDocuments)
    .set({ storageKey: null, erasedAt: endedAt })
    .where(
      inArray(
        idDocuments.id,
        images.map((d) => d.id),
      ),
    );
  return images.length;
}

async function heldRecord(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(retainedIdentities)
    .where(and(eq(retainedIdentities.userId, userId), isNull(retainedIdentities.erasedAt)));
  return row ?? null;
}

/** A SUPERADMIN reads a deactivated member's retained identity (audited); 404 when none is held (any more). */
export async function readRetainedIdentity(
  actor: SessionUser,
  userId: number,
  meta: RequestMeta = {},
): Promise<RetainedIdentityDto> {
  const db = await getDb();
  const row = await heldRecord(db, userId);
  if (!row?.sealed || !row.iv) throw new AppError("NOT_FOUND");
  const data = JSON.parse(decrypt(row.sealed, row.iv, aad(userId)).toString("utf8")) as RetainedIdentityData;
  const images = await db
    .select({ documentId: retainedIdImages.documentId })
    .from(retainedIdImages)
    .where(eq(retainedIdImages.userId, userId))
    .orderBy(asc(retainedIdImages.documentId));
  await audit(db, {
    action: "retention.identity.view",
    actorId: actor.id,
    targetUserId: userId,
    ip: meta.ip,
    requestId: meta.requestId,
    after: { images: images.length },
  });
  return {
    id: userId,
    ...data,
    relationshipEndedAt: row.relationshipEndedAt.toISOString(),
    eraseAfter: row.eraseAfter.toISOString(),
    images: images.map((i) => ({ documentId: i.documentId, url: retainedImageUrl(userId, i.documentId) })),
  };
}

/** A SUPERADMIN opens one retained ID image of the member (decrypted, audited); 404 when it is not held. */
export async function openRetainedIdImage(
  actor: SessionUser,
  userId: number,
  documentId: number,
  meta: RequestMeta = {},
): Promise<StoredFile> {
  const db = await getDb();
  const [image] = await db
    .select({ storageKey: retainedIdImages.storageKey })
    .from(retainedIdImages)
    .where(and(eq(retainedIdImages.userId, userId), eq(retainedIdImages.documentId, documentId)));
  const file = image ? await fileStore().get(image.storageKey, { db }) : null;
  if (!file) throw new AppError("NOT_FOUND");
  await audit(db, {
    action: "retention.image.view",
    actorId: actor.id,
    targetUserId: userId,
    targetId: documentId,
    ip: meta.ip,
    requestId: meta.requestId,
  });
  return file;
}

/**
 * The daily erasure: every retained identity whose time has come at `at` (the application clock) loses its sealed
 * bytes and its images, with one audit row per member. Rows are taken FOR UPDATE SKIP LOCKED, so instances running
 * it at once share the work and erase each member once. Returns the members erased.
 */
export async function eraseExpiredIdentities(at: Date = now(), db?: DbOrTx): Promise<number[]> {
  const conn = db ?? (await getDb());
  const erased: number[] = [];
  for (;;) {
    const batch = await conn.transaction(async (tx) => {
      const due = await tx
        .select({
          userId: retainedIdentities.userId,
          relationshipEndedAt: retainedIdentities.relationshipEndedAt,
          eraseAfter: retainedIdentities.eraseAfter,
        })
        .from(retainedIdentities)
        .where(and(isNull(retainedIdentities.erasedAt), lte(retainedIdentities.eraseAfter, at)))
        .orderBy(asc(retainedIdentities.eraseAfter))
        .limit(ERASE_BATCH)
        .for("update", { skipLocked: true });
      for (const record of due) await eraseOne(tx, record, at);
      return due.map((r) => r.userId);
    });
    erased.push(...batch);
    if (batch.length < ERASE_BATCH) return erased;
  }
}

async function eraseOne(
  tx: DbOrTx,
  record: { userId: number; relationshipEndedAt: Date; eraseAfter: Date },
  at: Date,
): Promise<void> {
  const images = await tx
    .delete(retainedIdImages)
    .where(eq(retainedIdImages.userId, record.userId))
    .returning({ storageKey: retainedIdImages.storageKey });
  await fileStore().delete(
    images.map((i) => i.storageKey),
    { db: tx },
  );
  await tx
    .update(retainedIdentities)
    .set({ sealed: null, iv: null, erasedAt: at })
    .where(eq(retainedIdentities.userId, record.userId));
  await audit(tx, {
    action: "retention.erase",
    targetUserId: record.userId,
    after: {
      imagesErased: images.length,
      relationshipEndedAt: record.relationshipEndedAt.toISOString(),
      eraseAfter: record.eraseAfter.toISOString(),
      years: RETENTION_IDENTITY_YEARS,
    },
  });
}
