// GET /api/exchanges — { ERC20: [names], OP: [names], WORLDCHAIN: [names] }: the destinations an administrator
// allows, per network (lib/destinations); the wallet-address screen offers only these.
import { handler } from "@/lib/api/handler";
import { allowedExchanges } from "@/lib/destinations/read";

export const dynamic = "force-dynamic";

export const GET = handler(async () => allowedExchanges());
