"use client";

/**
 * Sign-ups per KST day (the last 30 days) as a lightweight-charts histogram. Days are drawn as UTC midnight of
 * the KST date, so the axis shows the KST day. The library's attribution logo stays on (its licence asks for it).
 */
import type { IChartApi, ISeriesApi, UTCTimestamp } from "lightweight-charts";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

export type SignupDay = { day: string; count: number };

/** A day drawn as UTC midnight of its KST date → "11/23". */
const monthDay = (time: unknown) => {
  const d = new Date(Number(time) * 1000);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
};

export function SignupsChart({ days }: { days: SignupDay[] | undefined }) {
  const t = useTranslations("Admin.dashboard");
  const box = useRef<HTMLElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<"Histogram"> | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    void import("lightweight-charts").then(({ createChart, HistogramSeries }) => {
      if (disposed || !box.current) return;
      const c = createChart(box.current, {
        autoSize: true,
        layout: { attributionLogo: true, background: { color: "transparent" }, textColor: "#4b5563", fontSize: 11 },
        grid: { vertLines: { visible: false }, horzLines: { color: "#f3f4f6" } },
        rightPriceScale: { borderVisible: false },
        // Days as M/D: the library's default labels use CJK glyphs the canvas font may not have.
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, tickMarkFormatter: monthDay },
        handleScroll: false,
        handleScale: false,
        localization: { priceFormatter: (p: number) => String(Math.round(p)), timeFormatter: monthDay },
      });
      series.current = c.addSeries(HistogramSeries, { color: "#111827", priceLineVisible: false });
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

  useEffect(() => {
    if (!ready || !series.current || !chart.current || !days) return;
    series.current.setData(
      days.map((d) => ({ time: (Date.parse(`${d.day}T00:00:00Z`) / 1000) as UTCTimestamp, value: d.count })),
    );
    chart.current.timeScale().fitContent();
  }, [ready, days]);

  const total = days?.reduce((s, d) => s + d.count, 0);
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-4" aria-labelledby="signups-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="signups-title" className="font-semibold break-keep">
          {t("signups")}
        </h2>
        {total !== undefined && (
          <span className="text-sm text-gray-600 tabular-nums" data-testid="signups-total">
            {t("signupsTotal", { count: total })}
          </span>
        )}
      </div>
      <div className="relative h-56 w-full">
        {/* A figure, not role="img": the library puts its focusable attribution link inside this box. */}
        <figure ref={box} className="absolute inset-0" aria-label={t("signupsChart")} />
        {(!ready || !days) && <div className="skeleton absolute inset-0" aria-hidden="true" />}
      </div>
    </section>
  );
}
