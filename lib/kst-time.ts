/**
 * KST wall time of an ISO instant, whatever the browser's time zone, with the `KST` marker in both languages
 * (members abroad read the same times as the operators). Client-safe. `short` drops the year.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatKst(iso: string, locale: string, { short = false }: { short?: boolean } = {}): string {
  const tag = locale === "en" ? "en-US" : "ko-KR";
  const key = `${tag}|${short}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, {
      timeZone: "Asia/Seoul",
      year: short ? undefined : "numeric",
      month: tag === "en-US" ? "short" : "numeric",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(key, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : `${f.format(d)} KST`;
}
