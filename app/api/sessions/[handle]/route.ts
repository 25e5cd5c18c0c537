// DELETE /api/sessions/{handle} — ends one of the caller's own live sessions: 200 { ok, current }. Ending the
// current one is a logout (the cookie is cleared). Another member's or an unknown handle → 404, nothing ends.
import { json } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { endDevice } from "@/lib/auth/devices";
import { clearSessionCookies } from "@/lib/auth/session";
import { sessionHandleOrThrow } from "@/lib/validation/sessions";

export const dynamic = "force-dynamic";

export const DELETE = withUser<{ handle: string }>(async ({ req, params, user, ip, requestId }) => {
  const { current } = await endDevice(user, sessionHandleOrThrow(params.handle), { ip, requestId });
  const res = json({ ok: true, current });
  if (current) for (const c of clearSessionCookies(req)) res.headers.append("set-cookie", c);
  return res;
});
