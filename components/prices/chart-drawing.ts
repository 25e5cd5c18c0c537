/**
 * The drawing half of the price chart (./price-chart.tsx keeps the frame, the range buttons and the states):
 * lightweight-charts itself, the chart's options and its axis labels in the page's language. Imported only
 * when the chart is about to be drawn, so none of it is in a page's first-load JavaScript.
 *
 * lightweight-charts draws times as UTC, so points are shifted to KST (+9 h) before drawing. The library's
 * attribution logo stays on (its licence asks for it).
 */
import { AreaSeries, createChart, type UTCTimestamp } from "lightweight-charts";
import type { Locale } from "@/lib/i18n/config";
import { axisLabel, crosshairLabel, priceAxisLabel, type TickMark } from "@/lib/prices/chart-labels";
import { CHANGE_COLORS, changeDirection } from "@/lib/prices/display";
import type { ChartDto } from "@/lib/prices/dto";

const KST_OFFSET_S = 9 * 3600;

export function toChartData(points: ChartDto["points"]) {
  return points.map((p) => ({ time: (Date.parse(p.time) / 1000 + KST_OFFSET_S) as UTCTimestamp, value: p.value }));
}

/** A drawn chart: paint a range's points into it, or remove it. */
export type ChartHandle = { paint: (data: ChartDto) => void; remove: () => void };

/** Creates the (empty) chart in `el`, sized to it. */
export function drawChart(el: HTMLElement, locale: Locale): ChartHandle {
  const chart = createChart(el, {
    autoSize: true,
    layout: {
      attributionLogo: true,
      background: { color: "transparent" },
      textColor: "#4b5563",
      fontSize: 11,
      // The page's font (Pretendard): the axis may carry Korean (23일), which the default stack lacks here.
      fontFamily: getComputedStyle(el).fontFamily,
    },
    grid: { vertLines: { visible: false }, horzLines: { color: "#f3f4f6" } },
    // Room above and below the line, so the top and bottom price labels are never cut.
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.12 }, minimumWidth: 64 },
    timeScale: {
      borderVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      tickMarkFormatter: (time: number, tick: TickMark) => axisLabel(time, tick, locale),
    },
    handleScroll: false,
    handleScale: false,
    localization: {
      locale: locale === "en" ? "en-US" : "ko-KR",
      priceFormatter: priceAxisLabel,
      timeFormatter: (time: number) => crosshairLabel(time, locale),
    },
  });
  const series = chart.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false });
  return {
    // Red when the range rose, blue when it fell.
    paint: (data) => {
      const colour = CHANGE_COLORS[changeDirection(data.changePercent)];
      series.applyOptions({ lineColor: colour, topColor: `${colour}55`, bottomColor: `${colour}05` });
      series.setData(toChartData(data.points));
      chart.applyOptions({ timeScale: { timeVisible: data.range === "1d", secondsVisible: false } });
      chart.timeScale().fitContent();
    },
    remove: () => chart.remove(),
  };
}
