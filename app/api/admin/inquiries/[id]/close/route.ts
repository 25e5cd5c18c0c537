/**
 * POST /api/admin/inquiries/{id}/close — closes the inquiry (종료, support.answer): nothing more can be added.
 * 409 INQUIRY_CLOSED when it already is; 403 SELF_ACTION on one's own inquiry. Audited (support.close).
 */
import { withAdmin } from "@/lib/api/with-auth";
import { closeInquiry } from "@/lib/support/staff";
import { inquiryIdOrThrow } from "@/lib/validation/support";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ params, user, ip, requestId }) => closeInquiry(user, inquiryIdOrThrow(params.id), { ip, requestId }),
  { permission: "support.answer" },
);
