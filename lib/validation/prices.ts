import { z } from "zod";

/** ?range= of GET /api/price/WLD/chart: 1d (1h × 24), 1w (1d × 7), 1m (1w × 4). Defaults to 1d. */
export const chartQuerySchema = z.object({ range: z.enum(["1d", "1w", "1m"]).default("1d") });
export type ChartQuery = z.infer<typeof chartQuerySchema>;
