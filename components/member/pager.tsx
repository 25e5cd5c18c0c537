"use client";

import { useTranslations } from "next-intl";

/** Previous / "page x of y" / next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const t = useTranslations("History");
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pages")} className="flex items-center justify-between text-sm">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        className="rounded-lg border px-3 py-2 disabled:text-gray-300 border-gray-200"
      >
        {t("prev")}
      </button>
      <span aria-live="polite">{t("pageOf", { page, pages })}</span>
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        className="rounded-lg border px-3 py-2 disabled:text-gray-300 border-gray-200"
      >
        {t("next")}
      </button>
    </nav>
  );
}
