"use client";

import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { useMember } from "@/components/member/member-context";
import { useLockRelease, useProfile } from "@/components/member/queries";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useToast } from "@/components/ui/toast";
import { CountUp } from "@/components/wallet/count-up";
import { useWalletTotal } from "@/components/wallet/use-wallet";
import { WorldTab } from "@/components/wallet/world-tab";
import { lockReleased } from "@/lib/wallet/lock-released";
import { refreshQueries } from "@/lib/client/refresh";

// The money modals load when first opened, and the staking and coin tabs when first chosen, so /wallet's first
// load carries neither them nor the decimal library they compute with (React.lazy: next/dynamic's loader would
// be first-load code itself). One module for the modals and one for the tabs: each lazy module costs a loader.
const modals = () => import("@/components/wallet/wallet-modals");
const SendModal = lazy(() => modals().then((m) => ({ default: m.SendModal })));
const BuyModal = lazy(() => modals().then((m) => ({ default: m.BuyModal })));
const TabLoading = () => <div className="skeleton h-40 w-full rounded-2xl" />;
const tabs = () => import("@/components/wallet/wallet-tabs");
const StakingTab = lazy(() => tabs().then((m) => ({ default: m.StakingTab })));
const CoinTab = lazy(() => tabs().then((m) => ({ default: m.CoinTab })));

/** The wallet's reads (and the price cards), refetched by the refresh button. */
const WALLET_QUERIES = ["profile", "coins", "staked", "staking-history", "prices", "price", "config", "my-requests"];

const TABS = ["world", "staking", "coin"] as const;
/** Three actions side by side on a 360 px screen: tight padding, and a word never breaks inside. */
const CARD_BUTTON = "whitespace-nowrap px-2 text-[15px]";
type Tab = (typeof TABS)[number];

export function WalletScreen() {
  const t = useTranslations("Wallet");
  const member = useMember();
  const profile = useProfile();
  const toast = useToast();
  const { total, unavailable } = useWalletTotal();
  const lock = useLockRelease();
  const qc = useQueryClient();
  const fetching = useIsFetching({ predicate: (q) => WALLET_QUERIES.includes(String(q.queryKey[0])) }) > 0;
  const [tab, setTab] = useState<Tab>("world");
  const [open, setOpen] = useState<null | "TRANSFER" | "WITHDRAW" | "BUY">(null);
  const verified = (profile.data?.idStatus ?? member.idStatus) === "APPROVED";
  const close = () => setOpen(null);
  const send = (type: "TRANSFER" | "WITHDRAW") => (verified ? setOpen(type) : toast(t("needKyc"), { kind: "error" }));
  // After the protected lock ends, deposits are open: the deposit button buys. A tap before
  // the release moment has loaded waits for it rather than answering with the notice.
  const deposit = async () => {
    const releaseAt = lock.data ?? (await lock.refetch()).data;
    if (lockReleased(releaseAt, Date.now())) setOpen("BUY");
    else toast(t("depositNotice"));
  };
  const refresh = () => refreshQueries(qc, { predicate: (q) => WALLET_QUERIES.includes(String(q.queryKey[0])) });

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
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={refresh}
            aria-label={t("refresh")}
            aria-busy={fetching || undefined}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span className={fetching ? "animate-spin motion-reduce:animate-none" : ""}>
              <Icon round>
                <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4" />
                <path d="M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
              </Icon>
            </span>
          </button>
          <AppLink
            href="/wallet-history"
            aria-label={t("history")}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
          >
            <Icon>
              <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
              <path d="M3 3v5h5M12 7v5l3 2" />
            </Icon>
          </AppLink>
        </div>
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
        <div className="mt-4 grid grid-cols-3 gap-2">
          <Button variant="secondary" className={CARD_BUTTON} onClick={deposit}>
            {t("deposit")}
          </Button>
          <Button variant="secondary" className={CARD_BUTTON} onClick={() => send("WITHDRAW")}>
            {t("withdraw")}
          </Button>
          <Button variant="secondary" className={CARD_BUTTON} onClick={() => send("TRANSFER")}>
            {t("transferAction")}
          </Button>
        </div>
      </section>
      <Suspense fallback={null}>
        {(open === "TRANSFER" || open === "WITHDRAW") && <SendModal type={open} onClose={close} />}
        {open === "BUY" && <BuyModal onClose={close} />}
      </Suspense>

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
        {tab === "world" ? (
          <WorldTab />
        ) : (
          <Suspense fallback={<TabLoading />}>
            {tab === "staking" ? <StakingTab /> : <CoinTab onBuy={deposit} onWithdraw={() => send("WITHDRAW")} />}
          </Suspense>
        )}
      </div>
    </main>
  );
}
