"use client";

/**
 * An inquiry's status as a chip (text, not colour alone) and, on the thread, the four steps 접수 → 답변 중 →
 * 답변 완료 → 종료 with the current one marked for screen readers (aria-current="step").
 */
import { useTranslations } from "next-intl";
import { INQUIRY_STATUSES, type InquiryStatus } from "@/lib/support/dto";

const TONE: Record<InquiryStatus, string> = {
  RECEIVED: "border-amber-300 bg-amber-50 text-amber-900",
  ANSWERING: "border-blue-300 bg-blue-50 text-blue-900",
  ANSWERED: "border-emerald-300 bg-emerald-50 text-emerald-900",
  CLOSED: "border-gray-300 bg-gray-100 text-gray-700",
};

export function StatusChip({ status }: { status: InquiryStatus }) {
  const t = useTranslations("Support");
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
      data-testid="inquiry-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

export function StatusSteps({ status }: { status: InquiryStatus }) {
  const t = useTranslations("Support");
  const at = INQUIRY_STATUSES.indexOf(status);
  return (
    <ol aria-label={t("steps")} className="flex flex-wrap items-center gap-1 text-xs">
      {INQUIRY_STATUSES.map((s, i) => (
        <li
          key={s}
          aria-current={i === at ? "step" : undefined}
          className={`flex items-center gap-1 ${i === at ? "font-bold text-gray-900" : i < at ? "text-gray-700" : "text-gray-500"}`}
        >
          {i > 0 && <span aria-hidden="true">→</span>}
          <span className={i === at ? "rounded bg-gray-900 px-1.5 py-0.5 text-white" : ""}>{t(`status.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}
