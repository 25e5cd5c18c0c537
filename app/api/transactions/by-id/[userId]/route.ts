// GET /api/transactions/by-id/{userId}?page&limit — { items: [{ id, type, coinSymbol, amount, createdAt }], total },
// newest first, rows hidden by an administrator left out. limit 1–50 (default 10).
import { getDb } from "@/db/client";
import { memberTransactions } from "@/db/queries/transactions";
import { handler } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";
import { pageQuerySchema, readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = handler<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  const q = readQuery(req, pageQuerySchema);
  return memberTransactions(await getDb(), { userId: target.id, ...q });
});
