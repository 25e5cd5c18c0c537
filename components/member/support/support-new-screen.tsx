"use client";

/**
 * /support/new: a new inquiry — a topic, the question (a live character count) and up to three images with
 * previews. The server's refusal (its code's message in the member's language) is shown at the form; on success a
 * toast and the new inquiry's thread.
 */
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { INQUIRY_CATEGORIES, INQUIRY_MAX_TEXT } from "@/lib/support/dto";
import { ImagePicker } from "./image-picker";
import { useInquiryPost } from "./use-inquiry-post";

export function SupportNewScreen() {
  const t = useTranslations("Support");
  const toast = useToast();
  const router = useRouter();
  const id = useId();
  const [category, setCategory] = useState("");
  const post = useInquiryPost({
    url: "/api/inquiries",
    fields: { category },
    onSent: (r) => {
      toast(t("submitted"), { kind: "success" });
      router.push(`/support/view?id=${r.id}`);
    },
  });
  const { text, setText, error } = post;
  const length = [...text].length;

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/support" backLabel={t("back")} title={t("newTitle")} />
      <form className="flex flex-col gap-4" onSubmit={post.submit} noValidate>
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
        <ImagePicker files={post.files} onChange={post.setFiles} onProblem={post.setProblem} disabled={post.busy} />
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" size="lg" loading={post.busy} data-testid="support-submit">
          {t("submit")}
        </Button>
      </form>
    </main>
  );
}
