"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { amt, useCoins, useErrorText, useLockRelease, usePrices, useStaked } from "@/components/member/queries";
import { FormAlert } from "@/components/ui/form-alert";
import { D, formatKrw, formatWld } from "@/lib/money";
import { remainingSeconds } from "./rules";

function Countdown({ releaseAt }: { releaseAt: string }) {
  const t = useTranslations("Wallet.coin");
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  if (now === null) return <div className="skeleton h-8 w-48" />;
  const left = remainingSeconds(releaseAt, now);
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return (
    <div>
      <p className="text-2xl font-bold tabular-nums" data-testid="lock-countdown">
        {t("countdown", { d, h, m, s })}
      </p>
      {left === 0 && <p className="text-sm text-emerald-300">{t("released")}</p>}
    </div>
  );
}

export function CoinTab() {
  const t = useTranslations("Wallet.coin");
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
  let total = new D(0);
  for (const [sym, a] of rows) {
    const p = trusted ? prices.data?.prices[sym] : undefined;
    if (p) total = total.add(a.mul(p));
  }

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="lock-title" className="rounded-2xl bg-gray-900 p-4 text-white">
        <h3 id="lock-title" className="mb-1 text-sm opacity-80">
          {t("lockTitle")}
        </h3>
        {lock.data ? <Countdown releaseAt={lock.data} /> : <div className="skeleton h-8 w-48" />}
      </section>

      <section aria-labelledby="held-title">
        <div className="mb-2 flex items-baseline justify-between">
          <h3 id="held-title" className="font-semibold">
            {t("heldTitle")}
          </h3>
          {!prices.isPending && !coins.isPending && (
            <span className="text-sm text-gray-600" data-testid="coins-total">
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
          <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200">
            {rows.map(([sym, a]) => {
              const p = trusted ? prices.data?.prices[sym] : undefined;
              return (
                <li key={sym} className="flex items-center justify-between px-3 py-3">
                  <span className="font-semibold">{sym}</span>
                  <span className="text-right text-sm">
                    <span className="block">
                      {formatWld(a)} {sym}
                    </span>
                    <span className="block text-gray-500">{p ? `₩${formatKrw(a.mul(p))}` : "—"}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
