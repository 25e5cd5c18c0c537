/**
 * The price chart's own labels: its time axis, crosshair and price axis in the page's language. Imported only by
 * components/prices/chart-drawing.ts, which loads when the chart is drawn, so no page's first load carries them.
 * Chart times arrive already shifted by +9 h (toChartData) and are read back as UTC.
 */
import type { Locale } from "@/lib/i18n/config";

const intlLocale = (locale: Locale) => (locale === "en" ? "en-US" : "ko-KR");

/** lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds. */
export type TickMark = 0 | 1 | 2 | 3 | 4;

/** A time-axis label for a chart time (seconds, already shifted to KST): `23일` in Korean, `Jul 23` in English. */
export function axisLabel(kstSeconds: number, tick: TickMark, locale: Locale): string {
  const d = new Date(kstSeconds * 1000);
  const utc = (opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale(locale), { ...opts, timeZone: "UTC" }).format(d);
  switch (tick) {
    case 0:
      return utc({ year: "numeric" });
    case 1:
      return utc({ month: "short" });
    case 2:
      return utc({ month: locale === "en" ? "short" : undefined, day: "numeric" });
    default:
      return utc({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }
}

/** The crosshair's time for a chart time (seconds, already shifted to KST): `11월 23일 14:00`, `Nov 23, 14:00 KST`. */
export function crosshairLabel(kstSeconds: number, locale: Locale): string {
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(new Date(kstSeconds * 1000));
  return locale === "en" ? `${text} KST` : text;
}

/** The chart's price axis: whole won with separators (`₩1,540`). */
export function priceAxisLabel(krw: number): string {
  return `₩${Math.round(krw).toLocaleString("ko-KR")}`;
}
