"use client";

/**
 * Where sendable WLD comes from: transfers and withdrawals leave from the staking balance (the
 * protected lock; the spec's "spendable is staked WLD minus the fee"), never from the WLD held. The send form says so
 * in one line, and when WLD is held but the lock balance cannot cover the minimum, offers the swap (holding →
 * lock) in one tap, prefilled with the holding. Also the 최대 figure: what the server will accept, amount + fee ≤
 * the lock balance less the KRW hold's part (./withdraw-limits sendableMax), within what is left of today's limit.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { D, type Dec, formatWld } from "@/lib/money";
import { parseDecimal } from "@/lib/money-text";
import type { WithdrawStatus } from "@/lib/wallet/limits";
import { MIN_TRANSFER } from "./rules";

/**
 * The amount 최대 fills: `max` (already floored to 2 decimals after the fee), lowered to what today's KRW limit
 * still allows at the price on screen (floored, so amount × price ≤ what is left). Null below the minimum.
 */
export function fillMax(max: Dec, status: WithdrawStatus | undefined, priceKrw: Dec | null | undefined): Dec | null {
  let out = max;
  const left = parseDecimal(status?.leftTodayKrw);
  if (left && priceKrw && new D(priceKrw.toFixed()).gt(0)) {
    const byLimit = new D(left.toFixed()).div(priceKrw.toFixed()).round(2, D.roundDown);
    if (byLimit.lt(out)) out = byLimit;
  }
  return out.lt(MIN_TRANSFER) ? null : out;
}

export function SendSource({
  holding,
  staked,
  max,
  onSwap,
}: {
  /** WLD held (not in the lock). */
  holding: Dec;
  /** The lock (staking) balance. */
  staked: Dec;
  /** What can be sent now (fee excluded). */
  max: Dec;
  onSwap: () => void;
}) {
  const t = useTranslations("Wallet.send");
  const short = max.lt(MIN_TRANSFER) && holding.gt(0);
  if (!short)
    return (
      <p className="text-xs text-gray-600" data-testid="send-source">
        {t("source")}
      </p>
    );
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-gray-50 p-3 text-sm"
      data-testid="send-source"
    >
      <p className="font-semibold">{staked.gt(0) ? t("lockShortTitle") : t("lockEmptyTitle")}</p>
      <p className="text-gray-700">{t("source")}</p>
      <p className="text-gray-700 tabular-nums">{t("swapOffer", { amount: formatWld(holding, true) })}</p>
      <Button onClick={onSwap} data-testid="send-swap">
        {t("swapAction", { amount: formatWld(holding, true) })}
      </Button>
    </div>
  );
}
