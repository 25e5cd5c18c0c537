// GET /api/users/by-id/{userId}/coins — [{ symbol, amount }] for all six coins (WLD always present); amount = the free holding.
import { getDb } from "@/db/client";
import { handler, json } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";
import { coinList } from "@/lib/wallet/holdings";

export const dynamic = "force-dynamic";

export const GET = handler<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  return json(await coinList(await getDb(), target.id));
});
