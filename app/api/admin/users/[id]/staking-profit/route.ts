// GET /api/admin/users/{id}/staking-profit — { profit }: the member's WLD rewards balance (decimal string).
import { withAdmin } from "@/lib/api/with-auth";
import { stakingProfitOf } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ target }) => stakingProfitOf({ userId: target.id }), {
  permission: "member.read",
  target: "id",
});
