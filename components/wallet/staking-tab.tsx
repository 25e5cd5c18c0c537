"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { useMember } from "@/components/member/member-context";
import { amt, wldOf } from "@/components/member/decimals";
import { enc, keys, type StakingHistoryRow, useCoins, useStaked } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { api } from "@/lib/client/api";
import { D, formatWld } from "@/lib/money";
import { WldAmount } from "./amount";

// Loaded when first opened: the swap flow is not part of /wallet's first load.
const SwapModal = lazy(() => import("./swap-modal").then((m) => ({ default: m.SwapModal })));
const StakingTermsModal = lazy(() => import("./staking-terms-modal").then((m) => ({ default: m.StakingTermsModal })));

export const HISTORY_PAGE = 4;
/** Load the next page when the list is scrolled to within this many pixels of its bottom (the spec's figure). */
export const LOAD_MORE_PX = 10;

export function StakingTab() {
  const t = useTranslations("Wallet.staking");
  const format = useFormatter();
  const { userId } = useMember();
  const coins = useCoins();
  const staked = useStaked();
  const errorText = useErrorText();
  const [swapOpen, setSwapOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  const history = useInfiniteQuery({
    queryKey: keys.stakingHistory(userId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<StakingHistoryRow[]>(`/api/users/${enc(userId)}/staking-history?offset=${pageParam}&limit=${HISTORY_PAGE}`),
    getNextPageParam: (last, all) => (last.length < HISTORY_PAGE ? undefined : all.length * HISTORY_PAGE),
  });
  const rows = history.data?.pages.flat() ?? [];

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_PX &&
      history.hasNextPage &&
      !history.isFetchingNextPage
    ) {
      history.fetchNextPage();
    }
  };

  const holding = wldOf(coins.data);
  const stakedWld = wldOf(staked.data);
  const rewardsWld = amt(staked.data?.find((s) => s.coinSymbol === "WLD")?.rewards);

  return (
    <div className="flex flex-col gap-4">
      <Button size="lg" onClick={() => setSwapOpen(true)}>
        {t("swapButton")}
      </Button>
      <Suspense fallback={null}>{swapOpen && <SwapModal open onClose={() => setSwapOpen(false)} />}</Suspense>
      <Suspense fallback={null}>{termsOpen && <StakingTermsModal open onClose={() => setTermsOpen(false)} />}</Suspense>

      <section aria-labelledby="holdings-title" className="rounded-2xl bg-gray-50 p-4">
        <h3 id="holdings-title" className="mb-2 font-semibold">
          {t("holdingsTitle")}
        </h3>
        {coins.isPending || staked.isPending ? (
          <div className="flex flex-col gap-2">
            <div className="skeleton h-5 w-full" />
            <div className="skeleton h-5 w-full" />
          </div>
        ) : coins.isError || staked.isError ? (
          <FormAlert>{errorText(coins.error ?? staked.error, "balanceCheckFailed")}</FormAlert>
        ) : (
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt className="text-gray-500">{t("holding")}</dt>
            <dd className="text-right font-semibold">
              <WldAmount value={holding} testId="holding-wld" />
            </dd>
            <dt className="text-gray-500">{t("staked")}</dt>
            <dd className="text-right font-semibold">
              <WldAmount value={stakedWld} testId="staked-wld" />
            </dd>
            <dt className="text-gray-500">{t("rewards")}</dt>
            <dd className="text-right">
              <WldAmount value={rewardsWld} testId="rewards-wld" />
            </dd>
            <dt className="text-gray-500">{t("total")}</dt>
            <dd className="text-right">
              <WldAmount value={holding.add(stakedWld).add(rewardsWld)} testId="staking-total-wld" />
            </dd>
          </dl>
        )}
      </section>

      <section aria-labelledby="rewards-title">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h3 id="rewards-title" className="font-semibold">
            {t("rewardsTitle")}
          </h3>
          {/* Every rate shown may change: the product's terms are one tap away. */}
          <Button variant="ghost" size="sm" className="underline" onClick={() => setTermsOpen(true)}>
            {t("termsButton")}
          </Button>
        </div>
        {staked.isPending ? (
          <div className="skeleton h-16 w-full" />
        ) : (staked.data ?? []).filter((s) => amt(s.amount).gt(0)).length === 0 ? (
          <p className="text-sm text-gray-500">{t("noStaking")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {(staked.data ?? [])
              .filter((s) => amt(s.amount).gt(0))
              .map((s) => (
                <li key={s.coinSymbol} className="rounded-xl border p-3 text-sm border-gray-200">
                  <div className="flex justify-between">
                    <span className="font-semibold">{s.coinSymbol}</span>
                    <span>{t("rate", { rate: amt(String(s.profit)).toFixed() })}</span>
                  </div>
                  <div className="flex justify-between text-gray-600">
                    <WldAmount value={s.amount} coin={s.coinSymbol} />
                    <span>
                      {t("daily", {
                        amount: formatWld(s.dailyReward, true),
                        coin: s.coinSymbol,
                      })}
                    </span>
                  </div>
                </li>
              ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reward-history-title">
        <h3 id="reward-history-title" className="mb-2 font-semibold">
          {t("historyTitle")}
        </h3>
        {history.isPending ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="skeleton h-10 w-full" />
            ))}
          </div>
        ) : history.isError ? (
          <FormAlert>{errorText(history.error)}</FormAlert>
        ) : rows.length === 0 ? (
          <p className="text-sm text-gray-500">{t("historyEmpty")}</p>
        ) : (
          <section
            className="max-h-48 overflow-y-auto rounded-xl border border-gray-200"
            onScroll={onScroll}
            data-testid="reward-history"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable
            tabIndex={0}
            aria-label={t("historyTitle")}
          >
            <ul className="divide-y divide-gray-200">
              {rows.map((r) => (
                <li key={r.id} className="flex justify-between px-3 py-3 text-sm">
                  <span className="text-gray-500">
                    {r.day ??
                      format.dateTime(new Date(r.createdAt), { year: "numeric", month: "2-digit", day: "2-digit" })}
                  </span>
                  <span className="font-semibold tabular-nums">
                    +{formatWld(new D(r.amount), true)} {r.coinSymbol}
                  </span>
                </li>
              ))}
            </ul>
            {history.hasNextPage && (
              <button
                type="button"
                className="w-full py-2 text-center text-sm text-gray-500"
                onClick={() => history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? t("loading") : t("more")}
              </button>
            )}
          </section>
        )}
      </section>
    </div>
  );
}
