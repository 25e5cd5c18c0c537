/**
 * GET /api/admin/users/{id}/retained-identity/images/{documentId} — SUPERADMIN only: one ID image a deactivated
 * member left, decrypted (lib/kyc/retention.ts). Every view is audited (retention.image.view); an ADMIN gets 403;
 * an image not held for that member (never, or erased) → 404.
 */
import { idParam } from "@/lib/auth/guards";
import { privateFileResponse } from "@/lib/api/private-file";
import { withAdmin } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { openRetainedIdImage } from "@/lib/kyc/retention";

export const runtime = "nodejs";

export const GET = withAdmin<{ id: string; documentId: string }>(
  async ({ user, target, params, ip, requestId }) => {
    const documentId = idParam(params.documentId, Number.MAX_SAFE_INTEGER);
    if (documentId === null) throw new AppError("NOT_FOUND");
    return privateFileResponse(await openRetainedIdImage(user, target.id, documentId, { ip, requestId }));
  },
  { permission: "member.retained-identity", target: "id" },
);
