// POST /api/login {userId, password} — starts a session: answers {userId, role} and sets the HttpOnly session cookie.
//   With two-factor on: 200 { twoFactorRequired: true }, no session, and a pending-login cookie (5 minutes) for
//   POST /api/login/2fa { code } to complete (lib/auth/two-factor.ts).
import { handler, json, readJson } from "@/lib/api/handler";
import { login } from "@/lib/auth/login";
import { sessionSetCookie } from "@/lib/auth/session";
import { pendingLoginCookie } from "@/lib/auth/two-factor-login";
import { loginSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const POST = handler(async ({ req, ip, requestId }) => {
  const input = await readJson(req, loginSchema);
  const user = await login(
    input.userId,
    input.password,
    { ip, requestId },
    { userAgent: req.headers.get("user-agent") },
  );
  if (user.twoFactorRequired) {
    const res = json({ twoFactorRequired: true });
    res.headers.append("set-cookie", await pendingLoginCookie(user, req));
    return res;
  }
  const res = json({ userId: user.userId, role: user.role });
  res.headers.append("set-cookie", await sessionSetCookie(user, req));
  return res;
});
