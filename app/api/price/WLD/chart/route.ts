// GET /api/price/WLD/chart?range=1d|1w|1m — public: WLD/KRW points for the chart and the change over the range.
import { handler, validationError } from "@/lib/api/handler";
import { wldChart } from "@/lib/prices";
import { toChartDto } from "@/lib/prices/dto";
import { chartQuerySchema } from "@/lib/validation/prices";

export const dynamic = "force-dynamic";

export const GET = handler(async ({ req }) => {
  const parsed = chartQuerySchema.safeParse({ range: req.nextUrl.searchParams.get("range") ?? undefined });
  if (!parsed.success) throw validationError(parsed.error);
  return toChartDto(await wldChart(parsed.data.range));
});
