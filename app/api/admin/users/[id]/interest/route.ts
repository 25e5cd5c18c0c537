// PATCH /api/admin/users/{id}/interest { amount, action: deposit | withdraw } — moves WLD between the
// rewards_pool and the member's rewards account (audited); never below zero → 409 INSUFFICIENT_FUNDS.
// 200 { rewards } (the new rewards balance). Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD nothing moves: 202 { proposal } with `reason` (lib/admin/four-eyes-limit.ts).
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { idempotent } from "@/lib/api/idempotency";
import { adjustInterest } from "@/lib/staking/admin";
import { proposeIfAboveLimit } from "@/lib/admin/proposals";
import { interestSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target: member, ip, requestId }) => {
    const { amount, action, reason } = await readJson(req, interestSchema);
    const asked = { amount: amount.toFixed(), action, reason };
    return idempotent(req, user.id, `PATCH /api/admin/users/${member.id}/interest`, asked, async (tx) => {
      const proposal = await proposeIfAboveLimit(tx, {
        kind: "interest",
        symbol: "WLD",
        amount,
        targetUserId: member.id,
        payload: { amount: amount.toFixed(), action },
        reason,
        actor: { id: user.id, role: user.role, ip, requestId },
      });
      if (proposal) return proposal;
      return {
        status: 200,
        body: await adjustInterest(tx, member.id, amount, action, { actorId: user.id, ip, requestId }),
      };
    });
  },
  { permission: "member.credit", target: "id" },
);
