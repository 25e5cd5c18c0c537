/**
 * GET /api/id-images/{key} — the stored (re-encoded, decrypted) ID image, for its owner or an administrator
 * under the target rules (an ADMIN never sees a SUPERADMIN's); anyone else gets 404. Never cached, never sniffed; admin views are audited.
 */
import { privateFileResponse } from "@/lib/api/private-file";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { openIdImage } from "@/lib/kyc/documents";

export const runtime = "nodejs";

export const GET = withSelfOrAdmin<{ key: string }>(
  async ({ params, user, self, ip, requestId }) =>
    privateFileResponse(await openIdImage(user, params.key, { self, ip, requestId })),
  { permission: "member.read", target: "id-image-owner" },
);
