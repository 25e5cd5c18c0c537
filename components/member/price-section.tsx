"use client";

/**
 * WLD price card and chart as used by Home and the wallet's World tab.
 * PLACEHOLDER: components/prices/price-card.tsx and price-chart.tsx (prices engineer) replace the
 * marked regions below once they exist.
 */
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { formatKrw } from "@/lib/money";
import { priceDec, useWldPrice } from "./queries";

export function PriceSection() {
  const t = useTranslations("Common");
  const price = useWldPrice();
  const format = useFormatter();
  const [range, setRange] = useState<"1d" | "1w" | "1m">("1d");
  const p = price.data ? priceDec(price.data.price) : null;
  const change = price.data ? priceDec(price.data.changePercent) : null;
  return (
    <section className="flex flex-col gap-3">
      {/* PLACEHOLDER region: replaced by <PriceCard /> from components/prices/price-card.tsx */}
      <div className="rounded-2xl bg-gray-50 p-4" data-placeholder="price-card">
        <p className="text-sm text-gray-500">WLD / KRW</p>
        {p ? (
          <p className="text-2xl font-bold" data-testid="wld-price">
            ₩{formatKrw(p)}{" "}
            {change && (
              <span className={`text-sm ${change.isNegative() ? "text-down" : "text-up"}`}>
                {t("percentChange", { sign: change.isNegative() ? "" : "+", value: change.toFixed(2) })}
              </span>
            )}
          </p>
        ) : (
          <div className="skeleton h-8 w-40" />
        )}
        {price.data?.stale && price.data.updatedAt && (
          <p className="mt-1 text-xs text-gray-400">
            {t("pricesAsOf", {
              time: format.dateTime(new Date(price.data.updatedAt), { dateStyle: "short", timeStyle: "short" }),
            })}
          </p>
        )}
      </div>
      {/* PLACEHOLDER region: replaced by <PriceChart /> from components/prices/price-chart.tsx */}
      <div
        className="rounded-2xl border border-dashed p-4 text-center text-sm text-gray-400"
        data-placeholder="price-chart"
      >
        <div className="mb-2 flex justify-center gap-2">
          {(["1d", "1w", "1m"] as const).map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => setRange(r)}
              className={`rounded-lg px-3 py-1 ${range === r ? "bg-gray-900 text-white" : "bg-gray-100"}`}
            >
              {r}
            </button>
          ))}
        </div>
        {t("chartPlaceholder")}
      </div>
    </section>
  );
}
