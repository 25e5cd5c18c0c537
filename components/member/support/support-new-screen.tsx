"use client";

/**
 * /support/new: a new inquiry — a topic, the question (a live character count) and up to three images with
 * previews. The server's refusal (its code's message in the member's language) is shown at the form; on success a
 * toast and the new inquiry's thread.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { INQUIRY_CATEGORIES, INQUIRY_MAX_TEXT, type InquiryDetailDto } from "@/lib/support/dto";
import { ImagePicker } from "./image-picker";
import { INQUIRIES_KEY } from "./support-list-screen";

export function SupportNewScreen() {
  const t = useTranslations("Support");
  const errorText = useErrorText();
  const toast = useToast();
  const router = useRouter();
  const qc = useQueryClient();
  const id = useId();
  const [category, setCategory] = useState("");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () => {
      const fd = new FormData();
      fd.append("category", category);
      fd.append("text", text);
      for (const f of files) fd.append("images", f, f.name);
      return api<InquiryDetailDto>("/api/inquiries", { method: "POST", body: fd });
    },
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: INQUIRIES_KEY });
      toast(t("submitted"), { kind: "success" });
      router.push(`/support/view?id=${r.id}`);
    },
  });
  const length = [...text].length;
  const error = problem ?? (send.isError ? errorText(send.error) : null);

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/support" backLabel={t("back")} title={t("newTitle")} />
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          send.mutate();
        }}
        noValidate
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium text-gray-700">
            {t("categoryLabel")}
          </label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            required
            className="min-h-12 rounded-xl border border-gray-300 bg-white px-3 py-3 text-base focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
            data-testid="support-category"
          >
            <option value="">{t("categoryPlaceholder")}</option>
            {INQUIRY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-gray-700">
            {t("textLabel")}
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={7}
            required
            aria-describedby={`${id}-text-hint ${id}-text-count`}
            className="rounded-xl border border-gray-300 px-4 py-3 text-base focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
            data-testid="support-text"
          />
          <div className="flex items-start justify-between gap-2 text-xs text-gray-600">
            <p id={`${id}-text-hint`}>{t("textHint", { max: INQUIRY_MAX_TEXT })}</p>
            <p
              id={`${id}-text-count`}
              className={`shrink-0 tabular-nums ${length > INQUIRY_MAX_TEXT ? "font-semibold text-rose-700" : ""}`}
            >
              {t("counter", { count: length, max: INQUIRY_MAX_TEXT })}
            </p>
          </div>
        </div>
        <ImagePicker files={files} onChange={setFiles} onProblem={setProblem} disabled={send.isPending} />
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" size="lg" loading={send.isPending} data-testid="support-submit">
          {t("submit")}
        </Button>
      </form>
    </main>
  );
}
