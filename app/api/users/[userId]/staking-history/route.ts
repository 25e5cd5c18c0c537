// GET /api/users/{userId}/staking-history?offset&limit — the member's daily rewards, newest first:
// [{ id, coinSymbol, amount, createdAt, day }]; limit defaults to 4 (spec), at most 50.
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { stakingHistoryOf } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

const int = (v: string | null, d: number) => (v && /^\d{1,7}$/.test(v) ? Number(v) : d);

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ req, target }) => {
    const q = req.nextUrl.searchParams;
    const offset = int(q.get("offset"), 0);
    const limit = Math.min(50, Math.max(1, int(q.get("limit"), 4)));
    return stakingHistoryOf({ userId: target.id, offset, limit });
  },
  { permission: "member.read" },
);
