// PATCH /api/admin/users/{id}/interest { amount, action: deposit | withdraw } — moves WLD between the
// rewards_pool and the member's rewards account (audited); never below zero → 409 INSUFFICIENT_FUNDS.
// 200 { rewards } (the new rewards balance). Accepts Idempotency-Key.
// Four-eyes: when it would take this administrator's or the member's rolling 24-hour total of direct changes above
// FOUR_EYES_LIMIT WLD nothing moves: 202 { proposal } with `reason` (lib/admin/four-eyes-limit.ts).
import { changeBalance } from "@/lib/admin/balance-change";
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { interestSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async (call) => {
    const { req } = call;
    return changeBalance(call, "interest", await readJson(req, interestSchema));
  },
  { permission: "member.credit", target: "id" },
);
