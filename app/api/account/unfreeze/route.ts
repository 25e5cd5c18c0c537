// POST /api/account/unfreeze { password, otp? } — the member lifts their own freeze (lib/account/freeze.ts): the
//   current password (400 WRONG_PASSWORD) and, with two-factor on, a code or a recovery code (403
//   TWO_FACTOR_REQUIRED without one, 400 INVALID_OTP), under the login throttle (429). 409 NOT_FROZEN when it is not
//   frozen. Starts the 24-hour money cool-down: 200 { frozen: false, cooldownUntil }.
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { unfreezeOwnAccount } from "@/lib/account/freeze";
import { unfreezeSchema } from "@/lib/validation/account-freeze";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, unfreezeSchema);
  const r = await unfreezeOwnAccount(user, input, { ip, requestId });
  return { frozen: false, cooldownUntil: r.cooldownUntil };
});
