/** KST wall time of an ISO instant, whatever the browser's zone, with the KST marker in both languages. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatKst(iso: string, locale: string): string {
  const key = locale === "en" ? "en-US" : "ko-KR";
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(key, {
      timeZone: "Asia/Seoul",
      year: "numeric",
      month: key === "en-US" ? "short" : "numeric",
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
