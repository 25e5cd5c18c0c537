// POST /api/admin/cases/{id}/decide { decision: "CLEAR" | "REPORT", note } — closes an OPEN fraud case once
// (lib/fraud/cases.ts): CLEAR lets its request go on to the normal approval; REPORT rejects the request (if still
// PENDING, with a neutral reason; the hold goes back to the member) and stores the suspicious-transaction report
// draft. 200 { case }; decided already → 409 CASE_DECIDED; unknown → 404. Audited FRAUD_CASE_CLEAR / _REPORT.
// cases.decide (COMPLIANCE, ADMIN, SUPERADMIN).
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { decideCase } from "@/lib/fraud/cases";
import { caseDecisionSchema } from "@/lib/validation/fraud";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    const input = await readJson(req, caseDecisionSchema);
    return decideCase(user, { id, ...input }, { ip, requestId });
  },
  { permission: "cases.decide" },
);
