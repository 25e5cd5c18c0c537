/**
 * GET /api/users/{userId}/id-document — the member's verification state for /verify, Home and
 * World ID: { idStatus, CertID, reason, submittedAt, reviewedAt, url, rewardReceived }.
 */
import { getDb } from "@/db/client";
import { withUser } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";
import { idVerificationOf } from "@/lib/kyc/documents";

export const GET = withUser<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  return idVerificationOf(await getDb(), target.id);
});
