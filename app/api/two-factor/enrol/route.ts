// POST /api/two-factor/enrol { currentPassword } — starts (or restarts) enrolment: a new secret, stored encrypted,
//   2FA still off. Answers { manualKey, otpauthUri, qrSvg } once; 400 PASSWORD_REQUIRED / WRONG_PASSWORD, 429 (the
//   login throttle), 409 INVALID_STATE while 2FA is on.
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { startEnrolment } from "@/lib/auth/two-factor";
import { enrolSchema } from "@/lib/validation/two-factor";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, ip, requestId }) => {
  const { currentPassword } = await readJson(req, enrolSchema);
  return startEnrolment(user, currentPassword, { ip, requestId });
});
