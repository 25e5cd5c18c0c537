"use client";

import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useMember } from "@/components/member/member-context";
import { amt, usePrices } from "@/components/member/decimals";
import { useCoins, useLockRelease, useProfile, useStaked } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { D, formatKrw } from "@/lib/money";
import { WldAmount } from "./amount";
import { remainingSeconds } from "./rules";

/**
 * The time left until the protected lock ends, ticking each second; nothing at all once it has ended (no
 * "0일 0시간 0분 0초" card). This tab is loaded when chosen, never server-rendered, so reading the clock while
 * rendering cannot disagree with a server's HTML.
 */
function LockCountdown({ releaseAt }: { releaseAt: string }) {
  const t = useTranslations("Wallet.coin");
  const [now, setNow] = useState(() => Date.now());
  const left = remainingSeconds(releaseAt, now);
  useEffect(() => {
    if (left === 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [left === 0]);
  if (left === 0) return null;
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return (
    <section aria-labelledby="lock-title" className="rounded-2xl bg-gray-900 p-4 text-white">
      <h3 id="lock-title" className="mb-1 text-sm opacity-80">
        {t("lockTitle")}
      </h3>
      <p className="text-2xl font-bold tabular-nums" data-testid="lock-countdown">
        {t("countdown", { d, h, m, s })}
      </p>
    </section>
  );
}

/** A first step for a member with no coins: verify the ID for the 1000 WLD reward, or buy. */
function EmptyCoins({ idStatus }: { idStatus: string }) {
  const t = useTranslations("Wallet.coin");
  return (
    <div className="mb-3 rounded-xl border border-dashed border-gray-300 p-4 text-sm" data-testid="coins-empty">
      <p className="font-semibold">{t("emptyTitle")}</p>
      {idStatus === "APPROVED" ? (
        <p className="mt-1 text-gray-600">{t("emptyBuy")}</p>
      ) : idStatus === "PENDING" ? (
        <p className="mt-1 text-gray-600">{t("emptyPending")}</p>
      ) : (
        <>
          <p className="mt-1 text-gray-600">{t("emptyVerify")}</p>
          <AppLink
            href="/verify"
            className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-brand px-4 font-semibold text-white"
          >
            {t("emptyVerifyLink")}
          </AppLink>
        </>
      )}
    </div>
  );
}

export function CoinTab({ onBuy, onWithdraw }: { onBuy: () => void; onWithdraw: () => void }) {
  const t = useTranslations("Wallet.coin");
  const member = useMember();
  const profile = useProfile();
  const lock = useLockRelease();
  const coins = useCoins();
  const staked = useStaked();
  const prices = usePrices();
  const errorText = useErrorText();

  const trusted = prices.data?.trusted ?? false;
  // Holdings plus staked amounts and accrued rewards per symbol (the same sum as the wallet total).
  const bySymbol = new Map<string, InstanceType<typeof D>>();
  for (const c of coins.data ?? []) bySymbol.set(c.symbol, (bySymbol.get(c.symbol) ?? new D(0)).add(amt(c.amount)));
  for (const s of staked.data ?? [])
    bySymbol.set(s.coinSymbol, (bySymbol.get(s.coinSymbol) ?? new D(0)).add(amt(s.amount)).add(amt(s.rewards)));
  const rows = [...bySymbol.entries()].filter(([sym, a]) => a.gt(0) || sym === "WLD");
  const empty = !coins.isPending && !staked.isPending && rows.every(([, a]) => a.eq(0));
  const idStatus = profile.data?.idStatus ?? member.idStatus;
  const walletMissing = idStatus === "APPROVED" && profile.isSuccess && !profile.data.walletAddr;
  let total = new D(0);
  for (const [sym, a] of rows) {
    const p = trusted ? prices.data?.prices[sym] : undefined;
    if (p) total = total.add(a.mul(p));
  }

  return (
    <div className="flex flex-col gap-4">
      {lock.data && <LockCountdown releaseAt={lock.data} />}

      <section aria-labelledby="held-title">
        <div className="mb-2 flex items-baseline justify-between">
          <h3 id="held-title" className="font-semibold">
            {t("heldTitle")}
          </h3>
          {!prices.isPending && !coins.isPending && (
            <span className="text-sm text-gray-600 tabular-nums" data-testid="coins-total">
              {trusted ? t("total", { value: formatKrw(total) }) : t("priceUnavailable")}
            </span>
          )}
        </div>
        {coins.isPending || staked.isPending ? (
          <div className="flex flex-col gap-2">
            <div className="skeleton h-12 w-full" />
            <div className="skeleton h-12 w-full" />
          </div>
        ) : coins.isError ? (
          <FormAlert>{errorText(coins.error, "balanceCheckFailed")}</FormAlert>
        ) : (
          <>
            {empty && <EmptyCoins idStatus={idStatus} />}
            <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200">
              {rows.map(([sym, a]) => {
                const p = trusted ? prices.data?.prices[sym] : undefined;
                return (
                  <li key={sym} className="px-3 py-3" data-testid={`coin-row-${sym}`}>
                    <div className="flex items-center justify-between gap-3">
                      <span className="font-semibold">{sym}</span>
                      <span className="text-right text-sm">
                        <WldAmount value={a} coin={sym} className="block font-medium" testId={`coin-amount-${sym}`} />
                        <span className="block text-gray-600 tabular-nums">{p ? `₩${formatKrw(a.mul(p))}` : "—"}</span>
                      </span>
                    </div>
                    {sym === "WLD" && (
                      <div className="mt-2 grid grid-cols-2 gap-2">
                        <Button variant="secondary" size="sm" className="min-h-11" onClick={onBuy}>
                          {t("buy")}
                        </Button>
                        <Button variant="secondary" size="sm" className="min-h-11" onClick={onWithdraw}>
                          {t("withdraw")}
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            {walletMissing && (
              <p className="mt-3 text-sm text-gray-700" data-testid="wallet-missing">
                {t("walletMissing")}{" "}
                <AppLink
                  href="/settings"
                  className="inline-flex min-h-11 items-center font-semibold text-accent underline"
                >
                  {t("walletMissingLink")}
                </AppLink>
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
