// PATCH /api/users/by-id/{userId}/password {currentPassword, newPassword} — the member changes their own password.
// Older sessions end at their next request; this one gets a fresh cookie. Admins use password-reset instead.
import { json, readJson, withUser } from "@/lib/api/handler";
import { changePassword } from "@/lib/auth/accounts";
import { sessionSetCookie } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { passwordChangeSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withUser<{ userId: string }>(async ({ req, params, user, ip, requestId }) => {
  if (user.userId.toLowerCase() !== String(params.userId ?? "").toLowerCase()) throw new AppError("FORBIDDEN");
  const input = await readJson(req, passwordChangeSchema);
  const updated = await changePassword(user, input.currentPassword, input.newPassword, { ip, requestId });
  const res = json({ ok: true });
  res.headers.append("set-cookie", await sessionSetCookie(updated, req));
  return res;
});
