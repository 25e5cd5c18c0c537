"use client";

/**
 * What the member may still send before typing (issue 14 items 3 and 6): a running cool-down with the moment
 * transfers and withdrawals open again, and what is left of today's withdrawal limit in KRW. Read from
 * GET /api/users/{userId}/withdraw-status; the server checks both again on every request (lib/wallet/limits.ts),
 * this only saves the member a refused request. Shared by the transfer page and the send modal.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { enc } from "@/components/member/queries";
import { useMember } from "@/components/member/member-context";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import { formatKrwText, parseDecimal } from "@/lib/money-text";
// Types only (erased at build): the answer is exactly what the server writes.
import type { WithdrawStatus } from "@/lib/wallet/limits";

export const withdrawStatusKey = (userId: string) => ["withdraw-status", userId] as const;

export function useWithdrawStatus() {
  const { userId } = useMember();
  return useQuery({
    queryKey: withdrawStatusKey(userId),
    queryFn: () => api<WithdrawStatus>(`/api/users/${enc(userId)}/withdraw-status`),
    staleTime: 0,
    // While a cool-down runs, look again each minute so the form opens when it ends.
    refetchInterval: (q) => (q.state.data?.cooldownUntil ? 60_000 : false),
  });
}

/**
 * Whether the form must stay closed, and whether `amount` WLD at `priceKrw` is over what is left today
 * (amount and price as the member and the price feed give them; no price: not judged here, the server will).
 */
export function withdrawBlock(
  status: WithdrawStatus | undefined,
  amount: string,
  priceKrw: string | number | { toFixed(): string } | null | undefined,
): { cooldown: boolean; overLimit: boolean; noneLeft: boolean } {
  if (!status) return { cooldown: false, overLimit: false, noneLeft: false };
  const left = parseDecimal(status.leftTodayKrw);
  const value = parseDecimal(amount.trim());
  const price = parseDecimal(typeof priceKrw === "object" && priceKrw ? priceKrw.toFixed() : priceKrw);
  return {
    cooldown: !!status.cooldownUntil,
    noneLeft: !!left && left.lte(0),
    overLimit: !!left && !!value && !!price && value.times(price).gt(left),
  };
}

export function WithdrawLimits({ query }: { query: ReturnType<typeof useWithdrawStatus> }) {
  const t = useTranslations("Wallet.limits");
  const locale = useLocale();
  if (query.isPending) return <div className="skeleton h-10 w-full" aria-hidden="true" />;
  if (query.isError || !query.data)
    return (
      <p role="alert" className="text-sm text-rose-600">
        {t("unavailable")}
      </p>
    );
  const s = query.data;
  return (
    <div className="flex flex-col gap-2">
      {s.cooldownUntil && (
        <div
          role="status"
          data-testid="cooldown-notice"
          className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">{t("cooldownTitle")}</p>
          <p>{t("cooldown", { time: formatKst(s.cooldownUntil, locale) })}</p>
        </div>
      )}
      <div className="rounded-xl bg-gray-50 p-3 text-sm" data-testid="left-today">
        <p className="flex items-baseline justify-between gap-3">
          <span className="text-gray-600">{t("leftToday")}</span>
          <span className="font-semibold tabular-nums">₩{formatKrwText(s.leftTodayKrw, locale)}</span>
        </p>
        <p className="mt-1 text-xs text-gray-600">
          {t("dailyLimit", { limit: formatKrwText(s.dailyLimitKrw, locale) })}
        </p>
      </div>
    </div>
  );
}
