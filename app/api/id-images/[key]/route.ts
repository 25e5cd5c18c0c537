/**
 * GET /api/id-images/{key} — the stored (re-encoded, decrypted) ID image, for its owner or an administrator
 * under the target rules (an ADMIN never sees a SUPERADMIN's); anyone else gets 404. Never cached, never sniffed; admin views are audited.
 */
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { openIdImage } from "@/lib/kyc/documents";

export const runtime = "nodejs";

export const GET = withSelfOrAdmin<{ key: string }>(
  async ({ params, user, self, ip, requestId }) => {
    const file = await openIdImage(user, params.key, { self, ip, requestId });
    return new Response(new Uint8Array(file.data), {
      status: 200,
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.data.length),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-disposition": "inline",
        "content-security-policy": "default-src 'none'; sandbox",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
      },
    });
  },
  { permission: "member.read", target: "id-image-owner" },
);
