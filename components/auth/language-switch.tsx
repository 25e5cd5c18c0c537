"use client";

import { useLocale, useTranslations } from "next-intl";
import { LOCALE_COOKIE as COOKIE, LOCALE_COOKIE_MAX_AGE as THIRTY_DAYS } from "@/lib/i18n/config";
import { KoreaFlag, UsFlag } from "./flags";

/** English sets NEXT_LOCALE=en for 30 days; Korean clears it; then the page reloads (as the spec has it). */
export function setLanguage(locale: "ko" | "en") {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the translation cookie is read by the server (next-intl)
  document.cookie =
    locale === "en"
      ? `${COOKIE}=en; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax${secure}`
      : `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  window.location.reload();
}

/** The Korean and English flag buttons (accessible names 한국어 / English). */
export function LanguageSwitch() {
  const t = useTranslations("Auth.login");
  const locale = useLocale();
  return (
    <fieldset className="flex items-center justify-center gap-2">
      <legend className="sr-only">{t("language")}</legend>
      {(
        [
          ["ko", KoreaFlag, t("korean")],
          ["en", UsFlag, t("english")],
        ] as const
      ).map(([code, Flag, name]) => (
        <button
          key={code}
          type="button"
          aria-label={name}
          aria-pressed={locale === code}
          onClick={() => setLanguage(code)}
          className={`flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm ${
            locale === code ? "border-black font-semibold" : "border-gray-300 text-gray-600"
          }`}
        >
          <Flag className="h-4 w-6 rounded-[2px]" />
          <span aria-hidden="true">{name}</span>
        </button>
      ))}
    </fieldset>
  );
}
