"use client";

/**
 * What the member may still send before typing: a running cool-down with the moment
 * transfers and withdrawals open again, what is left of today's withdrawal limit in KRW, the WLD bought with KRW
 * that cannot leave yet and when it opens (the KRW hold), and a destination that cannot receive: an exchange
 * that is blocked (a set address changes only by an administrator's reset) or a personal wallet not yet proven the
 * member's. Read from GET /api/users/{userId}/withdraw-status; the server checks all of it again on every request
 * (lib/wallet/limits.ts, requests.ts), this only saves the member a refused request. Shared by the transfer page
 * and the send modal.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { enc } from "@/components/member/queries";
import { useMember } from "@/components/member/member-context";
import { AppLink } from "@/components/ui/app-link";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import { D, type Dec, maxDec } from "@/lib/money";
import { formatKrwText, formatWldText, parseDecimal } from "@/lib/money-text";
import { useExchangeName } from "./destination-name";
import { spendable } from "./rules";
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
): { cooldown: boolean; overLimit: boolean; noneLeft: boolean; closedDestination: boolean } {
  if (!status) return { cooldown: false, overLimit: false, noneLeft: false, closedDestination: false };
  const left = parseDecimal(status.leftTodayKrw);
  const value = parseDecimal(amount.trim());
  const price = parseDecimal(typeof priceKrw === "object" && priceKrw ? priceKrw.toFixed() : priceKrw);
  const d = status.destination;
  return {
    cooldown: !!status.cooldownUntil,
    noneLeft: !!left && left.lte(0),
    overLimit: !!left && !!value && !!price && value.times(price).gt(left),
    closedDestination: !!d && (d.status === "BLOCKED" || !d.verified),
  };
}

/** The most that can be asked now, fee excluded: staked minus the part of the lock the KRW hold keeps, minus the fee. */
export function sendableMax(staked: Dec, fee: Dec, status: WithdrawStatus | undefined): Dec {
  return spendable(maxDec(staked.minus(status?.krwHold.inLock ?? 0), 0), fee);
}

/**
 * The most that can be asked now when the KRW hold is what keeps `amount` from going (it would go without the
 * hold); null otherwise — too much either way, or not too much.
 */
export function heldBackMax(amount: string, staked: Dec, fee: Dec, status: WithdrawStatus | undefined): Dec | null {
  const value = parseDecimal(amount.trim());
  if (!value) return null;
  const max = sendableMax(staked, fee, status);
  const asked = new D(value.toFixed());
  return asked.gt(max) && asked.lte(spendable(staked, fee)) ? max : null;
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
  const hold = s.krwHold;
  return (
    <div className="flex flex-col gap-2">
      <DestinationNotice status={s} />
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
      {parseDecimal(hold.amount)?.gt(0) && (
        <div
          className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="krw-hold"
        >
          <p className="font-semibold tabular-nums">
            {t("krwHold", {
              amount: formatWldText(hold.amount, true, locale),
              time: hold.releasesAt ? formatKst(hold.releasesAt, locale) : "—",
            })}
          </p>
          <p className="mt-1 text-xs">{t("krwHoldNote")}</p>
        </div>
      )}
    </div>
  );
}

/** A blocked exchange (an administrator must reset the address) or a personal wallet still to be proven. */
function DestinationNotice({ status }: { status: WithdrawStatus }) {
  const t = useTranslations("Wallet.limits");
  const exchangeName = useExchangeName();
  const d = status.destination;
  if (!d) return null;
  const box = "rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900";
  if (d.status === "BLOCKED")
    return (
      <div role="status" data-testid="destination-blocked" className={box}>
        <p className="font-semibold">{t("blockedTitle")}</p>
        <p>{t("blocked", { exchange: exchangeName({ exchange: d.exchange, personal: d.kind === "PERSONAL" }) })}</p>
      </div>
    );
  if (d.verified) return null;
  return (
    <div role="status" data-testid="destination-unverified" className={box}>
      <p className="font-semibold">{t("unverifiedTitle")}</p>
      <p>{t("unverified")}</p>
      <AppLink href="/settings" className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        {t("verifyLink")}
      </AppLink>
    </div>
  );
}
