"use client";

// /login (spec §2, §4, §5, §8): userId + password, link to sign-up, language flags. The spec's alert texts,
// verbatim, in one in-app alertdialog; ?next= brings a member back to the page their ended session left.
// The page is prerendered (app/lang/[locale]/layout.tsx): only the notice above the form reads the address, inside
// its own Suspense, so the form itself is in the HTML.
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useState } from "react";
import { LanguageSwitch } from "@/components/auth/language-switch";
import { useNoticeDialog } from "@/components/auth/notice-dialog";
import { AuthSwitchLink } from "@/components/auth/switch-link";
import { type CompletedLogin, LoginCodeStep } from "@/components/two-factor/login-code-step";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { isAdminRole } from "@/lib/auth/permissions";
import { NEXT_PARAM, safeNextPath } from "@/lib/next-path";

type LoginAnswer = { userId?: string; role?: string; error?: string; twoFactorRequired?: boolean };

/** Why the member is here: the console turned them away, or their session ended on a page they will return to. */
function LoginNotice() {
  const t = useTranslations("Auth.login");
  const search = useSearchParams();
  // Shown once, as this banner (it used to be a native alert as well).
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
  const { notify, dialog } = useNoticeDialog();

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
    if (!userId.trim() || !password) {
      notify(t("required"));
      return;
    }
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
      notify(t("network"));
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
      notify(t("failed", { error: data.error || t("unknownError") }));
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
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Input
            label={t("userId")}
            name="userId"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
          <PasswordInput label={t("password")} name="password" value={password} onValueChange={setPassword} />
          <Button type="submit" size="lg" loading={busy} className="mt-2">
            {t("submit")}
          </Button>
        </form>
      )}
      <AuthSwitchLink prompt={t("noAccount")} href="/signup" label={t("toSignup")} />
      <div className="mt-auto">
        <LanguageSwitch />
      </div>
      {dialog}
    </main>
  );
}
