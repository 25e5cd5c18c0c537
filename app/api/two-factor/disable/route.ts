// POST /api/two-factor/disable { currentPassword, code } — turns two-factor off (a code from the app or a
//   recovery code); transfers and withdrawals then wait out the 24-hour cool-down. 400 WRONG_PASSWORD,
//   400 INVALID_OTP, 429 (the login throttle), 409 INVALID_STATE when it is off.
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { disableTwoFactor } from "@/lib/auth/two-factor";
import { disableTwoFactorSchema } from "@/lib/validation/two-factor";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, disableTwoFactorSchema);
  await disableTwoFactor(user, input.currentPassword, input.code, { ip, requestId });
  return { ok: true };
});
