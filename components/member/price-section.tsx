"use client";

/**
 * WLD price card and chart (components/prices) as used by Home and the wallet's World tab. The card (the
 * page's largest text) is first-load code; the chart's frame is not: the server renders it with the page, and
 * its code arrives after the first load (React.lazy), when React hydrates it. The chart library itself waits
 * until the chart is near the screen and the browser is idle (components/prices/price-chart.tsx).
 */
import { lazy, Suspense } from "react";
import { PriceCard } from "@/components/prices/price-card";

const PriceChart = lazy(() => import("@/components/prices/price-chart").then((m) => ({ default: m.PriceChart })));

/** Where the chart goes while its code loads (only seen if the server answered before it): the frame's size. */
function ChartPlaceholder() {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white p-3" aria-hidden="true">
      <div className="mb-2 h-11" />
      <div className="skeleton h-48 w-full" />
    </div>
  );
}

export function PriceSection() {
  return (
    <section className="flex flex-col gap-3">
      <PriceCard />
      <Suspense fallback={<ChartPlaceholder />}>
        <PriceChart className="border border-gray-200" />
      </Suspense>
    </section>
  );
}
