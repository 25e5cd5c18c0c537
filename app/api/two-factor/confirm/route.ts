// POST /api/two-factor/confirm { code } — turns two-factor on with a code from the app; answers the ten
//   recovery codes { recoveryCodes } once (stored hashed). This session now counts as having passed two-factor;
//   every other session of the account ends. 400 INVALID_OTP, 409 INVALID_STATE (not started / on).
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { confirmEnrolment } from "@/lib/auth/two-factor";
import { codeSchema } from "@/lib/validation/two-factor";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, codeSchema);
  return confirmEnrolment(user, input.code, { ip, requestId });
});
