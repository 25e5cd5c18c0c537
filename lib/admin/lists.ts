/**
 * The admin console's read use cases: each a db/queries read bound to the database (lib/read.ts), so the
 * route handlers under app/api/admin call one function and never a query. Shapes are documented on the queries.
 */
import "server-only";
import { getDb } from "@/db/client";
import { dashboardFigures } from "@/db/queries/admin-dashboard";
import { idReviewQueue } from "@/db/queries/admin-id-documents";
import { auditPage } from "@/db/queries/admin-audit";
import { referralCodePage } from "@/db/queries/admin-referral-codes";
import { adminRequestPage } from "@/db/queries/admin-requests";
import { memberPage } from "@/db/queries/members";
import { reader } from "@/lib/read";
import { kstDay } from "@/lib/staking/time";

/** Days of sign-ups the dashboard charts (today included). */
export const SIGNUP_DAYS = 30;

/** GET /api/admin/users/paginated. */
export const memberList = reader(memberPage);
/** GET /api/admin/id-documents. */
export const idReviewList = reader(idReviewQueue);
/** GET /api/admin/requests. */
export const requestQueue = reader(adminRequestPage);
/** GET /api/admin/referral-codes. */
export const referralCodeList = reader(referralCodePage);
/** GET /api/admin/audit. */
export const auditList = reader(auditPage);

/** GET /api/admin/dashboard: the figures as of `now` (KST days). */
export async function dashboard(now = new Date()) {
  return dashboardFigures(await getDb(), { today: kstDay(now), days: SIGNUP_DAYS });
}
