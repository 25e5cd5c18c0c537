// GET /api/users/coins/{userId} — [{ symbol, amount }] for all six coins (WLD always present); amount = the free holding.
import { json } from "@/lib/api/handler";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { coinList } from "@/lib/wallet/balances";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return json(await coinList(target.id));
  },
  { permission: "member.read" },
);
