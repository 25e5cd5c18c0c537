// POST /api/two-factor/enrol — starts (or restarts) enrolment: a new secret, stored encrypted, 2FA still off.
//   Answers { manualKey, otpauthUri, qrSvg } once; 409 INVALID_STATE while 2FA is on.
import { withUser } from "@/lib/api/with-auth";
import { startEnrolment } from "@/lib/auth/two-factor";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ user, ip, requestId }) => startEnrolment(user, { ip, requestId }));
