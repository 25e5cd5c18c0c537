// POST /api/users/{userId}/swap { amount } — WLD holding → staked (the protected lock); 200 { holding, staked }.
// Accepts Idempotency-Key. More than the holding → 409 INSUFFICIENT_FUNDS. The member's own swap while swaps are
// paused → 503 MAINTENANCE { feature, until, reason } (lib/maintenance).
import { readJson } from "@/lib/api/handler";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { idempotentStatement } from "@/lib/api/idempotency";
import { swapSchema } from "@/lib/validation/wallet";
import { assertNotPaused } from "@/lib/maintenance/check";
import { swapIntoStaking } from "@/lib/wallet/balances";

export const dynamic = "force-dynamic";

export const POST = withSelfOrAdmin<{ userId: string }>(
  async ({ req, ip, requestId, user: actor, target, self }) => {
    const input = await readJson(req, swapSchema);
    return idempotentStatement(req, actor.id, `POST /api/users/${target.id}/swap`, input, async (db) => {
      // A member's own swap is refused while swaps are paused (503 MAINTENANCE); an administrator's is not.
      if (self) await assertNotPaused(db, "swap");
      return {
        status: 200,
        body: await swapIntoStaking(db, { userId: target.id, actorId: actor.id, amount: input.amount, ip, requestId }),
      };
    });
  },
  { permission: "member.swap" },
);
