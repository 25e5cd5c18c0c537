// PATCH /api/admin/users/{id}/staking-rate { coinSymbol, rate } — the member's own annual rate in percent
// (0 or more), overriding the product's from the next reward run; audited. 200 { coinSymbol, rate }.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { setMemberRate } from "@/lib/staking/admin";
import { stakingRateSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target: member, ip, requestId }) => {
    const { coinSymbol, rate } = await readJson(req, stakingRateSchema);
    return setMemberRate(member.id, coinSymbol, rate, { actorId: user.id, ip, requestId });
  },
  { permission: "member.rate", target: "id" },
);
