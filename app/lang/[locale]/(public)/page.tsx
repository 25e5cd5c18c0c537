"use client";

// Welcome: tagline, terms checkbox gating the sign-up and log-in buttons, the closable terms modal.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TermsModal } from "@/components/auth/terms-modal";
import { Logo } from "@/components/ui/logo";

export default function WelcomePage() {
  const t = useTranslations("Welcome");
  const router = useRouter();
  const [agreed, setAgreed] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const checkboxId = useId();
  const hintId = useId();

  return (
    <main className="flex min-h-dvh flex-col justify-between p-6">
      <div className="mt-24 flex flex-col gap-3">
        <Logo size={56} />
        <h1 className="text-3xl font-bold leading-snug">{t("tagline")}</h1>
      </div>

      <div className="flex flex-col gap-4">
        <div className="flex items-start gap-3 rounded-xl bg-gray-50 p-4">
          <input
            id={checkboxId}
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            className="mt-0.5 h-6 w-6 shrink-0 accent-black"
          />
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={checkboxId} className="text-sm font-medium">
              {t("agree")}
            </label>
            <p className="text-xs text-gray-500">{t("termsUpdated")}</p>
          </div>
          <button
            type="button"
            onClick={() => setTermsOpen(true)}
            className="-my-2 -mr-2 min-h-11 shrink-0 rounded-lg px-2 text-sm text-accent underline underline-offset-2"
          >
            {t("viewTerms")}
          </button>
        </div>
        {!agreed && (
          <p id={hintId} className="text-center text-xs text-gray-500">
            {t("agreeFirst")}
          </p>
        )}
        <Button
          size="lg"
          disabled={!agreed}
          aria-describedby={agreed ? undefined : hintId}
          onClick={() => router.push("/signup")}
        >
          {t("signup")}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          disabled={!agreed}
          aria-describedby={agreed ? undefined : hintId}
          onClick={() => router.push("/login")}
        >
          {t("login")}
        </Button>
      </div>

      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
    </main>
  );
}
