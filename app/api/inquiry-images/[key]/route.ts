/**
 * GET /api/inquiry-images/{key} — an image attached to a 1:1 inquiry (re-encoded, decrypted), for the inquiry's
 * member or staff holding support.read who may see that member; anyone else gets 404. Never cached, never sniffed;
 * staff views are audited (support.image.view).
 */
import { privateFileResponse } from "@/lib/api/private-file";
import { withUser } from "@/lib/api/with-auth";
import { openInquiryImage } from "@/lib/support/staff";

export const runtime = "nodejs";

export const GET = withUser<{ key: string }>(async ({ params, user, ip, requestId }) =>
  privateFileResponse(await openInquiryImage(user, params.key, { ip, requestId })),
);
