// GET /api/transfer-requests/check-duplicate?userId&coinSymbol&type — { exists }: is a request of this coin and
// type already PENDING (the same rule as the unique index). userId defaults to the caller; another member's
// handle needs an admin.
import { getDb } from "@/db/client";
import { hasPending } from "@/db/queries/requests";
import { handler } from "@/lib/api/handler";
import { requireSelfOrAdmin, requireUser } from "@/lib/auth/guards";
import { checkDuplicateQuerySchema, readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = handler(async ({ req }) => {
  const me = await requireUser(req);
  const q = readQuery(req, checkDuplicateQuerySchema);
  const { target } = await requireSelfOrAdmin(req, q.userId || me.userId);
  return { exists: await hasPending(await getDb(), { userId: target.id, coin: q.coinSymbol, type: q.type }) };
});
