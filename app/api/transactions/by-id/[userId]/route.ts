// GET /api/transactions/by-id/{userId}?page&limit — { items: [{ id, type, coinSymbol, amount, createdAt }], total,
// hidden }, newest first, rows hidden by an administrator left out (`hidden`: how many; the CSV has them).
// limit 1–50 (default 10).
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { pageQuerySchema, readQuery } from "@/lib/validation/wallet";
import { memberHistory } from "@/lib/wallet/history";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ req, target }) => {
    const q = readQuery(req, pageQuerySchema);
    return memberHistory({ userId: target.id, ...q });
  },
  { permission: "member.read" },
);
