/**
 * 1:1 support reads. A member's reads take the owner as a required parameter and put it in the WHERE (another
 * member's inquiry is simply not found); staff reads take the member roles the viewer may not see
 * (`hiddenRoles`, decided in lib/support/staff.ts), so a list and a single read obey the same rule.
 */
import "server-only";
import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { inquiries, inquiryImages, inquiryMessages, users } from "@/db/schema";

/** Where the owner or permitted staff open an attached image; the key is random and the route re-checks. */
export const inquiryImageUrl = (storageKey: string) => `/api/inquiry-images/${storageKey}`;

const summary = {
  id: inquiries.id,
  userId: inquiries.userId,
  category: inquiries.category,
  subject: inquiries.subject,
  status: inquiries.status,
  assigneeId: inquiries.assigneeId,
  createdAt: inquiries.createdAt,
  updatedAt: inquiries.updatedAt,
  waitingSince: inquiries.waitingSince,
  firstAnsweredAt: inquiries.firstAnsweredAt,
  closedAt: inquiries.closedAt,
};

/** The member's own inquiries, newest activity first. */
export async function memberInquiries(db: DbOrTx, { userId }: { userId: number }) {
  return db
    .select(summary)
    .from(inquiries)
    .where(eq(inquiries.userId, userId))
    .orderBy(desc(inquiries.updatedAt), desc(inquiries.id))
    .limit(200);
}

/** One inquiry of `userId` (null when it is not theirs or does not exist). */
export async function memberInquiry(db: DbOrTx, { userId, id }: { userId: number; id: number }) {
  const [row] = await db
    .select(summary)
    .from(inquiries)
    .where(and(eq(inquiries.id, id), eq(inquiries.userId, userId)));
  return row ?? null;
}

/** How many of the member's inquiries wait for staff (접수, 답변 중). */
export async function waitingInquiryCount(db: DbOrTx, { userId }: { userId: number }) {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.userId, userId), inArray(inquiries.status, ["RECEIVED", "ANSWERING"])));
  return Number(row?.n ?? 0);
}

const notHidden = (hiddenRoles: readonly string[]): SQL | undefined =>
  hiddenRoles.length ? notInArray(sql`${users.role}::text`, [...hiddenRoles]) : undefined;

const assignee = sql<string | null>`(SELECT a.user_id FROM users a WHERE a.id = ${inquiries.assigneeId})`;

/** One inquiry with its member, for staff (null when missing or not visible to the viewer). */
export async function staffInquiry(db: DbOrTx, { id, hiddenRoles }: { id: number; hiddenRoles: readonly string[] }) {
  const [row] = await db
    .select({
      ...summary,
      memberUserId: users.userId,
      memberName: users.name,
      memberRole: users.role,
      assigneeUserId: assignee,
    })
    .from(inquiries)
    .innerJoin(users, eq(users.id, inquiries.userId))
    .where(and(eq(inquiries.id, id), notHidden(hiddenRoles)));
  return row ?? null;
}

export type QueueFilter = {
  /** One status, or "open" (anything not closed), or "all". */
  status: "open" | "all" | "RECEIVED" | "ANSWERING" | "ANSWERED" | "CLOSED";
  /** "mine": assigned to the viewer; "unassigned": to nobody. */
  who: "all" | "mine" | "unassigned";
};

/**
 * The staff queue: what waits longest first (oldest unanswered member message), then the rest by latest
 * activity; one page and the total.
 */
export async function inquiryQueue(
  db: DbOrTx,
  q: QueueFilter & { viewerId: number; hiddenRoles: readonly string[]; page: number; limit: number },
) {
  const where = and(
    q.status === "all"
      ? undefined
      : q.status === "open"
        ? sql`${inquiries.status} <> 'CLOSED'`
        : eq(inquiries.status, q.status),
    q.who === "mine"
      ? eq(inquiries.assigneeId, q.viewerId)
      : q.who === "unassigned"
        ? isNull(inquiries.assigneeId)
        : undefined,
    notHidden(q.hiddenRoles),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...summary, memberUserId: users.userId, memberName: users.name, assigneeUserId: assignee })
      .from(inquiries)
      .innerJoin(users, eq(users.id, inquiries.userId))
      .where(where)
      .orderBy(sql`${inquiries.waitingSince} ASC NULLS LAST`, desc(inquiries.updatedAt), desc(inquiries.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(inquiries).innerJoin(users, eq(users.id, inquiries.userId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The thread: every message in order, with its author's handle and its images. */
export async function inquiryThread(db: DbOrTx, { inquiryId }: { inquiryId: number }) {
  const [messages, images] = await Promise.all([
    db
      .select({
        id: inquiryMessages.id,
        fromStaff: inquiryMessages.fromStaff,
        author: users.userId,
        body: inquiryMessages.body,
        createdAt: inquiryMessages.createdAt,
      })
      .from(inquiryMessages)
      .innerJoin(users, eq(users.id, inquiryMessages.authorId))
      .where(eq(inquiryMessages.inquiryId, inquiryId))
      .orderBy(asc(inquiryMessages.id)),
    db
      .select({
        id: inquiryImages.id,
        messageId: inquiryImages.messageId,
        storageKey: inquiryImages.storageKey,
        width: inquiryImages.width,
        height: inquiryImages.height,
      })
      .from(inquiryImages)
      .where(eq(inquiryImages.inquiryId, inquiryId))
      .orderBy(asc(inquiryImages.id)),
  ]);
  return { messages, images };
}

/** The image stored under `storageKey` with its inquiry's owner and that owner's role (null when unknown). */
export async function inquiryImageByKey(db: DbOrTx, { storageKey }: { storageKey: string }) {
  const [row] = await db
    .select({
      id: inquiryImages.id,
      inquiryId: inquiryImages.inquiryId,
      ownerId: inquiries.userId,
      ownerRole: users.role,
    })
    .from(inquiryImages)
    .innerJoin(inquiries, eq(inquiries.id, inquiryImages.inquiryId))
    .innerJoin(users, eq(users.id, inquiries.userId))
    .where(eq(inquiryImages.storageKey, storageKey));
  return row ?? null;
}

/** Active accounts holding one of `roles` (the staff an inquiry may be assigned to), by handle. */
export async function staffWithRoles(db: DbOrTx, { roles }: { roles: readonly string[] }) {
  if (!roles.length) return [];
  return db
    .select({ id: users.id, userId: users.userId })
    .from(users)
    .where(and(inArray(sql`${users.role}::text`, [...roles]), eq(users.status, "ACTIVE")))
    .orderBy(asc(users.userId))
    .limit(200);
}
