"use client";

// The last resort's screen (app/global-error.tsx renders the document around it and loads this only when the
// root layout itself has failed): no translation provider is there. The texts are Common.errorPage's
// (lib/i18n/global-error-text.ts); the language comes from the NEXT_LOCALE cookie, as on the server.
import { useEffect, useState } from "react";
import { StatusPage } from "@/components/ui/status-page";
import { GLOBAL_ERROR_TEXT } from "@/lib/i18n/global-error-text";

export default function GlobalErrorScreen({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const [locale, setLocale] = useState<"ko" | "en">("ko");
  useEffect(() => {
    console.error(error);
    if (/(?:^|;\s*)NEXT_LOCALE=en(?:;|$)/.test(document.cookie)) {
      setLocale("en");
      document.documentElement.lang = "en";
    }
  }, [error]);
  const t = GLOBAL_ERROR_TEXT[locale];
  return (
    <div className="app-shell">
      <StatusPage title={t.title} body={t.body}>
        <button
          type="button"
          onClick={reset}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand px-4 py-3 text-base font-semibold text-white"
        >
          {t.retry}
        </button>
        {/* A full page load: the root layout is what failed, so client navigation cannot help. */}
        <a href="/home" className="text-center text-sm font-semibold text-accent underline underline-offset-2">
          {t.home}
        </a>
      </StatusPage>
    </div>
  );
}
