// PATCH /api/admin/users/{id}/coinunhist { symbol, amount, action: "deposit" | "withdraw" } — moves coins between the
// member's holding and the platform's adjustments account with NO member-visible history row; audited.
// 200 { symbol, holding }; a withdraw above the holding → 409 INSUFFICIENT_FUNDS. Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD (withdrawals count as credits do; any amount of another coin) nothing moves: 202 { proposal }
// with `reason`.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { idempotent } from "@/lib/api/idempotency";
import { proposeIfAboveLimit } from "@/lib/admin/proposals";
import { adminCoinUnhistSchema } from "@/lib/validation/wallet";
import { adminUnrecorded } from "@/lib/wallet/admin";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const targetId = target.id;
    const input = await readJson(req, adminCoinUnhistSchema);
    return idempotent(req, user.id, `PATCH /api/admin/users/${targetId}/coinunhist`, input, async (tx) => {
      const proposal = await proposeIfAboveLimit(tx, {
        kind: "coinunhist",
        symbol: input.symbol,
        amount: input.amount,
        targetUserId: targetId,
        payload: { symbol: input.symbol, amount: input.amount.toFixed(), action: input.action },
        reason: input.reason,
        actor: { id: user.id, role: user.role, ip, requestId },
      });
      if (proposal) return proposal;
      return {
        status: 200,
        body: await adminUnrecorded(tx, {
          adminId: user.id,
          targetId,
          symbol: input.symbol,
          amount: input.amount,
          action: input.action,
          ip,
          requestId,
        }),
      };
    });
  },
  { permission: "member.credit", target: "id" },
);
