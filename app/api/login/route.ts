// POST /api/login {userId, password} — starts a session: answers {userId, role} and sets the HttpOnly session cookie.
import { handler, json, readJson } from "@/lib/api/handler";
import { login } from "@/lib/auth/login";
import { sessionSetCookie } from "@/lib/auth/session";
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
  const res = json({ userId: user.userId, role: user.role });
  res.headers.append("set-cookie", await sessionSetCookie(user, req));
  return res;
});
