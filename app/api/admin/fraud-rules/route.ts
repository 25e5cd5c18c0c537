// GET /api/admin/fraud-rules — the three fraud rules with their parameters (one table, lib/fraud/params.ts):
// { items: [{ key, enabled, params, updatedAt, updatedBy }] }. cases.read.
import { withAdmin } from "@/lib/api/with-auth";
import { listRules } from "@/lib/fraud/cases";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => listRules(), { permission: "cases.read" });
