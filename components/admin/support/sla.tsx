"use client";

/** The SLA clock of one inquiry: hours waited, and 기한 초과 in red with the word (never colour alone). */
import { useTranslations } from "next-intl";
import type { InquiryStatus, SlaDto } from "@/lib/support/dto";

export function SlaClock({ sla }: { sla: SlaDto }) {
  const t = useTranslations("SupportAdmin");
  if (sla.waitingHours === null) return <span className="text-gray-600">{t("notWaiting")}</span>;
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${sla.overdue ? "font-semibold text-rose-700" : "text-gray-800"}`}
      data-testid="sla-clock"
      data-overdue={sla.overdue ? "true" : "false"}
    >
      <span className="tabular-nums">{t("waitingHours", { hours: sla.waitingHours })}</span>
      <span
        className={`rounded-full border px-2 py-0.5 text-xs ${sla.overdue ? "border-rose-300 bg-rose-50" : "border-gray-300 bg-white"}`}
      >
        {sla.overdue ? t("overdue") : t("onTime")}
      </span>
    </span>
  );
}

const TONE: Record<InquiryStatus, string> = {
  RECEIVED: "border-amber-300 bg-amber-50 text-amber-900",
  ANSWERING: "border-blue-300 bg-blue-50 text-blue-900",
  ANSWERED: "border-emerald-300 bg-emerald-50 text-emerald-900",
  CLOSED: "border-gray-300 bg-gray-100 text-gray-700",
};

export function AdminStatus({ status }: { status: InquiryStatus }) {
  const t = useTranslations("SupportAdmin");
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
