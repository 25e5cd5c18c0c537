/**
 * 1:1 support, the member's side: open an inquiry, read their own (another member's is 404, like one that does not
 * exist), reply (an answered inquiry waits for staff again; a closed one takes nothing more), and open an attached
 * image (the owner, or staff holding support.read: lib/support/staff.ts).
 * Status rules: a new inquiry is RECEIVED (접수); a reply to an ANSWERED one goes back to ANSWERING (답변 중) when
 * someone is assigned, else RECEIVED; the SLA clock (`waiting_since`) starts at the first member message that no
 * staff answer has followed and stops at the answer.
 */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { memberInquiries, memberInquiry, waitingInquiryCount } from "@/db/queries/inquiries";
import { inquiries, users } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import type { UploadedFile } from "@/lib/kyc/multipart";
import type { Limit } from "@/lib/rate-limit";
import {
  INQUIRY_MAX_WAITING,
  type InquiryCategory,
  type InquiryDetailDto,
  type InquiryStatus,
  type InquirySummaryDto,
} from "./dto";
import { addMessage, inquiryCategory, inquirySubject, messageText, processImages, threadDto } from "./thread";

/**
 * Messages (new inquiries and replies) per member: each may carry three images to decode, so one account cannot
 * keep the image workers busy. Counted before the body is read.
 */
export const SUPPORT_MESSAGE_LIMIT: Limit = { name: "support-message:user", max: 20, windowSec: 60 * 60 };

type Row = {
  id: number;
  category: string;
  subject: string | null;
  status: string;
  createdAt: Date;
  updatedAt: Date;
};

export const summaryDto = (r: Row): InquirySummaryDto => ({
  id: r.id,
  category: r.category as InquiryCategory,
  subject: r.subject ?? "",
  status: r.status as InquiryStatus,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listMyInquiries(member: SessionUser): Promise<{ items: InquirySummaryDto[] }> {
  const rows = await memberInquiries(await getDb(), { userId: member.id });
  return { items: rows.map(summaryDto) };
}

export async function myInquiry(member: SessionUser, id: number): Promise<InquiryDetailDto> {
  const db = await getDb();
  const row = await memberInquiry(db, { userId: member.id, id });
  if (!row) throw new AppError("NOT_FOUND");
  return { ...summaryDto(row), messages: await threadDto(db, row.id, false) };
}

/** 404 unless inquiry `id` is the member's own: checked before a reply's body is read or its images decoded. */
export async function assertMyInquiry(member: SessionUser, id: number): Promise<void> {
  if (!(await memberInquiry(await getDb(), { userId: member.id, id }))) throw new AppError("NOT_FOUND");
}

export type InquiryInput = { fields: Record<string, string>; files: UploadedFile[] };

/** A new inquiry: RECEIVED, its first message and images, the SLA clock started. 201 with the inquiry. */
export async function openInquiry(member: SessionUser, input: InquiryInput): Promise<InquiryDetailDto> {
  const category = inquiryCategory(input.fields.category);
  const text = messageText(input.fields.text);
  const subject = inquirySubject(input.fields.subject, text);
  const images = await processImages(input.files);
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    // One member's inquiries are opened one after another, so the cap below holds under concurrency.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for("update");
    if ((await waitingInquiryCount(tx, { userId: member.id })) >= INQUIRY_MAX_WAITING)
      throw new AppError("INQUIRY_OPEN_LIMIT", { max: INQUIRY_MAX_WAITING });
    const at = now();
    const [row] = await tx
      .insert(inquiries)
      .values({
        userId: member.id,
        category,
        subject,
        status: "RECEIVED",
        createdAt: at,
        updatedAt: at,
        lastMemberMessageAt: at,
        waitingSince: at,
      })
      .returning({ id: inquiries.id });
    await addMessage(tx, { inquiryId: row!.id, authorId: member.id, fromStaff: false, body: text, images, at });
    return row!.id;
  });
  return myInquiry(member, id);
}

/** The member's reply. CLOSED → 409 INQUIRY_CLOSED; ANSWERED → waits for staff again. */
export async function replyToInquiry(member: SessionUser, id: number, input: InquiryInput): Promise<InquiryDetailDto> {
  const text = messageText(input.fields.text);
  const images = await processImages(input.files);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: inquiries.id, status: inquiries.status, assigneeId: inquiries.assigneeId })
      .from(inquiries)
      .where(and(eq(inquiries.id, id), eq(inquiries.userId, member.id)))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND");
    if (row.status === "CLOSED") throw new AppError("INQUIRY_CLOSED");
    const at = now();
    await addMessage(tx, { inquiryId: id, authorId: member.id, fromStaff: false, body: text, images, at });
    const status = row.status === "ANSWERED" ? (row.assigneeId ? "ANSWERING" : "RECEIVED") : row.status;
    await tx
      .update(inquiries)
      .set({
        status,
        updatedAt: at,
        lastMemberMessageAt: at,
        waitingSince: sql`coalesce(${inquiries.waitingSince}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(inquiries.id, id));
  });
  return myInquiry(member, id);
}
