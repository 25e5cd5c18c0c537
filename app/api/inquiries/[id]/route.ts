/**
 * GET /api/inquiries/{id} — one of the caller's own inquiries with its thread (images as private URLs):
 * { id, category, subject, status, createdAt, updatedAt, messages: [{ id, fromStaff, body, createdAt, images }] }.
 * Another member's inquiry answers 404, like one that does not exist.
 */
import { withUser } from "@/lib/api/with-auth";
import { myInquiry } from "@/lib/support/inquiries";
import { inquiryIdOrThrow } from "@/lib/validation/support";

export const dynamic = "force-dynamic";

export const GET = withUser<{ id: string }>(async ({ params, user }) => myInquiry(user, inquiryIdOrThrow(params.id)));
