"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMember } from "@/components/member/member-context";
import { useProfile } from "@/components/member/queries";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useToast } from "@/components/ui/toast";
import { CoinTab } from "@/components/wallet/coin-tab";
import { CountUp } from "@/components/wallet/count-up";
import { StakingTab } from "@/components/wallet/staking-tab";
import { TransferModal } from "@/components/wallet/transfer-modal";
import { useWalletTotal } from "@/components/wallet/use-wallet";
import { WorldTab } from "@/components/wallet/world-tab";

const TABS = ["world", "staking", "coin"] as const;
type Tab = (typeof TABS)[number];

export default function WalletPage() {
  const t = useTranslations("Wallet");
  const member = useMember();
  const profile = useProfile();
  const toast = useToast();
  const { total, unavailable } = useWalletTotal();
  const [tab, setTab] = useState<Tab>("world");
  const [transferOpen, setTransferOpen] = useState(false);
  const verified = (profile.data?.idStatus ?? member.idStatus) === "APPROVED";

  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    const next = e.key === "ArrowRight" ? (i + 1) % TABS.length : e.key === "ArrowLeft" ? (i + 2) % TABS.length : -1;
    if (next >= 0) {
      setTab(TABS[next]!);
      document.getElementById(`wallet-tab-${TABS[next]}`)?.focus();
    }
  };

  return (
    <main className="flex flex-col gap-4 p-4">
      <header className="flex items-center justify-between">
        <h1 className="text-xl font-bold">{t("title")}</h1>
        <Link
          href="/wallet-history"
          aria-label={t("history")}
          className="rounded-lg p-2 text-gray-700 hover:bg-gray-100"
        >
          <Icon>
            <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
            <path d="M3 3v5h5M12 7v5l3 2" />
          </Icon>
        </Link>
      </header>

      <section aria-labelledby="total-label" className="rounded-2xl bg-gray-900 p-5 text-white">
        <h2 id="total-label" className="text-sm opacity-80">
          {t("totalValue")}
        </h2>
        {total ? (
          <CountUp value={total} className="mt-1 block text-3xl font-bold tabular-nums" />
        ) : unavailable ? (
          <p className="mt-1 text-lg font-semibold opacity-70" data-testid="wallet-total-unavailable">
            {t("priceUnavailable")}
          </p>
        ) : (
          <div className="skeleton mt-2 h-9 w-48" />
        )}
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => toast(t("depositNotice"))}>
            {t("deposit")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => (verified ? setTransferOpen(true) : toast(t("needKyc"), { kind: "error" }))}
          >
            {t("withdraw")}
          </Button>
        </div>
      </section>
      <TransferModal open={transferOpen} onClose={() => setTransferOpen(false)} />

      <div role="tablist" aria-label={t("tabsLabel")} className="grid grid-cols-3 rounded-xl bg-gray-100 p-1">
        {TABS.map((k, i) => (
          <button
            key={k}
            id={`wallet-tab-${k}`}
            type="button"
            role="tab"
            aria-selected={tab === k}
            aria-controls={`wallet-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            onClick={() => setTab(k)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={`rounded-lg py-2 text-sm font-semibold ${tab === k ? "bg-white shadow" : "text-gray-600"}`}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id={`wallet-panel-${tab}`} role="tabpanel" aria-labelledby={`wallet-tab-${tab}`}>
        {tab === "world" ? <WorldTab /> : tab === "staking" ? <StakingTab /> : <CoinTab />}
      </div>
    </main>
  );
}
