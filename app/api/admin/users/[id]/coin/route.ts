// PATCH /api/admin/users/{id}/coin { symbol, amount, action: "DEPOSIT" } — credits the member's holding with a
// visible DEPOSIT row, audited; 200 { symbol, holding }. Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD (any amount of another coin; lib/admin/four-eyes-limit.ts) nothing is credited: 202 { proposal }
// with the mandatory `reason` (or the x-audit-memo memo); another administrator approves it in /admin/approvals.
import { changeBalance } from "@/lib/admin/balance-change";
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { adminCoinSchema } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async (call) => {
    const { req } = call;
    return changeBalance(call, "coin", await readJson(req, adminCoinSchema));
  },
  { permission: "member.credit", target: "id" },
);
