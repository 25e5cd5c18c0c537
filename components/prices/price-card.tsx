"use client";

/**
 * The WLD price card (Home, Wallet's World tab): KRW price, 24-hour change coloured the Korean way
 * (up red, down blue), and a discreet "prices as of …" when the exchanges could not be reached.
 * A price too old to trust is shown as unavailable (SECURITY.md F30); the seeded demo history is
 * shown, marked as of its time.
 */
import { useFormatter, useTranslations } from "next-intl";
import { formatKrw } from "@/lib/money";
import type { PriceDto } from "@/lib/prices/dto";
import { useWldPriceQuery } from "./queries";

const MAX_DISPLAY_AGE_MS = 60 * 60 * 1000;

export function changeTone(changePercent: number): string {
  if (changePercent > 0) return "text-up";
  if (changePercent < 0) return "text-down";
  return "text-gray-500";
}

export function PriceCard({ className = "" }: { className?: string }) {
  const t = useTranslations("Prices");
  const format = useFormatter();
  const q = useWldPriceQuery();
  const data = q.data;

  if (!data) {
    return (
      <section className={`rounded-2xl bg-gray-50 p-4 ${className}`} aria-busy={q.isPending} aria-label={t("title")}>
        <p className="text-sm text-gray-500">{t("pair")}</p>
        {q.isError ? (
          <div className="mt-2 flex items-center gap-2 text-sm text-gray-500">
            <span>{t("loadFailed")}</span>
            <button type="button" className="rounded-lg bg-gray-200 px-2 py-1" onClick={() => q.refetch()}>
              {t("retry")}
            </button>
          </div>
        ) : (
          <>
            <div className="skeleton mt-2 h-8 w-40" />
            <span className="sr-only">{t("loading")}</span>
          </>
        )}
      </section>
    );
  }

  const updatedAt = new Date(data.updatedAt);
  const tooOld = !data.usable && !data.seeded && Date.now() - updatedAt.getTime() > MAX_DISPLAY_AGE_MS;
  const asOf = format.dateTime(updatedAt, { dateStyle: "short", timeStyle: "short" });
  return (
    <section className={`rounded-2xl bg-gray-50 p-4 ${className}`} aria-label={t("title")}>
      <p className="text-sm text-gray-500">{t("pair")}</p>
      {tooOld ? (
        <p className="mt-1 text-lg font-semibold text-gray-400" data-testid="wld-price-unavailable">
          {t("unavailable")}
        </p>
      ) : (
        <p className="mt-1 flex items-baseline gap-2">
          <span className="text-2xl font-bold" data-testid="wld-price">
            {t("price", { value: formatKrw(String(data.price)) })}
          </span>
          <ChangeBadge data={data} />
        </p>
      )}
      {data.stale && (
        <p className="mt-1 text-xs text-gray-400" data-testid="prices-as-of">
          {t("asOf", { time: asOf })}
        </p>
      )}
    </section>
  );
}

function ChangeBadge({ data }: { data: PriceDto }) {
  const t = useTranslations("Prices");
  const v = data.changePercent;
  return (
    <span className={`text-sm font-semibold ${changeTone(v)}`} title={t("changeLabel", { range: t("range.1d") })}>
      {t("change", { sign: v > 0 ? "+" : "", value: v.toFixed(2) })}
    </span>
  );
}
