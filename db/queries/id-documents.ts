/**
 * ID-verification reads: the member's state for /verify, the stored image's URL, and the admin's review
 * view. Missing members answer null; lib/ and the route wrappers turn that into 404.
 */
import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { type IdStatus, idDocuments, ledgerPostings, users } from "@/db/schema";

/** The idempotency key of the one-time 1000 WLD ID reward (unique in ledger_postings: it pays once). */
export const kycRewardKey = (userId: number) => `kyc-reward:${userId}`;
/** Where the owner or an admin opens an image; the key is random and the route re-checks who asks. */
export const idImageUrl = (storageKey: string) => `/api/id-images/${storageKey}`;

/** The member's latest submission (the one under review or last decided), if any. */
export async function currentIdDocument(db: DbOrTx, { userId }: { userId: number }) {
  const [doc] = await db
    .select({
      id: idDocuments.id,
      status: idDocuments.status,
      storageKey: idDocuments.storageKey,
      reason: idDocuments.reason,
      createdAt: idDocuments.createdAt,
      reviewedAt: idDocuments.reviewedAt,
      erasedAt: idDocuments.erasedAt,
    })
    .from(idDocuments)
    .where(eq(idDocuments.userId, userId))
    .orderBy(desc(idDocuments.id))
    .limit(1);
  return doc ?? null;
}

export type IdVerificationDto = {
  idStatus: IdStatus;
  CertID: boolean;
  /** Why the last submission was rejected (only while REJECTED). */
  reason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  /** The image URL while one is stored. */
  url: string | null;
  /** True once the 1000 WLD airdrop has been credited (it never pays twice). */
  rewardReceived: boolean;
};

/** The verification state shown to the member (and to admins); null when there is no such member. */
export async function idVerification(db: DbOrTx, { userId }: { userId: number }): Promise<IdVerificationDto | null> {
  const [user] = await db.select({ idStatus: users.idStatus }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const doc = await currentIdDocument(db, { userId });
  const [paid] = await db
    .select({ id: ledgerPostings.id })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.idempotencyKey, kycRewardKey(userId)));
  return {
    idStatus: user.idStatus,
    CertID: user.idStatus === "APPROVED",
    reason: user.idStatus === "REJECTED" ? (doc?.reason ?? null) : null,
    submittedAt: doc?.createdAt.toISOString() ?? null,
    reviewedAt: doc?.reviewedAt?.toISOString() ?? null,
    url: doc?.storageKey && !doc.erasedAt ? idImageUrl(doc.storageKey) : null,
    rewardReceived: Boolean(paid),
  };
}

/** The URL of the member's stored ID image, or null when there is none. */
export async function storedIdImageUrl(db: DbOrTx, { userId }: { userId: number }): Promise<string | null> {
  const [doc] = await db
    .select({ storageKey: idDocuments.storageKey })
    .from(idDocuments)
    .where(
      and(eq(idDocuments.userId, userId), isNull(idDocuments.erasedAt), sql`${idDocuments.storageKey} IS NOT NULL`),
    )
    .orderBy(desc(idDocuments.id))
    .limit(1);
  return doc?.storageKey ? idImageUrl(doc.storageKey) : null;
}

export type AdminIdDocumentDto = IdVerificationDto & {
  user: { id: number; userId: string; name: string; status: "ACTIVE" | "DEACTIVATED" };
  timeline: {
    id: number;
    status: IdStatus;
    reason: string | null;
    mime: string | null;
    width: number | null;
    height: number | null;
    sizeBytes: number | null;
    submittedAt: string;
    reviewedAt: string | null;
    reviewedBy: string | null;
    erased: boolean;
  }[];
};

/** What an admin needs to review a member's ID: the state, the image URL and every submission; null: no member. */
export async function adminIdDocumentView(
  db: DbOrTx,
  { userId }: { userId: number },
): Promise<AdminIdDocumentDto | null> {
  const [user] = await db
    .select({ id: users.id, userId: users.userId, name: users.name, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  const state = user ? await idVerification(db, { userId }) : null;
  if (!user || !state) return null;
  const reviewer = alias(users, "reviewer");
  const docs = await db
    .select({
      id: idDocuments.id,
      status: idDocuments.status,
      reason: idDocuments.reason,
      mime: idDocuments.mime,
      width: idDocuments.width,
      height: idDocuments.height,
      sizeBytes: idDocuments.sizeBytes,
      createdAt: idDocuments.createdAt,
      reviewedAt: idDocuments.reviewedAt,
      reviewedBy: reviewer.userId,
      erasedAt: idDocuments.erasedAt,
    })
    .from(idDocuments)
    .leftJoin(reviewer, eq(reviewer.id, idDocuments.reviewedBy))
    .where(eq(idDocuments.userId, userId))
    .orderBy(desc(idDocuments.id));
  return {
    user,
    ...state,
    timeline: docs.map((d) => ({
      id: d.id,
      status: d.status,
      reason: d.reason,
      mime: d.mime,
      width: d.width,
      height: d.height,
      sizeBytes: d.sizeBytes,
      submittedAt: d.createdAt.toISOString(),
      reviewedAt: d.reviewedAt?.toISOString() ?? null,
      reviewedBy: d.reviewedBy ?? null,
      erased: d.erasedAt !== null,
    })),
  };
}
