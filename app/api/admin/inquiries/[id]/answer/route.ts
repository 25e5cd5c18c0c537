/**
 * POST /api/admin/inquiries/{id}/answer { text } — a staff answer (support.answer): 답변 완료, the SLA clock stops,
 * the member is notified (inquiry_answered). 400 INQUIRY_TEXT_REQUIRED / INQUIRY_TEXT_TOO_LONG; 409 INQUIRY_CLOSED;
 * 403 SELF_ACTION on one's own inquiry. Audited (support.answer).
 */
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { answerInquiry } from "@/lib/support/staff";
import { answerSchema, inquiryIdOrThrow } from "@/lib/validation/support";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = inquiryIdOrThrow(params.id);
    const body = await readJson(req, answerSchema);
    return answerInquiry(user, id, body.text, { ip, requestId });
  },
  { permission: "support.answer" },
);
