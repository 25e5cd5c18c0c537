// GET /api/admin/travel-rule/export?day=YYYY-MM-DD&format=json|csv — a KST day's Travel Rule records as an
// attachment: JSON { day, records: [{ requestId, status, createdAt, ivms101 }] } with each IVMS 101 payload exactly
// as stored, or CSV with one line per record (lib/travel-rule/export.ts). Audited (admin.export.travel_rule).
// ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { exportTravelRuleDay } from "@/lib/travel-rule/export";
import { travelRuleExportQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req, user, ip, requestId }) =>
    exportTravelRuleDay(user, readQuery(req, travelRuleExportQuerySchema), { ip, requestId }),
  { permission: "travel-rule.export" },
);
