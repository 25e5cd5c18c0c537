// GET /api/admin/users/{id}/staking-profit — { profit }: the member's WLD rewards balance (decimal string).
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/handler";
import { memberOrThrow } from "@/lib/staking/admin";
import { stakingProfit } from "@/lib/staking/reads";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ params }) => {
  const db = await getDb();
  const member = await memberOrThrow(db, params.id);
  return stakingProfit(db, member.id);
});
