"use client";

/**
 * Where and how to pay a KRW deposit (the buy receipt and a pending deposit in the history): the operator's bank
 * account (GET /api/deposit-account), the exact KRW amount and the request's 입금자명, each with a copy button, and
 * until when the quote holds. The bank statement is matched by exactly this name and amount, so both are shown as
 * they must be typed. Loaded only with the buy modal and the history screen, never on /wallet's first load.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { api } from "@/lib/client/api";
import type { DepositAccountDto } from "@/lib/deposits/dto";
import { formatKst } from "@/lib/kst-time";
import { formatKrw } from "@/lib/money";
import { CopyButton } from "./copy-button";

/** Minutes and seconds left until `iso` (0:00 once passed), ticking every second while shown. */
function useTimeLeft(iso: string): { text: string; over: boolean } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const ms = Math.max(0, Date.parse(iso) - now);
  const s = Math.floor(ms / 1000);
  return { text: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`, over: ms === 0 };
}

function Row({
  label,
  value,
  copy,
  testId,
  strong,
}: {
  label: string;
  value: React.ReactNode;
  copy?: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-2 py-1">
      <dt className="text-gray-600">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right">
        <span className={`break-all tabular-nums ${strong ? "font-bold text-gray-900" : ""}`} data-testid={testId}>
          {value}
        </span>
        {copy !== undefined && <CopyButton text={copy} label={label} />}
      </dd>
    </div>
  );
}

export function DepositInstructions({
  krwAmount,
  depositorName,
  quoteExpiresAt,
}: {
  krwAmount: string;
  depositorName: string | null;
  quoteExpiresAt: string | null;
}) {
  const t = useTranslations("Wallet.payIn");
  const locale = useLocale();
  const titleId = useId();
  const account = useQuery({
    queryKey: ["deposit-account"],
    queryFn: () => api<DepositAccountDto>("/api/deposit-account"),
    staleTime: 60 * 60_000,
  });
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="pay-in">
      <h3 id={titleId} className="text-sm font-semibold">
        {t("title")}
      </h3>
      {account.isPending && (
        <div className="flex flex-col gap-2" aria-busy="true">
          <div className="skeleton h-5 w-3/4" />
          <div className="skeleton h-5 w-1/2" />
        </div>
      )}
      {account.isError && <FormAlert>{t("unavailable")}</FormAlert>}
      <dl className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white px-3 text-sm">
        {account.data && (
          <>
            <Row label={t("bank")} value={account.data.bank} testId="pay-in-bank" />
            <Row
              label={t("account")}
              value={account.data.account}
              copy={account.data.account}
              testId="pay-in-account"
            />
            <Row label={t("holder")} value={account.data.holder} testId="pay-in-holder" />
          </>
        )}
        <Row label={t("amount")} value={`₩${formatKrw(krwAmount)}`} copy={krwAmount} testId="pay-in-amount" strong />
        {depositorName && (
          <Row label={t("depositorName")} value={depositorName} copy={depositorName} testId="pay-in-name" strong />
        )}
        {quoteExpiresAt && <Expiry iso={quoteExpiresAt} locale={locale} />}
      </dl>
      <p className="text-xs text-gray-600">{t("note")}</p>
    </section>
  );
}

function Expiry({ iso, locale }: { iso: string; locale: string }) {
  const t = useTranslations("Wallet.payIn");
  const left = useTimeLeft(iso);
  return (
    <div className="flex justify-between gap-2 py-2">
      <dt className="text-gray-600">{t("expires")}</dt>
      <dd className="text-right tabular-nums">
        <span data-testid="pay-in-expiry">
          {t("expiresAt", { time: formatKst(iso, locale, { short: true }), left: left.text })}
        </span>
        {left.over && <span className="block text-xs font-semibold text-rose-700">{t("expired")}</span>}
      </dd>
    </div>
  );
}
