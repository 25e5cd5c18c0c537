// GET /api/prices — public: every listed coin and USDT in KRW, for wallet totals.
import { handler } from "@/lib/api/handler";
import { priceMap } from "@/lib/prices";
import { toPriceMapDto } from "@/lib/prices/dto";

export const dynamic = "force-dynamic";

export const GET = handler(async () => toPriceMapDto(await priceMap()));
