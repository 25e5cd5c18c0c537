// GET /api/admin/users/{id}/transactions?page&limit — the member's history including hidden rows:
// { items: [{ id, type, coinSymbol, amount, createdAt, hidden, hiddenAt }], total }, newest first.
import { withAdmin } from "@/lib/api/with-auth";
import { pageQuerySchema, readQuery } from "@/lib/validation/wallet";
import { adminHistory } from "@/lib/wallet/history";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(
  async ({ req, target }) => adminHistory({ userId: target.id, ...readQuery(req, pageQuerySchema) }),
  { permission: "member.read", target: "id" },
);
