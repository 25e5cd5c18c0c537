"use client";

/**
 * WLD/KRW area chart with range buttons 1일 / 1주 / 1개월 (1h × 24, 1d × 7, 1w × 4 candles).
 * lightweight-charts draws times as UTC, so points are shifted to KST (+9 h) before drawing.
 * The library's attribution logo stays on (its licence asks for it).
 */
import type { IChartApi, ISeriesApi, UTCTimestamp } from "lightweight-charts";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { ChartDto } from "@/lib/prices/dto";
import { changeTone } from "./price-card";
import { CHART_RANGES, type ChartRange, useWldChartQuery } from "./queries";

const KST_OFFSET_S = 9 * 3600;
const UP = "#e11d48";
const DOWN = "#2563eb";

export function toChartData(points: ChartDto["points"]) {
  return points.map((p) => ({ time: (Date.parse(p.time) / 1000 + KST_OFFSET_S) as UTCTimestamp, value: p.value }));
}

export function PriceChart({ initialRange = "1d", className = "" }: { initialRange?: ChartRange; className?: string }) {
  const t = useTranslations("Prices");
  const format = useFormatter();
  const [range, setRange] = useState<ChartRange>(initialRange);
  const q = useWldChartQuery(range);
  const box = useRef<HTMLElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<"Area"> | null>(null);
  const [ready, setReady] = useState(false);

  // Create the chart once, on the client only (the library needs a canvas).
  useEffect(() => {
    let disposed = false;
    void import("lightweight-charts").then(({ createChart, AreaSeries }) => {
      if (disposed || !box.current) return;
      const c = createChart(box.current, {
        autoSize: true,
        layout: { attributionLogo: true, background: { color: "transparent" }, textColor: "#6b7280", fontSize: 11 },
        grid: { vertLines: { visible: false }, horzLines: { color: "#f3f4f6" } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
        handleScroll: false,
        handleScale: false,
        localization: { priceFormatter: (p: number) => `₩${Math.round(p).toLocaleString("ko-KR")}` },
      });
      series.current = c.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false });
      chart.current = c;
      setReady(true);
    });
    return () => {
      disposed = true;
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  const data = q.data?.range === range ? q.data : undefined;
  useEffect(() => {
    if (!ready || !series.current || !chart.current || !q.data) return;
    const colour = q.data.changePercent < 0 ? DOWN : UP;
    series.current.applyOptions({ lineColor: colour, topColor: `${colour}55`, bottomColor: `${colour}05` });
    series.current.setData(toChartData(q.data.points));
    chart.current.applyOptions({ timeScale: { timeVisible: q.data.range === "1d", secondsVisible: false } });
    chart.current.timeScale().fitContent();
  }, [ready, q.data]);

  const rangeName = t(`range.${range}`);
  const change = data?.changePercent;
  return (
    <section className={`rounded-2xl bg-white p-3 ${className}`} aria-label={t("chartLabel", { range: rangeName })}>
      <div className="mb-2 flex items-center justify-between">
        <span className="text-xs text-gray-500">
          {t("changeLabel", { range: rangeName })}{" "}
          {change === undefined ? (
            <span className="skeleton inline-block h-3 w-10 align-middle" />
          ) : (
            <span className={`font-semibold ${changeTone(change)}`} data-testid="chart-change">
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
              className={`rounded-lg px-3 py-1 text-xs font-semibold ${
                range === r ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-600"
              }`}
            >
              {t(`range.${r}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="relative h-48 w-full">
        {/* A figure, not role="img": the library puts its focusable attribution link inside this box. */}
        <figure ref={box} className="absolute inset-0" aria-label={t("chartLabel", { range: rangeName })} />
        {(!ready || !data) && !q.isError && <div className="skeleton absolute inset-0" aria-hidden="true" />}
        {q.isError && !q.data && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-gray-500">
            <span>{t("loadFailed")}</span>
            <button type="button" className="rounded-lg bg-gray-200 px-2 py-1" onClick={() => q.refetch()}>
              {t("retry")}
            </button>
          </div>
        )}
      </div>
      {data?.stale && (
        <p className="mt-1 text-xs text-gray-500">
          {t("asOf", { time: format.dateTime(new Date(data.updatedAt), { dateStyle: "short", timeStyle: "short" }) })}
        </p>
      )}
    </section>
  );
}
