// PATCH /api/admin/users/{id}/coinunhist { symbol, amount, action: "deposit" | "withdraw" } — moves coins between the
// member's holding and the platform's adjustments account with NO member-visible history row; audited.
// 200 { symbol, holding }; a withdraw above the holding → 409 INSUFFICIENT_FUNDS. Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD (withdrawals count as credits do; any amount of another coin) nothing moves: 202 { proposal }
// with `reason`.
import { changeBalance } from "@/lib/admin/balance-change";
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { adminCoinUnhistSchema } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async (call) => {
    const { req } = call;
    return changeBalance(call, "coinunhist", await readJson(req, adminCoinUnhistSchema));
  },
  { permission: "member.credit", target: "id" },
);
