"use client";

/**
 * /admin/maintenance — 점검 관리 (lib/maintenance): every feature with its state (정상 운영 / 점검 중 / 예정 종료 시각
 * 지남), a pause form (reason in Korean and English, expected end in KST) and resume, and the history. Pausing and
 * resuming publish notices and are audited on the server.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { AdminDialog, InputProblem, useErrorText } from "@/components/admin/ui/admin-dialog";
import { Field } from "@/components/admin/ui/fields";
import { kstDateTime } from "@/components/admin/ui/format";
import { PageHeader, QueryRows, TableBox, td, th } from "@/components/admin/ui/table";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";
import type { AdminMaintenance, AdminPause } from "@/lib/maintenance/dto";
import { type Feature, featureKey } from "@/lib/maintenance/features";

const KEY = ["admin", "maintenance"];
const tdWrap = td.replace("whitespace-nowrap", "whitespace-normal break-keep");
const BADGE = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1";

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
  const untilId = useId();

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
      <span className={`${BADGE} bg-emerald-50 text-emerald-800 ring-emerald-200`}>{t("running")}</span>
    ) : (
      <span className="inline-flex flex-col items-start gap-1">
        <span className={`${BADGE} bg-amber-50 text-amber-900 ring-amber-300`}>{t("paused")}</span>
        {p.overdue && <span className={`${BADGE} bg-rose-50 text-rose-800 ring-rose-200`}>{t("overdue")}</span>}
      </span>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="max-w-3xl break-keep text-sm text-gray-600">{t("intro")}</p>
      <h2 className="text-lg font-semibold">{t("featuresHeading")}</h2>
      <TableBox label={t("featuresHeading")}>
        <thead>
          <tr>
            <th className={th}>{t("colFeature")}</th>
            <th className={th}>{t("colState")}</th>
            <th className={th}>{t("colReason")}</th>
            <th className={th}>{t("colUntil")}</th>
            <th className={th}>{t("colAction")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={data} cols={5} count={features.length} empty={t("loadError")} errorText={errorText}>
            {features.map(({ feature, pause }) => (
              <tr key={feature} data-testid={`maintenance-${feature}`}>
                <td className={`${td} font-medium`}>{name(feature)}</td>
                <td className={td}>{state(pause)}</td>
                <td className={tdWrap}>
                  {pause ? (
                    <span className="block max-w-[18rem]">
                      {pause.reasonKo}
                      <span className="block text-xs text-gray-600" lang="en">
                        {pause.reasonEn}
                      </span>
                    </span>
                  ) : (
                    "—"
                  )}
                </td>
                <td className={`${td} tabular-nums`}>{pause ? kstDateTime(pause.until) : "—"}</td>
                <td className={td}>
                  {pause ? (
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
                  )}
                </td>
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>

      <h2 className="text-lg font-semibold">{t("historyHeading")}</h2>
      <TableBox label={t("historyHeading")}>
        <thead>
          <tr>
            <th className={th}>{t("colFeature")}</th>
            <th className={th}>{t("colReason")}</th>
            <th className={th}>{t("colPausedAt")}</th>
            <th className={th}>{t("colUntil")}</th>
            <th className={th}>{t("colResumedAt")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={data} cols={5} count={history.length} empty={t("noHistory")} errorText={errorText}>
            {history.map((p) => (
              <tr key={p.id}>
                <td className={`${td} font-medium`}>{name(p.feature)}</td>
                <td className={tdWrap}>
                  <span className="line-clamp-2 block max-w-[16rem]">{p.reasonKo}</span>
                </td>
                <td className={`${td} tabular-nums`}>
                  {kstDateTime(p.pausedAt)}
                  {p.pausedBy && <span className="block text-xs text-gray-600">{p.pausedBy.userId}</span>}
                </td>
                <td className={`${td} tabular-nums`}>{kstDateTime(p.until)}</td>
                <td className={`${td} tabular-nums`}>
                  {p.resumedAt ? kstDateTime(p.resumedAt) : t("stillOpen")}
                  {p.resumedBy && <span className="block text-xs text-gray-600">{p.resumedBy.userId}</span>}
                </td>
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>

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
              <div className="flex flex-col gap-1">
                <label htmlFor={untilId} className="text-sm font-medium text-gray-700">
                  {t("untilLabel")}
                </label>
                <input
                  id={untilId}
                  type="datetime-local"
                  value={form.until}
                  aria-describedby={`${untilId}-hint`}
                  onChange={(e) => setForm((f) => ({ ...f, until: e.target.value }))}
                  className="w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm tabular-nums outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
                />
                <p id={`${untilId}-hint`} className="text-xs text-gray-600">
                  {t("untilHint")}
                </p>
              </div>
            </>
          ) : (
            <p className="text-sm break-keep">{t("resumeBody")}</p>
          )}
        </AdminDialog>
      )}
    </div>
  );
}
