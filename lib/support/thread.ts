/**
 * Shared pieces of the member's and the staff's sides: judging a message's text, storing its images (checked and
 * re-encoded by lib/kyc/image.ts, encrypted by lib/storage, in the caller's transaction), the thread as a DTO, and
 * the SLA clock.
 */
import "server-only";
import { inquiryImageUrl, inquiryThread } from "@/db/queries/inquiries";
import { inquiryImages, inquiryMessages } from "@/db/schema";
import type { DbOrTx, Tx } from "@/db/client";
import { hasControlChars } from "@/lib/http/body";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { type ProcessedImage, processIdImage } from "@/lib/kyc/image";
import type { UploadedFile } from "@/lib/kyc/multipart";
import { fileStore } from "@/lib/storage";
import {
  INQUIRY_CATEGORIES,
  INQUIRY_MAX_IMAGES,
  INQUIRY_MAX_SUBJECT,
  INQUIRY_MAX_TEXT,
  type InquiryCategory,
  type InquiryMessageDto,
  type SlaDto,
} from "./dto";

/** A message's text, trimmed: required, at most INQUIRY_MAX_TEXT characters, no control characters (400). */
export function messageText(raw: unknown): string {
  const text = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
  if (!text) throw new AppError("INQUIRY_TEXT_REQUIRED", { field: "text" });
  if ([...text].length > INQUIRY_MAX_TEXT) throw new AppError("INQUIRY_TEXT_TOO_LONG", { max: INQUIRY_MAX_TEXT });
  if (hasControlChars(text)) throw new AppError("INVALID_CHARACTERS", { field: "text" });
  return text;
}

export function inquiryCategory(raw: unknown): InquiryCategory {
  if (typeof raw !== "string" || !(INQUIRY_CATEGORIES as readonly string[]).includes(raw))
    throw new AppError("INQUIRY_CATEGORY_INVALID", { field: "category" });
  return raw as InquiryCategory;
}

/** The subject given, or the text's first line; one line, at most INQUIRY_MAX_SUBJECT characters. */
export function inquirySubject(raw: unknown, text: string): string {
  const given = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  if (given && hasControlChars(given)) throw new AppError("INVALID_CHARACTERS", { field: "subject" });
  const line = (given || text.split("\n")[0] || text).trim();
  const chars = [...line];
  return chars.length > INQUIRY_MAX_SUBJECT ? `${chars.slice(0, INQUIRY_MAX_SUBJECT - 1).join("")}…` : line;
}

/** Every image judged by decoding (415 not a JPEG/PNG, 413 too many pixels) before anything is stored. */
export async function processImages(files: UploadedFile[]): Promise<ProcessedImage[]> {
  if (files.length > INQUIRY_MAX_IMAGES) throw new AppError("INQUIRY_TOO_MANY_IMAGES", { max: INQUIRY_MAX_IMAGES });
  const out: ProcessedImage[] = [];
  for (const f of files) out.push(await processIdImage(f.data)); // one at a time: each decode is CPU-heavy
  return out;
}

/** Writes one message and its (already processed) images in `tx`; returns the message id. */
export async function addMessage(
  tx: Tx,
  m: { inquiryId: number; authorId: number; fromStaff: boolean; body: string; images: ProcessedImage[]; at: Date },
): Promise<number> {
  const [msg] = await tx
    .insert(inquiryMessages)
    .values({ inquiryId: m.inquiryId, authorId: m.authorId, fromStaff: m.fromStaff, body: m.body, createdAt: m.at })
    .returning({ id: inquiryMessages.id });
  for (const image of m.images) {
    const storageKey = await fileStore().put({ data: image.data, contentType: image.mime }, { db: tx });
    await tx.insert(inquiryImages).values({
      inquiryId: m.inquiryId,
      messageId: msg!.id,
      storageKey,
      mime: image.mime,
      width: image.width,
      height: image.height,
      sizeBytes: image.data.length,
      createdAt: m.at,
    });
  }
  return msg!.id;
}

/** The thread as the reader sees it: staff handles only for staff readers. */
export async function threadDto(db: DbOrTx, inquiryId: number, forStaff: boolean): Promise<InquiryMessageDto[]> {
  const { messages, images } = await inquiryThread(db, { inquiryId });
  return messages.map((m) => ({
    id: m.id,
    fromStaff: m.fromStaff,
    author: forStaff ? m.author : null,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    images: images
      .filter((i) => i.messageId === m.id)
      .map((i) => ({ id: i.id, url: inquiryImageUrl(i.storageKey), width: i.width, height: i.height })),
  }));
}

export const slaHours = () => env().SUPPORT_SLA_HOURS;

/** Hours waited (one decimal) since `waitingSince` at `at`, and whether that is past the SLA. */
export function slaOf(waitingSince: Date | null, at: Date): SlaDto {
  const target = slaHours();
  if (!waitingSince) return { waitingSince: null, waitingHours: null, slaHours: target, overdue: false };
  const hours = Math.max(0, (at.getTime() - waitingSince.getTime()) / 3_600_000);
  return {
    waitingSince: waitingSince.toISOString(),
    waitingHours: Math.floor(hours * 10) / 10,
    slaHours: target,
    overdue: hours >= target,
  };
}
