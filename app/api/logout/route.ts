// POST /api/logout — ends the session: revokes the member's tokens (session_version) and clears the cookie.
import { handler, json } from "@/lib/api/handler";
import { logout } from "@/lib/auth/login";
import { clearSessionCookies, sessionUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const POST = handler(async ({ req, ip, requestId }) => {
  const user = await sessionUser(req);
  await logout(user, { ip, requestId });
  const res = json({ ok: true });
  for (const c of clearSessionCookies(req)) res.headers.append("set-cookie", c);
  return res;
});
