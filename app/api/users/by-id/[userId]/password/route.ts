// PATCH /api/users/by-id/{userId}/password {currentPassword, newPassword} — the member changes their own password.
// Older sessions end at their next request; this one gets a fresh cookie. Admins use password-reset instead.
// The one call a member signed in with a reset's temporary password may make (it clears the requirement).
import { json, readJson } from "@/lib/api/handler";
import { withSelf } from "@/lib/api/with-auth";
import { changePassword } from "@/lib/auth/password-change";
import { sessionSetCookie } from "@/lib/auth/session";
import { passwordChangeSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withSelf<{ userId: string }>(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, passwordChangeSchema);
    const updated = await changePassword(user, input.currentPassword, input.newPassword, { ip, requestId });
    const res = json({ ok: true });
    res.headers.append("set-cookie", await sessionSetCookie(updated, req));
    return res;
  },
  { duringPasswordChange: true },
);
