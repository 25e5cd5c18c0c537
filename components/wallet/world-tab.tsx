"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { PriceSection } from "@/components/member/price-section";

// Below the price card and chart, out of the first screen: the server renders the button with the page and its code
// arrives after the first load (React.lazy, as the chart's), which keeps /wallet inside its JavaScript budget.
const InviteButton = lazy(() => import("@/components/member/invite-button").then((m) => ({ default: m.InviteButton })));

/** Static market facts about WLD (not live data). */
const MARKET = ["name", "networks", "maxSupply", "launch"] as const;

export function WorldTab() {
  const t = useTranslations("Wallet.world");
  return (
    <div className="flex flex-col gap-4">
      <PriceSection />
      <Suspense fallback={<div className="h-14" aria-hidden="true" />}>
        <InviteButton />
      </Suspense>
      <section aria-labelledby="market-title" className="rounded-2xl bg-gray-50 p-4">
        <h3 id="market-title" className="mb-2 font-semibold">
          {t("marketTitle")}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {MARKET.map((k) => (
            <div key={k} className="contents">
              <dt className="text-gray-500">{t(`market.${k}.label`)}</dt>
              <dd className="text-right">{t(`market.${k}.value`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
