/**
 * GET /api/admin/inquiries?status&who&page&limit — the 1:1 inquiry queue (support.read): what waits longest first,
 * each with its SLA clock (waitingSince, waitingHours, slaHours = SUPPORT_SLA_HOURS, overdue), the member and the
 * assignee; `assignees` lists the staff an inquiry may be given to. status: open (default) | all | RECEIVED |
 * ANSWERING | ANSWERED | CLOSED; who: all (default) | mine | unassigned.
 */
import { withAdmin } from "@/lib/api/with-auth";
import { supportQueue } from "@/lib/support/staff";
import { supportQueueSchema } from "@/lib/validation/support";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req, user }) => supportQueue(user, readQuery(req, supportQueueSchema)), {
  permission: "support.read",
});
