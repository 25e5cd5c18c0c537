"use client";

// /login: userId + password, link to sign-up, language flags. The spec's texts, verbatim, said
// under the field they are about (aria-invalid + aria-describedby, no dialog per error); a locked account
// is told when it opens again (429 LOGIN_LOCKED, the time in KST); ?next= brings a member back to the page their
// ended session left.
// The page is prerendered (app/lang/[locale]/layout.tsx): only the notice above the form reads the address, inside
// its own Suspense, so the form itself is in the HTML.
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useRef, useState } from "react";
import { LanguageSwitch } from "@/components/auth/language-switch";
import { AuthSwitchLink } from "@/components/auth/switch-link";
import { type CompletedLogin, LoginCodeStep } from "@/components/two-factor/login-code-step";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { isAdminRole } from "@/lib/auth/permissions";
import { NEXT_PARAM, safeNextPath } from "@/lib/next-path";

// The maintenance banner loads after the page (React.lazy): nothing added to the first load.
const MaintenanceBanner = lazy(() => import("@/components/maintenance/maintenance-banner"));
const LOGIN_FEATURES = ["login"] as const;

type LoginAnswer = { userId?: string; role?: string; error?: string; code?: string; twoFactorRequired?: boolean };
/** Texts under the fields; `emptyPassword` marks a second empty field without saying the sentence twice. */
type LoginErrors = { userId?: string; password?: string; emptyPassword?: boolean };

/** Why the member is here: the console turned them away, or their session ended on a page they will return to. */
function LoginNotice() {
  const t = useTranslations("Auth.login");
  const search = useSearchParams();
  // Shown once, as this banner (not also as a native alert).
  if (search.get("denied") === "admin")
    return (
      <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
        {t("adminOnly")}
      </p>
    );
  if (safeNextPath(search.get(NEXT_PARAM))) return <p className="text-sm text-gray-600">{t("returnHint")}</p>;
  return null;
}

export default function LoginPage() {
  const t = useTranslations("Auth.login");
  const router = useRouter();
  const [userId, setUserId] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  // Two-factor on: the password was right, the code comes next (lib/auth/two-factor.ts).
  const [codeStep, setCodeStep] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  // Too many failed logins: the server's sentence with the time it opens (LOGIN_LOCKED).
  const [locked, setLocked] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (name: "userId" | "password") =>
    formRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();

  function finish(data: CompletedLogin) {
    const next = safeNextPath(new URLSearchParams(window.location.search).get(NEXT_PARAM));
    // Display hints only: the server decides from its session cookie.
    try {
      localStorage.setItem("userId", data.userId ?? "");
      localStorage.setItem("role", data.role ?? "USER");
    } catch {}
    const admin = isAdminRole(data.role);
    // The console is no page to send a member back to: they would only be turned away again.
    const back = next && (admin || !(next === "/admin" || next.startsWith("/admin/"))) ? next : null;
    router.replace(back ?? (admin ? "/admin" : "/home"));
    router.refresh();
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    setLocked(null);
    if (!userId.trim() || !password) {
      // The spec's one sentence under the first empty field; both empty fields are marked.
      const first = userId.trim() ? "password" : "userId";
      setErrors(first === "userId" ? { userId: t("required"), emptyPassword: !password } : { password: t("required") });
      focusField(first);
      return;
    }
    setErrors({});
    setBusy(true);
    let res: Response;
    try {
      res = await fetch("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ userId: userId.trim(), password }),
      });
    } catch {
      setBusy(false);
      setFormError(t("network"));
      return;
    }
    let data: LoginAnswer = {};
    try {
      data = (await res.json()) as LoginAnswer;
    } catch {}
    if (res.ok && data.twoFactorRequired) {
      setBusy(false);
      setCodeStep(true);
      return;
    }
    if (!res.ok || !data.userId) {
      setBusy(false);
      if (data.code === "LOGIN_LOCKED" && data.error) {
        setLocked(data.error);
        return;
      }
      const text = t("failed", { error: data.error || t("unknownError") });
      if (data.code === "INVALID_CREDENTIALS") {
        setErrors({ password: text });
        focusField("password");
      } else setFormError(text);
      return;
    }
    finish(data);
  }

  return (
    <main className="flex min-h-dvh flex-col gap-8 p-6">
      <div className="mt-16 flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Suspense fallback={null}>
          <LoginNotice />
        </Suspense>
        <Suspense fallback={null}>
          <MaintenanceBanner features={LOGIN_FEATURES} />
        </Suspense>
      </div>
      {codeStep ? (
        <LoginCodeStep
          onDone={finish}
          onRestart={() => {
            setCodeStep(false);
            setPassword("");
          }}
        />
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Input
            label={t("userId")}
            name="userId"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={userId}
            error={errors.userId}
            onChange={(e) => {
              setUserId(e.target.value);
              setErrors((x) => ({ ...x, userId: undefined }));
            }}
          />
          <PasswordInput
            label={t("password")}
            name="password"
            value={password}
            error={errors.password}
            aria-invalid={errors.password || errors.emptyPassword ? true : undefined}
            onValueChange={(v) => {
              setPassword(v);
              setErrors((x) => ({ ...x, password: undefined, emptyPassword: false }));
            }}
          />
          {locked && (
            <div role="alert" className="flex flex-col gap-1 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
              <p className="text-sm font-semibold">{t("lockedTitle")}</p>
              <p className="break-keep text-sm" data-testid="login-locked">
                {locked}
              </p>
            </div>
          )}
          {formError && <FormAlert>{formError}</FormAlert>}
          <Button type="submit" size="lg" loading={busy} className="mt-2">
            {t("submit")}
          </Button>
        </form>
      )}
      <AuthSwitchLink prompt={t("noAccount")} href="/signup" label={t("toSignup")} />
      <div className="mt-auto">
        <LanguageSwitch />
      </div>
    </main>
  );
}
