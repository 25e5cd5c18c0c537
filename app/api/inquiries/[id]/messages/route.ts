/**
 * POST /api/inquiries/{id}/messages — the member's reply (multipart: `text`, up to three `images`): 201 with the
 * inquiry. An answered inquiry waits for staff again (답변 중 when assigned, else 접수); a closed one → 409
 * INQUIRY_CLOSED; another member's → 404. Input errors as POST /api/inquiries; nothing is stored on failure.
 */
import { json } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { MAX_UPLOAD_BYTES } from "@/lib/kyc/image";
import { enforce } from "@/lib/rate-limit";
import { INQUIRY_MAX_IMAGES } from "@/lib/support/dto";
import { assertMyInquiry, replyToInquiry, SUPPORT_MESSAGE_LIMIT } from "@/lib/support/inquiries";
import { readInquiryForm } from "@/lib/support/multipart";
import { inquiryIdOrThrow } from "@/lib/validation/support";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) => {
  const id = inquiryIdOrThrow(params.id);
  await assertMyInquiry(user, id);
  await enforce(SUPPORT_MESSAGE_LIMIT, String(user.id));
  const form = await readInquiryForm(req, {
    fileField: "images",
    maxFiles: INQUIRY_MAX_IMAGES,
    maxFileBytes: MAX_UPLOAD_BYTES,
    maxFieldBytes: 16 * 1024,
  });
  return json(await replyToInquiry(user, id, form), 201);
});
