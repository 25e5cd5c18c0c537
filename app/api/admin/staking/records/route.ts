// GET /api/admin/staking/records?member&from&to&page&limit — every staking movement (STAKING transactions:
// swaps in positive, withdrawals negative), newest first, filtered by member (users.id or login handle) and
// KST dates (YYYY-MM-DD, inclusive): { items: [{ id, memberId, userId, name, type, coinSymbol, amount,
// createdAt, hidden }], total }.
import { withAdmin } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { isDay } from "@/lib/kst-day";
import { pageQuery } from "@/lib/validation/staking";
import { stakingRecordsPage } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const q = req.nextUrl.searchParams;
    const { offset, limit } = pageQuery(q);
    const from = q.get("from") || null;
    const to = q.get("to") || null;
    for (const [field, d] of [
      ["from", from],
      ["to", to],
    ] as const)
      if (d !== null && !isDay(d)) throw new AppError("VALIDATION", { field });
    const member = (q.get("member") ?? q.get("userId") ?? "").slice(0, 64) || null;
    return stakingRecordsPage({ member, from, to, offset, limit });
  },
  { permission: "staking-reports.read" },
);
