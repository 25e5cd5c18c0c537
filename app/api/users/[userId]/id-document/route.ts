/**
 * GET /api/users/{userId}/id-document — the member's verification state for /verify, Home and
 * World ID: { idStatus, CertID, reason, submittedAt, reviewedAt, url, rewardReceived }.
 */
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { idVerificationOrThrow } from "@/lib/kyc/status";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return await idVerificationOrThrow({ userId: target.id });
  },
  { permission: "member.read" },
);
