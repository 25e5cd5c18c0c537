/**
 * GET /api/inquiries — the caller's own 1:1 inquiries, newest activity first: { items: [{ id, category, subject,
 * status, createdAt, updatedAt }] }.
 * POST /api/inquiries — opens one (multipart: `category`, `text`, optional `subject`, up to three `images`):
 * 201 { id, …, messages }. 400 INQUIRY_TEXT_REQUIRED / INQUIRY_TEXT_TOO_LONG / INQUIRY_CATEGORY_INVALID /
 * INQUIRY_TOO_MANY_IMAGES; 415 an image that is not a JPEG or PNG by its content; 413 over 10 MB or the pixel limit;
 * 409 INQUIRY_OPEN_LIMIT with three waiting already; 429 after 20 messages in an hour. Nothing is stored on failure.
 */
import { json } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { MAX_UPLOAD_BYTES } from "@/lib/kyc/image";
import { enforce } from "@/lib/rate-limit";
import { INQUIRY_MAX_IMAGES } from "@/lib/support/dto";
import { listMyInquiries, openInquiry, SUPPORT_MESSAGE_LIMIT } from "@/lib/support/inquiries";
import { readInquiryForm } from "@/lib/support/multipart";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => listMyInquiries(user));

export const POST = withUser(async ({ req, user }) => {
  await enforce(SUPPORT_MESSAGE_LIMIT, String(user.id));
  const form = await readInquiryForm(req, {
    fileField: "images",
    maxFiles: INQUIRY_MAX_IMAGES,
    maxFileBytes: MAX_UPLOAD_BYTES,
    maxFieldBytes: 16 * 1024,
  });
  return json(await openInquiry(user, form), 201);
});
