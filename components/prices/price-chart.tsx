"use client";

/**
 * WLD/KRW area chart with range buttons 1일 / 1주 / 1개월 (1h × 24, 1d × 7, 1w × 4 candles): the frame, the
 * range buttons, the change figure and the loading, error and sample states. The drawing (./chart-drawing.ts:
 * lightweight-charts, about 60 kB gzip, its options and axis labels in the page's language, never `23일` in
 * English) is fetched only once the chart is near the screen and the browser is idle after hydration. The line
 * is red when the range rose and blue when it fell.
 */
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { isLocale, type Locale } from "@/lib/i18n/config";
import { CHANGE_COLORS, changeDirection, kstDateTime } from "@/lib/prices/display";
import type { ChartHandle } from "./chart-drawing";
import { changeTone } from "./price-card";
import { CHART_RANGES, type ChartRange, useWldChartQuery } from "./queries";

/** Resolves when the browser has a quiet moment (hydration and the first paint's work done), at most `ms` later. */
function whenIdle(ms = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: ms });
    else setTimeout(resolve, 1);
  });
}

/** Resolves once `el` is within a screen's height of the viewport (at once where IntersectionObserver is missing). */
function whenNearScreen(el: Element, signal: { cancelled: boolean }): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const io = new IntersectionObserver(
      (entries) => {
        if (signal.cancelled || entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          resolve();
        }
      },
      { rootMargin: "100% 0px" },
    );
    io.observe(el);
  });
}

export function PriceChart({ initialRange = "1d", className = "" }: { initialRange?: ChartRange; className?: string }) {
  const t = useTranslations("Prices");
  const raw = useLocale();
  const locale: Locale = isLocale(raw) ? raw : "ko";
  const [range, setRange] = useState<ChartRange>(initialRange);
  const q = useWldChartQuery(range);
  const box = useRef<HTMLElement>(null);
  const drawn = useRef<ChartHandle | null>(null);
  const [ready, setReady] = useState(false);

  // Create the chart once, on the client only (the library needs a canvas), when it comes near the screen.
  useEffect(() => {
    const signal = { cancelled: false };
    const el = box.current;
    if (!el) return;
    // The library's evaluation and the chart's creation are one long task: not while the page hydrates.
    void whenNearScreen(el, signal)
      .then(() => whenIdle())
      .then(() => import("./chart-drawing"))
      .then(({ drawChart }) => {
        if (signal.cancelled || !box.current) return;
        drawn.current = drawChart(box.current, locale);
        setReady(true);
      });
    return () => {
      signal.cancelled = true;
      drawn.current?.remove();
      drawn.current = null;
    };
  }, [locale]);

  const data = q.data?.range === range ? q.data : undefined;
  useEffect(() => {
    if (!ready || !drawn.current || !q.data) return;
    drawn.current.paint(q.data);
  }, [ready, q.data]);

  const rangeName = t(`range.${range}`);
  const change = data?.changePercent;
  return (
    <section className={`rounded-2xl bg-white p-3 ${className}`} aria-label={t("chartLabel", { range: rangeName })}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-gray-600">
          {t("changeLabel", { range: rangeName })}{" "}
          {change === undefined ? (
            <span className="skeleton inline-block h-3 w-10 align-middle" />
          ) : (
            <span
              className={`font-semibold tabular-nums ${changeTone(change)}`}
              data-testid="chart-change"
              data-direction={changeDirection(change)}
            >
              {t("change", { sign: change > 0 ? "+" : "", value: change.toFixed(2) })}
            </span>
          )}
        </span>
        <fieldset className="flex gap-1" aria-label={t("rangeGroup")}>
          {CHART_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => setRange(r)}
              className={`min-h-11 min-w-11 rounded-lg px-3 text-xs font-semibold ${
                range === r ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-700"
              }`}
            >
              {t(`range.${r}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="relative h-48 w-full">
        {/* A figure, not role="img": the library puts its focusable attribution link inside this box. */}
        <figure
          ref={box}
          className="absolute inset-0"
          aria-label={t("chartLabel", { range: rangeName })}
          data-line-color={data ? CHANGE_COLORS[changeDirection(data.changePercent)] : undefined}
        />
        {(!ready || !data) && !q.isError && <div className="skeleton absolute inset-0" aria-hidden="true" />}
        {q.isError && !q.data && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-gray-600">
            <span>{t("loadFailed")}</span>
            <button
              type="button"
              className="min-h-11 rounded-lg bg-gray-200 px-3 font-semibold text-gray-800"
              onClick={() => q.refetch()}
            >
              {t("retry")}
            </button>
          </div>
        )}
      </div>
      {data?.seeded ? (
        <p className="mt-1 text-xs text-gray-600" data-testid="chart-sample-note">
          <strong className="font-semibold text-amber-900">{t("sample")}</strong> · {t("sampleNote")}
        </p>
      ) : (
        data?.stale && (
          <p className="mt-1 text-xs text-gray-600">
            {t("asOf", { time: kstDateTime(new Date(data.updatedAt), locale) })}
          </p>
        )
      )}
    </section>
  );
}
