// GET /api/admin/waiting — what waits for an administrator, for the console's sidebar badges:
// { idReviews, requests, approvals } — the ID documents awaiting review, the members' PENDING requests (quote not
// expired) and the PENDING four-eyes proposals (not expired). An ADMIN's counts leave SUPERADMIN accounts out, like
// the lists. ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { waiting } from "@/lib/admin/lists";
import { now } from "@/lib/clock";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ user }) => waiting(user, now()), { permission: "waiting.read" });
