"use client";

/** WLD price card and chart (components/prices, prices engineer) as used by Home and the wallet's World tab. */
import { PriceCard } from "@/components/prices/price-card";
import { PriceChart } from "@/components/prices/price-chart";

export function PriceSection() {
  return (
    <section className="flex flex-col gap-3">
      <PriceCard />
      <PriceChart className="border border-gray-200" />
    </section>
  );
}
