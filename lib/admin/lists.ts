/**
 * The admin console's read use cases: each a db/queries read bound to the database (lib/read.ts), so the
 * route handlers under app/api/admin call one function and never a query. Shapes are documented on the queries.
 *
 * A list is many single reads at once, so it obeys their rule (lib/auth/permissions.ts, SECURITY 34 and 42): a
 * viewer who may not read a SUPERADMIN account sees no row of one — members, requests, ID documents, referral
 * codes, the dashboard's queue lengths, and the CSV exports of the same lists (./export.ts).
 *
 * Every read here may be a few seconds stale (docs/scaling.md, "Read replicas": a list is a starting point, and
 * every decision re-reads on the primary), so they go to the read replica when one is current (lib/read.ts).
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { dashboardFigures } from "@/db/queries/admin-dashboard";
import { waitingCounts } from "@/db/queries/admin-waiting";
import { idReviewQueue } from "@/db/queries/admin-id-documents";
import { auditPage } from "@/db/queries/admin-audit";
import { referralCodePage } from "@/db/queries/admin-referral-codes";
import { adminRequestPage } from "@/db/queries/admin-requests";
import { memberPage, type ViewerScope } from "@/db/queries/members";
import type { Role } from "@/db/schema";
import { targetRefusal } from "@/lib/auth/permissions";
import { readStale, replicaReader } from "@/lib/read";
import { kstDay } from "@/lib/kst-day";

/** Days of sign-ups the dashboard charts (today included). */
export const SIGNUP_DAYS = 30;

/** The administrator reading a list. */
export type Viewer = { id: number; role: Role };

/**
 * What `viewer` may see of SUPERADMIN and ADMIN accounts: exactly what a single read of one would allow them (a
 * staff role sees neither).
 */
export function scopeOf(viewer: Viewer): ViewerScope {
  const superadmin = { id: 0, role: "SUPERADMIN", status: "ACTIVE" } as const;
  const admin = { id: 0, role: "ADMIN", status: "ACTIVE" } as const;
  return {
    withSuperadmins: targetRefusal(viewer, superadmin, "member.read") === null,
    withAdmins: targetRefusal(viewer, admin, "member.read") === null,
  };
}

/** The query as a use case read by `viewer`, who sees the rows `scopeOf(viewer)` allows. */
const forViewer =
  <A extends ViewerScope, R>(query: (db: DbOrTx, args: A) => Promise<R>) =>
  async (viewer: Viewer, args: Omit<A, keyof ViewerScope>): Promise<R> =>
    readStale((db) => query(db, { ...args, ...scopeOf(viewer) } as A));

/** GET /api/admin/users/paginated. */
export const memberList = forViewer(memberPage);
/** GET /api/admin/id-documents. */
export const idReviewList = forViewer(idReviewQueue);
/** GET /api/admin/requests. */
export const requestQueue = forViewer(adminRequestPage);
/** GET /api/admin/referral-codes. */
export const referralCodeList = forViewer(referralCodePage);
/** GET /api/admin/audit. */
export const auditList = replicaReader(auditPage);

/** GET /api/admin/dashboard: the figures as of `now` (KST days), the queue lengths as `viewer` sees the queues. */
export async function dashboard(viewer: Viewer, now = new Date()) {
  return readStale((db) => dashboardFigures(db, { today: kstDay(now), days: SIGNUP_DAYS, ...scopeOf(viewer) }));
}

/** GET /api/admin/waiting: the queue lengths for the sidebar, as `viewer` sees the queues. */
export async function waiting(viewer: Viewer, at: Date) {
  return readStale((db) => waitingCounts(db, { at, ...scopeOf(viewer) }));
}
