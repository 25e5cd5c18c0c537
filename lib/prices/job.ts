/**
 * Keeps the price cache warm so page loads rarely wait for an exchange. Optional: the routes refresh
 * on demand without it, and the feed guards still allow at most one call per feed per interval.
 */
import "server-only";
import { env } from "@/lib/env";
import { refreshPrices } from "./index";

export function startPriceRefresh(): void {
  const tick = () => {
    refreshPrices().catch(() => {}); // failures are logged and backed off by the feeds
  };
  tick();
  setInterval(tick, env().PRICE_REFRESH_MS).unref();
}
