/**
 * GET /api/users/{userId}/id-document — the member's verification state for /verify, Home and
 * World ID: { idStatus, CertID, reason, submittedAt, reviewedAt, url, rewardReceived }.
 */
import { getDb } from "@/db/client";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { idVerification } from "@/db/queries/id-documents";
import { foundOrThrow } from "@/lib/errors";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return foundOrThrow(await idVerification(await getDb(), { userId: target.id }));
  },
  { permission: "member.read" },
);
