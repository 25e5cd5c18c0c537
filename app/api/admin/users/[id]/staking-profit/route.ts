// GET /api/admin/users/{id}/staking-profit — { profit }: the member's WLD rewards balance (decimal string).
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/with-auth";
import { stakingProfit } from "@/db/queries/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(
  async ({ target }) => stakingProfit(await getDb(), { userId: target.id }),
  {
    permission: "member.read",
    target: "id",
  },
);
