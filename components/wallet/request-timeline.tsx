"use client";

/**
 * A request's progress (issue 12: a list labelled `진행 상황` / "Progress"): every status change from
 * GET /api/transfer-requests/{id}/timeline, oldest first, and while the request is pending, the step it waits for —
 * a second administrator's approval when a deposit's first approval became a four-eyes proposal (`awaiting`).
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useErrorText } from "@/components/member/error-text";
import { FormAlert } from "@/components/ui/form-alert";
import type { TimelineEventDto } from "@/db/queries/requests";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";

export function RequestTimeline({
  id,
  status,
  updatedAt,
  awaiting,
}: {
  id: number;
  status: string;
  updatedAt: string;
  awaiting: boolean;
}) {
  const t = useTranslations("History");
  const locale = useLocale();
  const errorText = useErrorText();
  const q = useQuery({
    // The status and last change are part of the key: a cancel or decision shows its new step at once.
    queryKey: ["request-timeline", id, status, updatedAt],
    queryFn: () => api<TimelineEventDto[]>(`/api/transfer-requests/${id}/timeline`),
  });
  if (q.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <div className="skeleton h-5 w-3/4" />
        <div className="skeleton h-5 w-1/2" />
      </div>
    );
  if (q.isError) return <FormAlert>{errorText(q.error)}</FormAlert>;
  const when = (iso: string) => formatKst(iso, locale, { short: true });
  return (
    <ol aria-label={t("progress")} className="relative flex flex-col gap-3 border-l-2 border-gray-200 pl-4">
      {q.data.map((e, i) => (
        <li key={`${e.status}-${e.createdAt}-${i}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[23px] h-3 w-3 rounded-full border-2 border-white bg-gray-900"
          />
          <span className="block font-medium">{t(`events.${e.status}`)}</span>
          <span className="block text-xs text-gray-600">
            {when(e.createdAt)} · {t(`by.${e.by}`)}
            {e.reason && e.status !== "EXPIRED" ? ` · ${e.reason}` : ""}
          </span>
        </li>
      ))}
      {(status === "PENDING" || awaiting) && (
        <li className="relative" aria-current="step">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[23px] h-3 w-3 rounded-full border-2 border-gray-400 bg-white"
          />
          <span className="block text-gray-700">{awaiting ? t("awaitingApprovalStep") : t("nextStep")}</span>
        </li>
      )}
    </ol>
  );
}
