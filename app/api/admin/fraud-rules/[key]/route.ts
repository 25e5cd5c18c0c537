// PATCH /api/admin/fraud-rules/{key} { enabled?, params? } — turns a rule on or off and/or replaces its parameters
// (checked per rule: 400 VALIDATION with the field; unknown key → 404). 200 { rule }. Audited FRAUD_RULE_UPDATE with
// before → after. fraud-rules.manage (COMPLIANCE, ADMIN, SUPERADMIN).
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { updateRule } from "@/lib/fraud/cases";
import { fraudRuleUpdateSchema } from "@/lib/validation/fraud";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ key: string }>(
  async ({ req, params, user, ip, requestId }) =>
    updateRule(user, params.key, await readJson(req, fraudRuleUpdateSchema), { ip, requestId }),
  { permission: "fraud-rules.manage" },
);
