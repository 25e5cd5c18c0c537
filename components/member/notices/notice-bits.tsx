"use client";

/** Small pieces the notice screens share: the category chip and the unread ("새 공지") marker. */
import { useTranslations } from "next-intl";
import type { NoticeCategory } from "@/lib/notices/dto";

const CHIP: Record<NoticeCategory, string> = {
  general: "bg-gray-100 text-gray-800",
  maintenance: "bg-amber-100 text-amber-900",
  event: "bg-emerald-100 text-emerald-900",
  policy: "bg-blue-100 text-blue-900",
  security: "bg-red-100 text-red-900",
};

export function CategoryChip({ category }: { category: NoticeCategory }) {
  const t = useTranslations("Notices");
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${CHIP[category] ?? CHIP.general}`}
      data-testid="notice-category"
    >
      {t.has(`categories.${category}`) ? t(`categories.${category}`) : category}
    </span>
  );
}

/** The visible and spoken "새 공지" / "New" mark of an unread notice. */
export function NewMark() {
  const t = useTranslations("Notices");
  return (
    <span
      className="inline-flex shrink-0 items-center rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
      data-testid="notice-new"
    >
      {t("new")}
    </span>
  );
}
