// GET /api/admin/audit?actor&target&action&from&to&page&limit — the audit log, newest first, 20 per page:
// { items: [{ id, at, action, actor: { id, userId } | null, target: { id, userId } | null, targetId, before,
//   after, memo, ip }], total, totalCapped }. actor and target are login userIds; from/to KST days (YYYY-MM-DD,
// both included). ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { auditList } from "@/lib/admin/lists";
import { auditQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => auditList(readQuery(req, auditQuerySchema)), {
  permission: "audit.read",
});
