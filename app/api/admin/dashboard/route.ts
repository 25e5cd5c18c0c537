// GET /api/admin/dashboard — the console's figures: { members: { total, newToday }, idDocumentsPending,
// pendingRequests: { DEPOSIT, WITHDRAW, TRANSFER }, wldOwed: { holding, staked, held, rewards } (decimal strings,
// from the ledger), signups: [{ day: "YYYY-MM-DD", count }] (the last 30 KST days, today last, zero-filled) }.
// Members are active USER accounts; "today" is the KST day. ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { dashboard } from "@/lib/admin/lists";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ user }) => dashboard(user), { permission: "dashboard.read" });
