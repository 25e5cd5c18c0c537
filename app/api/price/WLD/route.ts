// GET /api/price/WLD — public: the WLD price in KRW with its 24-hour change (DESIGN.md, "Calls and their shapes").
import { handler } from "@/lib/api/handler";
import { wldQuote } from "@/lib/prices";
import { toPriceDto } from "@/lib/prices/dto";

export const dynamic = "force-dynamic";

export const GET = handler(async () => toPriceDto(await wldQuote()));
