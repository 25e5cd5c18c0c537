// GET /api/admin/export/audit?actor&target&action&from&to — the audit log under its filter as CSV (UTF-8 with a
// BOM, attachment, at most 100,000 rows, formula-safe cells, Korean headers or English with lang=en; lib/admin/export.ts). Audited (admin.export.audit).
// ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { exportAudit } from "@/lib/admin/export";
import { csvLangSchema, auditFilterSchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req, user, ip, requestId }) =>
    exportAudit(user, readQuery(req, auditFilterSchema), { ip, requestId }, readQuery(req, csvLangSchema).lang),
  { permission: "data.export" },
);
