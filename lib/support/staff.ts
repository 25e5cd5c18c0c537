/**
 * 1:1 support, the staff's side (support.read: the queue and one inquiry; support.answer: assign, answer, close).
 * Every change is audited and takes the inquiry's row FOR UPDATE first, so two staff members acting at once act one
 * after the other. Staff never act on their own inquiry (403 SELF_ACTION), and see members only as the console's
 * target rules allow: an ADMIN no SUPERADMIN's inquiry, a staff role no administrator's (404, as if missing).
 * Each answer notifies the member (`inquiry_answered`, in the same transaction).
 */
import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import {
  inquiryImageByKey,
  inquiryQueue,
  type QueueFilter,
  staffInquiry,
  staffWithRoles,
} from "@/db/queries/inquiries";
import { inquiries, users } from "@/db/schema";
import { type RequestMeta, audit } from "@/lib/audit";
import { can, PERMISSIONS } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session";
import { requireAdminTwoFactor } from "@/lib/api/with-auth";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { notify } from "@/lib/notifications";
import { fileStore, STORAGE_KEY_PATTERN, type StoredFile } from "@/lib/storage";
import type { QueueDto, StaffInquiryDto } from "./dto";
import { summaryDto } from "./inquiries";
import { addMessage, messageText, slaHours, slaOf, threadDto } from "./thread";

/** The member roles whose inquiries `viewer` may not see (the console's target rules). */
export function hiddenRoles(viewer: { role: string }): string[] {
  if (viewer.role === "SUPERADMIN") return [];
  if (viewer.role === "ADMIN") return ["SUPERADMIN"];
  return ["ADMIN", "SUPERADMIN"];
}

export async function supportQueue(
  viewer: SessionUser,
  q: QueueFilter & { page: number; limit: number },
): Promise<QueueDto> {
  const db = await getDb();
  const at = now();
  const [{ rows, total }, staff] = await Promise.all([
    inquiryQueue(db, { ...q, viewerId: viewer.id, hiddenRoles: hiddenRoles(viewer) }),
    staffWithRoles(db, { roles: PERMISSIONS["support.answer"].roles }),
  ]);
  return {
    items: rows.map((r) => ({
      ...summaryDto(r),
      ...slaOf(r.waitingSince, at),
      member: { id: r.userId, userId: r.memberUserId, name: r.memberName },
      assignee: r.assigneeId && r.assigneeUserId ? { id: r.assigneeId, userId: r.assigneeUserId } : null,
    })),
    total,
    page: q.page,
    limit: q.limit,
    slaHours: slaHours(),
    assignees: staff,
  };
}

export async function staffInquiryDetail(viewer: SessionUser, id: number): Promise<StaffInquiryDto> {
  const db = await getDb();
  const r = await staffInquiry(db, { id, hiddenRoles: hiddenRoles(viewer) });
  if (!r) throw new AppError("NOT_FOUND");
  return {
    ...summaryDto(r),
    ...slaOf(r.waitingSince, now()),
    member: { id: r.userId, userId: r.memberUserId, name: r.memberName },
    assignee: r.assigneeId && r.assigneeUserId ? { id: r.assigneeId, userId: r.assigneeUserId } : null,
    firstAnsweredAt: r.firstAnsweredAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    messages: await threadDto(db, r.id, true),
  };
}

/** The inquiry locked for a change by `actor`: visible, not their own, not closed. */
async function inquiryForChange(tx: Tx, actor: SessionUser, id: number) {
  const row = await staffInquiry(tx, { id, hiddenRoles: hiddenRoles(actor) });
  if (!row) throw new AppError("NOT_FOUND");
  if (row.userId === actor.id) throw new AppError("SELF_ACTION");
  const [locked] = await tx
    .select({ status: inquiries.status, assigneeId: inquiries.assigneeId, waitingSince: inquiries.waitingSince })
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .for("update");
  if (!locked) throw new AppError("NOT_FOUND");
  if (locked.status === "CLOSED") throw new AppError("INQUIRY_CLOSED");
  return { ...row, ...locked };
}

/** Assigns the inquiry to `assigneeId` (default: the actor), who must hold support.answer. 접수 → 답변 중. */
export async function assignInquiry(
  actor: SessionUser,
  id: number,
  assigneeId: number | undefined,
  meta: RequestMeta,
): Promise<StaffInquiryDto> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await inquiryForChange(tx, actor, id);
    const to = assigneeId ?? actor.id;
    const [who] = await tx
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, to));
    if (who?.status !== "ACTIVE" || !can(who.role, "support.answer") || who.id === row.userId)
      throw new AppError("INQUIRY_ASSIGNEE_INVALID", { field: "assigneeId" });
    const status = row.status === "RECEIVED" ? "ANSWERING" : row.status;
    await tx.update(inquiries).set({ assigneeId: to, status, updatedAt: now() }).where(eq(inquiries.id, id));
    await audit(tx, {
      action: "support.assign",
      actorId: actor.id,
      targetUserId: row.userId,
      targetId: id,
      ...meta,
      before: { status: row.status, assignee: row.assigneeUserId },
      after: { status, assignee: to === actor.id ? actor.userId : await handleOf(tx, to) },
    });
  });
  return staffInquiryDetail(actor, id);
}

async function handleOf(tx: Tx, id: number): Promise<string | null> {
  const [u] = await tx.select({ userId: users.userId }).from(users).where(eq(users.id, id));
  return u?.userId ?? null;
}

/** A staff answer: 답변 완료, the SLA clock stopped, the member notified. Unassigned → assigned to the actor. */
export async function answerInquiry(
  actor: SessionUser,
  id: number,
  rawText: unknown,
  meta: RequestMeta,
): Promise<StaffInquiryDto> {
  const text = messageText(rawText);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await inquiryForChange(tx, actor, id);
    const at = now();
    const messageId = await addMessage(tx, {
      inquiryId: id,
      authorId: actor.id,
      fromStaff: true,
      body: text,
      images: [],
      at,
    });
    await tx
      .update(inquiries)
      .set({
        status: "ANSWERED",
        assigneeId: row.assigneeId ?? actor.id,
        waitingSince: null,
        firstAnsweredAt: row.firstAnsweredAt ?? at,
        updatedAt: at,
      })
      .where(eq(inquiries.id, id));
    await notify(tx, row.userId, "inquiry_answered", { inquiryId: id });
    await audit(tx, {
      action: "support.answer",
      actorId: actor.id,
      targetUserId: row.userId,
      targetId: id,
      ...meta,
      before: { status: row.status },
      after: { status: "ANSWERED", messageId, waitedHours: slaOf(row.waitingSince, at).waitingHours },
    });
  });
  return staffInquiryDetail(actor, id);
}

/** Closes the inquiry (종료): nothing more is added by anyone. */
export async function closeInquiry(actor: SessionUser, id: number, meta: RequestMeta): Promise<StaffInquiryDto> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await inquiryForChange(tx, actor, id);
    const at = now();
    await tx
      .update(inquiries)
      .set({ status: "CLOSED", closedAt: at, closedBy: actor.id, waitingSince: null, updatedAt: at })
      .where(eq(inquiries.id, id));
    await audit(tx, {
      action: "support.close",
      actorId: actor.id,
      targetUserId: row.userId,
      targetId: id,
      ...meta,
      before: { status: row.status },
      after: { status: "CLOSED" },
    });
  });
  return staffInquiryDetail(actor, id);
}

/**
 * An attached image for its owner, or for staff holding support.read who may see that member (every staff view
 * audited). Anyone else gets 404, as for a key that does not exist, so a URL reveals nothing.
 */
export async function openInquiryImage(
  viewer: SessionUser,
  storageKey: string,
  meta: RequestMeta,
): Promise<StoredFile> {
  if (!STORAGE_KEY_PATTERN.test(storageKey)) throw new AppError("NOT_FOUND");
  const db = await getDb();
  const image = await inquiryImageByKey(db, { storageKey });
  if (!image) throw new AppError("NOT_FOUND");
  const own = image.ownerId === viewer.id;
  if (!own && (!can(viewer.role, "support.read") || hiddenRoles(viewer).includes(image.ownerRole)))
    throw new AppError("NOT_FOUND");
  if (!own) requireAdminTwoFactor(viewer);
  const file = await fileStore().get(storageKey, { db });
  if (!file) throw new AppError("NOT_FOUND");
  if (!own)
    await audit(db, {
      action: "support.image.view",
      actorId: viewer.id,
      targetUserId: image.ownerId,
      targetId: image.inquiryId,
      ...meta,
      after: { inquiry: image.inquiryId, image: image.id },
    });
  return file;
}
