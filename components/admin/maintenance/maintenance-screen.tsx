"use client";

/**
 * /admin/maintenance — 점검 관리 (lib/maintenance): every feature with its state (정상 운영 / 점검 중 / 예정 종료 시각
 * 지남), a pause form (reason in Korean and English, expected end in KST) and resume, and the history. Pausing and
 * resuming publish notices and are audited on the server.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AdminDialog, InputProblem, useErrorText } from "@/components/admin/kit/dialog";
import { Field } from "@/components/admin/kit/fields";
import { Pill } from "@/components/admin/kit/pill";
import { type Column, DataTable, PageHeader, timeColumn } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";
import type { AdminMaintenance, AdminPause } from "@/lib/maintenance/dto";
import { type Feature, featureKey } from "@/lib/maintenance/features";

const KEY = ["admin", "maintenance"];

/** `YYYY-MM-DDTHH:mm` of a datetime-local field, read as KST, as an ISO instant with its offset. */
const kstInput = (v: string) => (v ? `${v}:00+09:00` : "");
/** Two hours from now in KST, as a datetime-local value (the form's default). */
function defaultUntil(): string {
  const kst = new Date(Date.now() + 2 * 3_600_000 + 9 * 3_600_000);
  kst.setUTCMinutes(0, 0, 0);
  return kst.toISOString().slice(0, 16);
}

type Dialog = { kind: "pause"; feature: Feature } | { kind: "resume"; pause: AdminPause };

export function MaintenanceScreen() {
  const t = useTranslations("MaintenanceAdmin");
  const tf = useTranslations("Maintenance.feature");
  const name = (f: Feature) => tf(featureKey(f));
  const te = useTranslations("Errors");
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const data = useQuery({ queryKey: KEY, queryFn: () => api<AdminMaintenance>("/api/admin/maintenance") });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [form, setForm] = useState({ reasonKo: "", reasonEn: "", until: "" });

  const openPause = (feature: Feature) => {
    setForm({ reasonKo: "", reasonEn: "", until: defaultUntil() });
    setDialog({ kind: "pause", feature });
  };

  async function confirm() {
    if (!dialog) return;
    if (dialog.kind === "pause") {
      if (!form.reasonKo.trim() || !form.reasonEn.trim()) throw new InputProblem(te("REASON_REQUIRED"));
      await api("/api/admin/maintenance", {
        method: "POST",
        body: {
          feature: dialog.feature,
          reasonKo: form.reasonKo,
          reasonEn: form.reasonEn,
          until: kstInput(form.until),
        },
      });
      toast(t("paused_toast", { feature: name(dialog.feature) }), { kind: "success" });
    } else {
      await api(`/api/admin/maintenance/${dialog.pause.id}/resume`, { method: "POST", body: {} });
      toast(t("resumed_toast", { feature: name(dialog.pause.feature) }), { kind: "success" });
    }
    setDialog(null);
    await refreshQueries(qc, { queryKey: KEY });
  }

  const features = data.data?.features ?? [];
  const history = data.data?.history ?? [];
  const state = (p: AdminPause | null) =>
    !p ? (
      <Pill tone="bg-emerald-50 text-emerald-800 ring-emerald-200">{t("running")}</Pill>
    ) : (
      <span className="inline-flex flex-col items-start gap-1">
        <Pill tone="bg-amber-50 text-amber-900 ring-amber-300">{t("paused")}</Pill>
        {p.overdue && <Pill tone="bg-rose-50 text-rose-800 ring-rose-200">{t("overdue")}</Pill>}
      </span>
    );

  const featureColumns: Column<(typeof features)[number]>[] = [
    { key: "feature", header: t("colFeature"), cellAttrs: { className: "font-medium" }, cell: (f) => name(f.feature) },
    { key: "state", header: t("colState"), cell: (f) => state(f.pause) },
    {
      key: "reason",
      header: t("colReason"),
      wrap: true,
      cell: ({ pause }) =>
        pause ? (
          <span className="block max-w-[18rem]">
            {pause.reasonKo}
            <span className="block text-xs text-gray-600" lang="en">
              {pause.reasonEn}
            </span>
          </span>
        ) : (
          "—"
        ),
    },
    timeColumn("until", t("colUntil"), (f) => f.pause?.until),
    {
      key: "action",
      header: t("colAction"),
      cell: ({ feature, pause }) =>
        pause ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${t("resume")}: ${name(feature)}`}
            onClick={() => setDialog({ kind: "resume", pause })}
          >
            {t("resume")}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="danger"
            aria-label={`${t("pause")}: ${name(feature)}`}
            onClick={() => openPause(feature)}
          >
            {t("pause")}
          </Button>
        ),
    },
  ];
  const historyColumns: Column<(typeof history)[number]>[] = [
    { key: "feature", header: t("colFeature"), cellAttrs: { className: "font-medium" }, cell: (p) => name(p.feature) },
    {
      key: "reason",
      header: t("colReason"),
      wrap: true,
      cell: (p) => <span className="line-clamp-2 block max-w-[16rem]">{p.reasonKo}</span>,
    },
    timeColumn("pausedAt", t("colPausedAt"), (p) => p.pausedAt, { by: (p) => p.pausedBy?.userId }),
    timeColumn("until", t("colUntil"), (p) => p.until),
    timeColumn("resumedAt", t("colResumedAt"), (p) => p.resumedAt, {
      by: (p) => p.resumedBy?.userId,
      empty: t("stillOpen"),
    }),
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="max-w-3xl break-keep text-sm text-gray-600">{t("intro")}</p>
      <h2 className="text-lg font-semibold">{t("featuresHeading")}</h2>
      <DataTable
        label={t("featuresHeading")}
        columns={featureColumns}
        rows={features}
        rowKey={(f) => f.feature}
        rowAttrs={(f) => ({ "data-testid": `maintenance-${f.feature}` })}
        query={data}
        empty={t("loadError")}
        errorText={errorText}
      />

      <h2 className="text-lg font-semibold">{t("historyHeading")}</h2>
      <DataTable
        label={t("historyHeading")}
        columns={historyColumns}
        rows={history}
        rowKey={(p) => p.id}
        query={data}
        empty={t("noHistory")}
        errorText={errorText}
      />

      {dialog && (
        <AdminDialog
          open
          memo={false}
          title={
            dialog.kind === "pause"
              ? t("formTitle", { feature: name(dialog.feature) })
              : t("resumeTitle", { feature: name(dialog.pause.feature) })
          }
          confirmLabel={dialog.kind === "pause" ? t("confirmPause") : t("confirmResume")}
          danger={dialog.kind === "pause"}
          onClose={() => setDialog(null)}
          onConfirm={confirm}
        >
          {dialog.kind === "pause" ? (
            <>
              <Field
                label={t("reasonKo")}
                value={form.reasonKo}
                onChange={(reasonKo) => setForm((f) => ({ ...f, reasonKo }))}
              />
              <Field
                label={t("reasonEn")}
                value={form.reasonEn}
                onChange={(reasonEn) => setForm((f) => ({ ...f, reasonEn }))}
              />
              <Field
                label={t("untilLabel")}
                type="datetime-local"
                value={form.until}
                hint={t("untilHint")}
                onChange={(until) => setForm((f) => ({ ...f, until }))}
              />
            </>
          ) : (
            <p className="text-sm break-keep">{t("resumeBody")}</p>
          )}
        </AdminDialog>
      )}
    </div>
  );
}
