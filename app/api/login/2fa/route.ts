// POST /api/login/2fa { code } — completes a login whose password was right and whose member has two-factor on:
//   a 6-digit code from the authenticator app or a recovery code, within 5 minutes of the password. Answers
//   {userId, role} and sets the session cookie like POST /api/login; 400 INVALID_OTP (counted like a wrong
//   password), 401 TWO_FACTOR_EXPIRED (no pending login), 429 while the account or address is locked out.
import { handler, json, readJson } from "@/lib/api/handler";
import { sessionSetCookie } from "@/lib/auth/session";
import { clearPendingLoginCookie, completeTwoFactorLogin } from "@/lib/auth/two-factor-login";
import { codeSchema } from "@/lib/validation/two-factor";

export const dynamic = "force-dynamic";

export const POST = handler(async ({ req, ip, requestId }) => {
  const input = await readJson(req, codeSchema);
  const user = await completeTwoFactorLogin(
    req,
    input.code,
    { ip, requestId },
    { userAgent: req.headers.get("user-agent") },
  );
  const res = json({ userId: user.userId, role: user.role });
  res.headers.append("set-cookie", await sessionSetCookie(user, req));
  res.headers.append("set-cookie", clearPendingLoginCookie(req));
  return res;
});
