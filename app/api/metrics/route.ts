// GET /api/metrics — this process's metrics in Prometheus text format (lib/metrics.ts lists them).
// Authorization: Bearer $METRICS_TOKEN (constant-time compare); 404 when METRICS_TOKEN is unset, 401 otherwise.
import { handler } from "@/lib/api/handler";
import { metricsAnswer } from "@/lib/metrics";

export const dynamic = "force-dynamic";

export const GET = handler(async ({ req }) => metricsAnswer(req));
