// GET /api/admin/export/members?search&phone — the member list under its filter as CSV (UTF-8 with a BOM,
// attachment, at most 100,000 rows, formula-safe cells, Korean headers or English with lang=en; lib/admin/export.ts). Audited (admin.export.members).
// ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { exportMembers } from "@/lib/admin/export";
import { csvLangSchema, memberFilterSchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req, user, ip, requestId }) =>
    exportMembers(user, readQuery(req, memberFilterSchema), { ip, requestId }, readQuery(req, csvLangSchema).lang),
  { permission: "data.export" },
);
