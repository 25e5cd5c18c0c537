// GET /api/users/by-refcode/{code} — is this a valid referral or sign-up code? 200 {ok: true} or 404 INVALID_REFCODE. Public.
import { handler } from "@/lib/api/handler";
import { checkRefCode } from "@/lib/auth/referral-codes";
import { enforce, REFCODE_IP } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

export const GET = handler<{ code: string }>(async ({ params, ip }) => {
  await enforce(REFCODE_IP, ip);
  // Next has decoded the path segment already; decoding again turned "%25" into a URIError (500).
  await checkRefCode((params.code ?? "").slice(0, 64));
  return { ok: true };
});
