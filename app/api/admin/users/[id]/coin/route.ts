// PATCH /api/admin/users/{id}/coin { symbol, amount, action: "DEPOSIT" } — credits the member's holding with a
// visible DEPOSIT row, audited; 200 { symbol, holding }. Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD (any amount of another coin; lib/admin/four-eyes-limit.ts) nothing is credited: 202 { proposal }
// with the mandatory `reason` (or the x-audit-memo memo); another administrator approves it in /admin/approvals.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { idempotent } from "@/lib/api/idempotency";
import { proposeIfAboveLimit } from "@/lib/admin/proposals";
import { adminCoinSchema } from "@/lib/validation/wallet";
import { adminDeposit } from "@/lib/wallet/admin";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const targetId = target.id;
    const input = await readJson(req, adminCoinSchema);
    return idempotent(req, user.id, `PATCH /api/admin/users/${targetId}/coin`, input, async (tx) => {
      const proposal = await proposeIfAboveLimit(tx, {
        kind: "coin",
        symbol: input.symbol,
        amount: input.amount,
        targetUserId: targetId,
        payload: { symbol: input.symbol, amount: input.amount.toFixed(), action: "DEPOSIT" },
        reason: input.reason,
        actor: { id: user.id, role: user.role, ip, requestId },
      });
      if (proposal) return proposal;
      return {
        status: 200,
        body: await adminDeposit(tx, {
          adminId: user.id,
          targetId,
          symbol: input.symbol,
          amount: input.amount,
          ip,
          requestId,
        }),
      };
    });
  },
  { permission: "member.credit", target: "id" },
);
