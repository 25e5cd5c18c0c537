/**
 * POST /api/admin/inquiries/{id}/assign { assigneeId? } — gives the inquiry to a staff member holding
 * support.answer (default: the caller); 접수 becomes 답변 중. 400 INQUIRY_ASSIGNEE_INVALID; 409 INQUIRY_CLOSED;
 * 403 SELF_ACTION on one's own inquiry. Audited (support.assign).
 */
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { assignInquiry } from "@/lib/support/staff";
import { assignSchema, inquiryIdOrThrow } from "@/lib/validation/support";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = inquiryIdOrThrow(params.id);
    const body = await readJson(req, assignSchema);
    return assignInquiry(user, id, body.assigneeId, { ip, requestId });
  },
  { permission: "support.answer" },
);
