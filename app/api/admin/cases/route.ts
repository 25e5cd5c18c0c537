// GET /api/admin/cases?status=OPEN|CLEARED|REPORTED&page&limit — the fraud cases (lib/fraud/cases.ts), OPEN first
// with the nearest due first, each with its rule, evidence, member, request and the three-business-day clock
// { businessDaysLeft, overdue }: { items, total }. cases.read (COMPLIANCE, ADMIN, SUPERADMIN).
import { withAdmin } from "@/lib/api/with-auth";
import { listCases } from "@/lib/fraud/cases";
import { caseListQuerySchema } from "@/lib/validation/fraud";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req, user }) => listCases(user, readQuery(req, caseListQuerySchema)), {
  permission: "cases.read",
});
