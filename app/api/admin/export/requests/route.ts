// GET /api/admin/export/requests?type&status — the request queue under its filter as CSV (UTF-8 with a BOM,
// attachment, at most 100,000 rows, formula-safe cells, Korean headers or English with lang=en; lib/admin/export.ts). Audited (admin.export.requests).
// ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { exportRequests } from "@/lib/admin/export";
import { csvLangSchema, requestFilterSchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req, user, ip, requestId }) =>
    exportRequests(user, readQuery(req, requestFilterSchema), { ip, requestId }, readQuery(req, csvLangSchema).lang),
  { permission: "data.export" },
);
