"use client";

/**
 * The WLD price card (Home, Wallet's World tab): KRW price, 24-hour change coloured the Korean way
 * (up red, down blue, in every language), on tabular figures. While only the seeded demo history is
 * known (the exchanges were never reached), the card says plainly that these are sample prices.
 * When the exchanges could not be reached lately, a "prices as of …" line (KST) says how old they are;
 * a price too old to trust is shown as unavailable (SECURITY.md F30).
 */
import { useLocale, useTranslations } from "next-intl";
import { isLocale } from "@/lib/i18n/config";
import { formatKrwText } from "@/lib/money-text";
import { changeDirection, kstDateTime } from "@/lib/prices/display";
import type { PriceDto } from "@/lib/prices/dto";
import { useWldPriceQuery } from "./queries";

const MAX_DISPLAY_AGE_MS = 60 * 60 * 1000;
const TONES = { up: "text-up", down: "text-down", flat: "text-gray-600" } as const;

export function changeTone(changePercent: number): string {
  return TONES[changeDirection(changePercent)];
}

/** `예시 시세` / `Sample prices`: the seeded demo history, not a live quote. */
export function SampleBadge() {
  const t = useTranslations("Prices");
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      data-testid="prices-sample"
    >
      {t("sample")}
    </span>
  );
}

export function PriceCard({ className = "" }: { className?: string }) {
  const t = useTranslations("Prices");
  const raw = useLocale();
  const locale = isLocale(raw) ? raw : "ko";
  const q = useWldPriceQuery();
  const data = q.data;

  if (!data) {
    return (
      <section className={`rounded-2xl bg-gray-50 p-4 ${className}`} aria-busy={q.isPending} aria-label={t("title")}>
        <p className="text-sm text-gray-600">{t("pair")}</p>
        {q.isError ? (
          <div className="mt-2 flex items-center gap-2 text-sm text-gray-600">
            <span>{t("loadFailed")}</span>
            <button
              type="button"
              className="min-h-11 rounded-lg bg-gray-200 px-3 font-semibold text-gray-800"
              onClick={() => q.refetch()}
            >
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
  return (
    <section className={`rounded-2xl bg-gray-50 p-4 ${className}`} aria-label={t("title")}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-gray-600">{t("pair")}</p>
        {data.seeded && <SampleBadge />}
      </div>
      {tooOld ? (
        <p className="mt-1 text-lg font-semibold text-gray-600" data-testid="wld-price-unavailable">
          {t("unavailable")}
        </p>
      ) : (
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 tabular-nums">
          <span className="text-2xl font-bold" data-testid="wld-price">
            {t("price", { value: formatKrwText(data.price) })}
          </span>
          <ChangeBadge data={data} />
        </p>
      )}
      {data.seeded ? (
        <p className="mt-1 text-xs text-gray-600" data-testid="prices-sample-note">
          {t("sampleNote")}
        </p>
      ) : (
        data.stale && (
          <p className="mt-1 text-xs text-gray-600" data-testid="prices-as-of">
            {t("asOf", { time: kstDateTime(updatedAt, locale) })}
          </p>
        )
      )}
    </section>
  );
}

function ChangeBadge({ data }: { data: PriceDto }) {
  const t = useTranslations("Prices");
  const v = data.changePercent;
  return (
    <span
      className={`text-sm font-semibold ${changeTone(v)}`}
      data-testid="price-change"
      title={t("changeLabel", { range: t("range.1d") })}
    >
      {t("change", { sign: v > 0 ? "+" : "", value: v.toFixed(2) })}
    </span>
  );
}
