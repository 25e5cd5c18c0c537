"use client";

// /signup: refCode prefilled from ?refCode=, checked by GET /api/users/by-refcode before submitting.
// Each problem is said under its field (the spec's texts, aria-invalid + aria-describedby), all at once,
// and the first such field takes the focus; the required fields carry a `*`; a server refusal that names a field
// (a taken user ID, a wrong referral code, …) is shown there too. An invite link (?refCode=) skipped the welcome
// page's terms: the form shows them, and it is not sent until they are agreed. Success is still the spec's alert.
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNoticeDialog } from "@/components/auth/notice-dialog";
import {
  checkSignup,
  fieldOfServerError,
  firstErrorSlot,
  type SignupErrors,
  type SignupField,
  type SignupForm,
  type SignupSlot,
} from "@/components/auth/signup-rules";
import { AuthSwitchLink } from "@/components/auth/switch-link";
import { TermsModal } from "@/components/auth/terms-modal";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";

// The maintenance banner loads after the page (React.lazy): nothing added to the first load.
const MaintenanceBanner = lazy(() => import("@/components/maintenance/maintenance-banner"));
const SIGNUP_FEATURES = ["signup"] as const;

type ServerError = { error?: string; code?: string; field?: string };

async function readError(res: Response): Promise<ServerError> {
  try {
    return (await res.json()) as ServerError;
  } catch {
    return {};
  }
}

/**
 * An invite link's ?refCode= into the form. The page is prerendered (app/lang/[locale]/layout.tsx), so only this
 * reads the address, inside its own Suspense, and the form itself is in the HTML.
 */
function RefCodeFromAddress({ onCode }: { onCode: (code: string) => void }) {
  const code = useSearchParams().get("refCode");
  useEffect(() => {
    if (code) onCode(code);
  }, [code, onCode]);
  return null;
}

export default function SignupPage() {
  const t = useTranslations("Auth.signup");
  const tw = useTranslations("Welcome");
  const router = useRouter();
  const [form, setForm] = useState<SignupForm>({
    name: "",
    userId: "",
    password: "",
    passwordConfirm: "",
    phone: "",
    refCode: "",
  });
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Reached through an invite link: the terms the welcome page asks for are asked here.
  const [invited, setInvited] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const termsId = useId();
  const slots = useRef<Partial<Record<SignupSlot, HTMLInputElement | null>>>({});
  // What the member typed wins over the link.
  const fillRefCode = useCallback((code: string) => {
    setInvited(true);
    setForm((f) => (f.refCode ? f : { ...f, refCode: code }));
  }, []);
  const [busy, setBusy] = useState(false);
  const { notify, dialog } = useNoticeDialog();

  const show = (next: SignupErrors) => {
    setErrors(next);
    const first = firstErrorSlot(next);
    if (first) slots.current[first]?.focus();
  };

  /** name, value, error and change handler of one form field (the field's name is its key). */
  const field = (k: SignupField) => ({
    name: k,
    value: form[k],
    error: errors[k],
    ref: (el: HTMLInputElement | null) => {
      slots.current[k] = el;
    },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setForm((f) => ({ ...f, [k]: value }));
      if (errors[k]) setErrors(({ [k]: _gone, ...rest }) => rest);
    },
  });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = checkSignup(
      form,
      {
        required: t("required"),
        requiredField: t("requiredField"),
        invalidUserId: t("invalidUserId"),
        mismatch: t("mismatch"),
        invalidPhone: t("invalidPhone"),
        agreeFirst: tw("agreeFirst"),
      },
      { asked: invited, agreed },
    );
    if (firstErrorSlot(found)) {
      show(found);
      return;
    }
    setErrors({});
    const refCode = form.refCode.trim();
    setBusy(true);
    try {
      const check = await fetch(`/api/users/by-refcode/${encodeURIComponent(refCode)}`, { credentials: "same-origin" });
      if (!check.ok) {
        show({ refCode: (await readError(check)).error || t("invalidRefCode") });
        return;
      }
      const res = await fetch("/api/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({
          name: form.name.trim(),
          userId: form.userId.trim(),
          password: form.password,
          bankNumber: "",
          walletAddr: "",
          phone: form.phone.trim(),
          refId: refCode,
          Cert: "",
        }),
      });
      if (!res.ok) {
        const err = await readError(res);
        const at = fieldOfServerError(err.code, err.field);
        if (at && err.error) show({ [at]: err.error });
        else setFormError(t("failed", { error: err.error || t("unknownError") }));
        return;
      }
      notify(t("success"), () => router.push("/login"));
    } catch {
      setFormError(t("network"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-dvh flex-col gap-6 p-6">
      <div className="mt-10 flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-xs text-gray-500">{t("requiredLegend")}</p>
        <Suspense fallback={null}>
          <MaintenanceBanner features={SIGNUP_FEATURES} />
        </Suspense>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Input label={t("name")} autoComplete="name" requiredMark {...field("name")} />
        <Input
          label={t("userId")}
          {...field("userId")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t("userIdHint")}
          requiredMark
        />
        <Input
          label={t("password")}
          {...field("password")}
          type="password"
          autoComplete="new-password"
          hint={t("passwordHint")}
          requiredMark
        />
        <Input
          label={t("passwordConfirm")}
          {...field("passwordConfirm")}
          type="password"
          autoComplete="new-password"
          requiredMark
        />
        <Input
          label={t("phone")}
          {...field("phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="010-1234-5678"
          hint={t("optional")}
        />
        <Input
          label={t("refCode")}
          {...field("refCode")}
          autoCapitalize="characters"
          spellCheck={false}
          hint={t("refCodeHint")}
          requiredMark
        />
        {invited && (
          <section aria-labelledby={`${termsId}-intro`} className="flex flex-col gap-2 rounded-xl bg-gray-50 p-4">
            <p id={`${termsId}-intro`} className="break-keep text-sm text-gray-700">
              {t("inviteTerms")}
            </p>
            <div className="flex items-start gap-3">
              <input
                id={termsId}
                ref={(el) => {
                  slots.current.terms = el;
                }}
                type="checkbox"
                checked={agreed}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? `${termsId}-error` : `${termsId}-updated`}
                aria-required
                onChange={(e) => {
                  setAgreed(e.target.checked);
                  if (e.target.checked) setErrors(({ terms: _gone, ...rest }) => rest);
                }}
                className="mt-0.5 h-6 w-6 shrink-0 accent-black"
              />
              <div className="flex flex-1 flex-col gap-1">
                <label htmlFor={termsId} className="text-sm font-medium">
                  {tw("agree")}
                </label>
                <p id={`${termsId}-updated`} className="text-xs text-gray-500">
                  {tw("termsUpdated")}
                </p>
              </div>
              <button
                type="button"
                onClick={() => setTermsOpen(true)}
                className="-my-2 -mr-2 min-h-11 shrink-0 rounded-lg px-2 text-sm text-accent underline underline-offset-2"
              >
                {tw("viewTerms")}
              </button>
            </div>
            {errors.terms && (
              <p id={`${termsId}-error`} role="alert" className="text-sm text-rose-600">
                {errors.terms}
              </p>
            )}
          </section>
        )}
        {formError && <FormAlert>{formError}</FormAlert>}
        <Button type="submit" size="lg" loading={busy} className="mt-2">
          {t("submit")}
        </Button>
      </form>
      <AuthSwitchLink prompt={t("haveAccount")} href="/login" label={t("toLogin")} className="pb-6" />
      <Suspense fallback={null}>
        <RefCodeFromAddress onCode={fillRefCode} />
      </Suspense>
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
      {dialog}
    </main>
  );
}
