"use client";

/**
 * Up to INQUIRY_MAX_IMAGES images for a message, with previews and a remove button each. The browser only screens
 * by declared type and size to help early; the server judges every file by its content (lib/kyc/image.ts).
 */
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef } from "react";
import { INQUIRY_MAX_IMAGES } from "@/lib/support/dto";

const MAX_BYTES = 10 * 1024 * 1024;

export function ImagePicker({
  files,
  onChange,
  onProblem,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  onProblem: (message: string | null) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("Support");
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );

  function add(list: FileList | null) {
    if (!list) return;
    const picked = [...list];
    if (input.current) input.current.value = "";
    for (const f of picked) {
      if (!/^image\/(jpeg|png)$/.test(f.type)) return onProblem(t("notImage", { name: f.name }));
      if (f.size > MAX_BYTES) return onProblem(t("tooBig", { name: f.name }));
    }
    if (files.length + picked.length > INQUIRY_MAX_IMAGES)
      return onProblem(t("tooManyImages", { max: INQUIRY_MAX_IMAGES }));
    onProblem(null);
    onChange([...files, ...picked]);
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-gray-700" id={`${inputId}-label`}>
        {t("imagesLabel")}
      </span>
      <p id={hintId} className="text-xs text-gray-600">
        {t("imagesHint", { max: INQUIRY_MAX_IMAGES })}
      </p>
      {files.length > 0 && (
        <ul className="grid grid-cols-3 gap-2" aria-labelledby={`${inputId}-label`}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="relative">
              <img
                src={urls[i]}
                alt={t("preview", { n: i + 1 })}
                className="aspect-square w-full rounded-lg border border-gray-200 object-cover"
              />
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t("removeImage", { name: f.name })}
                className="absolute top-1 right-1 flex h-11 w-11 items-center justify-center rounded-full bg-black/70 text-lg font-bold text-white focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length < INQUIRY_MAX_IMAGES && (
        <label
          htmlFor={inputId}
          className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-dashed border-gray-400 px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-within:outline-2 focus-within:outline-accent"
        >
          {t("addImages")}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png"
            multiple
            disabled={disabled}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(e) => add(e.target.files)}
            data-testid="support-images"
          />
        </label>
      )}
    </div>
  );
}
