// GET /api/admin/cases/{id}/report?format=json|csv — a reported case's suspicious-transaction report (STR,
// 의심거래보고) draft as an attachment: the member, their recent transactions and requests, the rule and the
// evidence (lib/fraud/cases.ts). No draft (not reported) → 404. Audited FRAUD_CASE_EXPORT. cases.decide.
import { withAdmin } from "@/lib/api/with-auth";
import { exportReportDraft } from "@/lib/fraud/cases";
import { caseReportQuerySchema } from "@/lib/validation/fraud";
import { numericIdOrThrow, readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) =>
    exportReportDraft(
      user,
      { id: numericIdOrThrow(params.id), ...readQuery(req, caseReportQuerySchema) },
      { ip, requestId },
    ),
  { permission: "cases.decide" },
);
