"use client";

/** Page numbers in groups of 10 with `이전` / `다음` (the previous / next group); the current one is aria-current="page". */
import { useTranslations } from "next-intl";

export function Pager({
  page,
  total,
  limit,
  onPage,
  more = false,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (p: number) => void;
  /** The total is a lower bound (a capped count): `다음` stays open past it. */
  more?: boolean;
}) {
  const t = useTranslations("Admin.common");
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  const last = Math.max(pages, page);
  const start = Math.floor((page - 1) / 10) * 10 + 1;
  const end = Math.min(last, start + 9);
  const nums = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const btn = "min-w-9 rounded-lg border border-gray-200 px-2.5 py-1.5 text-sm tabular-nums disabled:text-gray-400";
  return (
    <nav aria-label={t("pages")} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={btn} disabled={start === 1} onClick={() => onPage(start - 1)}>
        {t("prev")}
      </button>
      {nums.map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? "page" : undefined}
          className={`${btn} ${n === page ? "border-gray-900 bg-gray-900 font-semibold text-white" : "bg-white"}`}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className={btn} disabled={end >= last && !more} onClick={() => onPage(end + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}
