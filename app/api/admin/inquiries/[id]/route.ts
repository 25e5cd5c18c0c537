/**
 * GET /api/admin/inquiries/{id} — one inquiry for staff (support.read): the thread with its images, the member,
 * the assignee and the SLA clock. Missing, or a member the viewer may not see → 404.
 */
import { withAdmin } from "@/lib/api/with-auth";
import { staffInquiryDetail } from "@/lib/support/staff";
import { inquiryIdOrThrow } from "@/lib/validation/support";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(
  async ({ params, user }) => staffInquiryDetail(user, inquiryIdOrThrow(params.id)),
  { permission: "support.read" },
);
