// GET /api/admin/users/{id}/transactions?page&limit — the member's history including hidden rows:
// { items: [{ id, type, coinSymbol, amount, createdAt, hidden, hiddenAt }], total }, newest first.
import { getDb } from "@/db/client";
import { adminTransactions } from "@/db/queries/transactions";
import { withAdmin } from "@/lib/api/with-auth";
import { pageQuerySchema, readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(
  async ({ req, target }) =>
    adminTransactions(await getDb(), { userId: target.id, ...readQuery(req, pageQuerySchema) }),
  { permission: "member.read", target: "id" },
);
