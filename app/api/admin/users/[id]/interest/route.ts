// PATCH /api/admin/users/{id}/interest { amount, action: deposit | withdraw } — moves WLD between the
// rewards_pool and the member's rewards account (audited); never below zero → 409 INSUFFICIENT_FUNDS.
// 200 { rewards } (the new rewards balance). Accepts Idempotency-Key.
import { getDb } from "@/db/client";
import { readJson, withAdmin } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { adjustInterest, memberOrThrow } from "@/lib/staking/admin";
import { interestSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const member = await memberOrThrow(await getDb(), params.id);
  const { amount, action } = await readJson(req, interestSchema);
  const asked = { amount: amount.toFixed(), action };
  return idempotent(req, user.id, `PATCH /api/admin/users/${member.id}/interest`, asked, async (tx) => ({
    status: 200,
    body: await adjustInterest(tx, member.id, amount, action, { actorId: user.id, ip, requestId }),
  }));
});
