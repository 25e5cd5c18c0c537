/**
 * How prices and their times read on screen (client-safe; the chart, the price card and their tests).
 * Times are shown in Korea's time zone; English texts say so ("KST"), Korean ones need not.
 * The chart library draws its times as UTC, so chart times arrive here already shifted by +9 h
 * (components/prices/chart-drawing.ts toChartData) and are read back as UTC.
 */
import type { Locale } from "@/lib/i18n/config";

export const KST = "Asia/Seoul";
const intlLocale = (locale: Locale) => (locale === "en" ? "en-US" : "ko-KR");

/**
 * A moment in Korea's time on the 24-hour clock, as every other time in the app: `2026. 11. 23. 14:00`,
 * `Nov 23, 2026, 14:00 KST`. Not `timeStyle`: ICU versions disagree on the Korean day period (the server's ICU 78
 * prints "PM 2:00", Chromium's "오후 2:00"), and a server-rendered time the browser formats differently is a
 * hydration error (React #418 on /home while prices were stale).
 */
export function kstDateTime(date: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    year: "numeric",
    month: locale === "en" ? "short" : "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: KST,
  }).format(date);
  return locale === "en" ? `${text} KST` : text;
}

/** Korean market colours: a rise is red, a fall is blue, no change grey (in every language). */
export const CHANGE_COLORS = { up: "#be123c", down: "#2563eb", flat: "#6b7280" } as const;

export function changeDirection(changePercent: number): keyof typeof CHANGE_COLORS {
  if (changePercent > 0) return "up";
  if (changePercent < 0) return "down";
  return "flat";
}
