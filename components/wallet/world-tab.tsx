"use client";

import { useTranslations } from "next-intl";
import { PriceSection } from "@/components/member/price-section";
import { InviteButton } from "@/components/member/invite-button";

/** Static market facts about WLD (not live data). */
const MARKET = ["name", "networks", "maxSupply", "launch"] as const;

export function WorldTab() {
  const t = useTranslations("Wallet.world");
  return (
    <div className="flex flex-col gap-4">
      <PriceSection />
      <InviteButton />
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
