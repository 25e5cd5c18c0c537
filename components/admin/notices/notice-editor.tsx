"use client";

/**
 * The console's notice form (/admin/notices): category, pinned, Korean and English title and body (markdown),
 * published from / until in KST (datetime-local read as Asia/Seoul wall time, sent as `…+09:00`), with a live
 * preview rendered exactly as members see it (components/notices/notice-markdown.tsx: no HTML). Two columns at
 * 1280 px (form | preview), one at 390 px.
 */
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorText } from "@/components/admin/kit/dialog";
import { NoticeMarkdown } from "@/components/notices/notice-markdown";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { api } from "@/lib/client/api";
import { type AdminNotice, NOTICE_CATEGORIES, type NoticeCategory } from "@/lib/notices/dto";
import { Checkbox, Field, Select } from "@/components/admin/kit/fields";

export type NoticeForm = {
  category: NoticeCategory;
  titleKo: string;
  titleEn: string;
  bodyKo: string;
  bodyEn: string;
  pinned: boolean;
  from: string;
  until: string;
};

/** A markdown body is long: the field shows seven lines. */
const BODY_ROWS = 7;
const KST_MS = 9 * 3600_000;
/** An ISO instant as the KST wall time a datetime-local input shows ("2030-01-01T09:00"). */
export const kstInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + KST_MS).toISOString().slice(0, 16) : "";
/** A datetime-local value read as KST, as ISO with its offset; empty → null. */
const fromKstInput = (v: string) => (v ? `${v}:00+09:00` : null);

export const emptyForm = (): NoticeForm => ({
  category: "general",
  titleKo: "",
  titleEn: "",
  bodyKo: "",
  bodyEn: "",
  pinned: false,
  from: kstInput(new Date().toISOString()),
  until: "",
});

export const formOf = (n: AdminNotice): NoticeForm => ({
  category: n.category,
  titleKo: n.titleKo,
  titleEn: n.titleEn,
  bodyKo: n.bodyKo,
  bodyEn: n.bodyEn,
  pinned: n.pinned,
  from: kstInput(n.publishedFrom),
  until: kstInput(n.publishedUntil),
});

export function NoticeEditor({
  editing,
  initial,
  onDone,
  onCancel,
}: {
  /** The notice being changed, or null for a new one. */
  editing: AdminNotice | null;
  initial: NoticeForm;
  onDone: (saved: AdminNotice) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("NoticesAdmin");
  const errorText = useErrorText();
  const [form, setForm] = useState<NoticeForm>(initial);
  const [lang, setLang] = useState<"ko" | "en">("ko");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof NoticeForm>(k: K) =>
    (v: NoticeForm[K]) =>
      setForm((f) => ({ ...f, [k]: v }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const body = {
      category: form.category,
      titleKo: form.titleKo,
      titleEn: form.titleEn,
      bodyKo: form.bodyKo,
      bodyEn: form.bodyEn,
      pinned: form.pinned,
      ...(form.from ? { publishedFrom: fromKstInput(form.from) } : {}),
      publishedUntil: fromKstInput(form.until),
    };
    try {
      const saved = editing
        ? await api<AdminNotice>(`/api/admin/notices/${editing.id}`, { method: "PATCH", body })
        : await api<AdminNotice>("/api/admin/notices", { method: "POST", body });
      onDone(saved);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const previewTitle = lang === "en" && form.titleEn.trim() ? form.titleEn : form.titleKo;
  const previewBody = lang === "en" && form.bodyEn.trim() ? form.bodyEn : form.bodyKo;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gray-200 bg-white p-4"
      data-testid="notice-editor"
    >
      <h2 id={headingId} className="mb-3 break-keep text-lg font-bold">
        {editing ? t("editOf", { title: editing.titleKo }) : t("new")}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <form onSubmit={(e) => void save(e)} className="flex min-w-0 flex-col gap-3 break-keep" noValidate>
          <div className="flex flex-wrap items-end gap-4">
            <Select
              label={t("field.category")}
              value={form.category}
              onChange={(v) => set("category")(v as NoticeCategory)}
              options={NOTICE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
            />
            <Checkbox label={t("field.pinned")} checked={form.pinned} onChange={set("pinned")} />
          </div>
          <Field label={t("field.titleKo")} value={form.titleKo} onChange={set("titleKo")} testId="notice-title-ko" />
          <Field
            label={t("field.bodyKo")}
            value={form.bodyKo}
            onChange={set("bodyKo")}
            rows={BODY_ROWS}
            mono
            hint={t("field.bodyHint")}
            testId="notice-body-ko"
          />
          <Field
            label={t("field.titleEn")}
            value={form.titleEn}
            onChange={set("titleEn")}
            hint={t("field.enHint")}
            testId="notice-title-en"
          />
          <Field
            label={t("field.bodyEn")}
            value={form.bodyEn}
            onChange={set("bodyEn")}
            rows={BODY_ROWS}
            mono
            testId="notice-body-en"
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("field.from")} value={form.from} onChange={set("from")} type="datetime-local" />
            <Field label={t("field.until")} value={form.until} onChange={set("until")} type="datetime-local" />
          </div>
          {error && <FormAlert>{error}</FormAlert>}
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button type="submit" size="sm" loading={busy}>
              {editing ? t("save") : t("publish")}
            </Button>
          </div>
        </form>
        <div className="flex min-w-0 flex-col gap-2" data-testid="notice-preview">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-gray-700">{t("preview")}</h3>
            <fieldset className="flex gap-1">
              <legend className="sr-only">{t("preview")}</legend>
              {(["ko", "en"] as const).map((l) => (
                <button
                  key={l}
                  type="button"
                  aria-pressed={lang === l}
                  onClick={() => setLang(l)}
                  className={`min-h-9 rounded-lg px-3 text-xs ${lang === l ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-900"}`}
                >
                  {t(l === "ko" ? "previewKo" : "previewEn")}
                </button>
              ))}
            </fieldset>
          </div>
          <div className="min-h-40 rounded-xl border border-dashed border-gray-300 p-4">
            {previewBody.trim() || previewTitle.trim() ? (
              <>
                <p className="mb-2 break-keep break-words text-lg font-bold">{previewTitle}</p>
                <NoticeMarkdown source={previewBody} className="text-sm" />
              </>
            ) : (
              <p className="text-sm text-gray-600">{t("previewEmpty")}</p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
