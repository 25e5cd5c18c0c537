// GET /api/admin/users/{id}/transactions?page&limit — the member's history including hidden rows:
// { items: [{ id, type, coinSymbol, amount, createdAt, hidden, hiddenAt }], total }, newest first.
import { getDb } from "@/db/client";
import { adminTransactions } from "@/db/queries/transactions";
import { userExistsOrThrow } from "@/db/queries/users";
import { withAdmin } from "@/lib/api/handler";
import { numericIdOrThrow, pageQuerySchema, readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ req, params }) => {
  const targetId = numericIdOrThrow(params.id);
  const q = readQuery(req, pageQuerySchema);
  const db = await getDb();
  await userExistsOrThrow(db, targetId);
  return adminTransactions(db, { userId: targetId, ...q });
});
