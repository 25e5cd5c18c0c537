// GET /api/admin/travel-rule/{requestId}?format=json|csv — one request's Travel Rule record as an attachment: JSON
// { requestId, status, createdAt, ivms101 } with the IVMS 101 payload exactly as stored, or CSV with its line
// (lib/travel-rule/export.ts). A request without a record → 404. Audited (admin.export.travel_rule).
// ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { exportTravelRuleRecord } from "@/lib/travel-rule/export";
import { travelRuleRecordQuerySchema } from "@/lib/validation/admin";
import { numericIdOrThrow, readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ requestId: string }>(
  async ({ req, params, user, ip, requestId }) =>
    exportTravelRuleRecord(
      user,
      { requestId: numericIdOrThrow(params.requestId), ...readQuery(req, travelRuleRecordQuerySchema) },
      { ip, requestId },
    ),
  { permission: "travel-rule.export" },
);
