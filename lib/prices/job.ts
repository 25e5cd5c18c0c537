/**
 * Keeps the price cache warm so page loads rarely wait for an exchange. Optional: the routes refresh
 * on demand without it, and the feed guards still allow at most one call per feed per interval.
 */
import "server-only";
import { env } from "@/lib/env";
import { withLogScope } from "@/lib/log";
import { refreshPrices } from "./index";

export function startPriceRefresh(): void {
  const tick = () => {
    // failures are logged (under the job's id) and backed off by the feeds
    withLogScope("job:price-refresh", () => refreshPrices()).catch(() => {});
  };
  tick();
  setInterval(tick, env().PRICE_REFRESH_MS).unref();
}
