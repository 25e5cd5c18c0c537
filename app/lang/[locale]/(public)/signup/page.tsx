"use client";

// /signup (spec §2, §5, §8): refCode prefilled from ?refCode=, checked by GET /api/users/by-refcode before submitting.
// The spec's alert texts, verbatim, in one in-app alertdialog (useNoticeDialog), never the browser's alert().
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useCallback, useEffect, useState } from "react";
import { useNoticeDialog } from "@/components/auth/notice-dialog";
import { AuthSwitchLink } from "@/components/auth/switch-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const USERID = /^[A-Za-z0-9]+$/;

async function readError(res: Response): Promise<string> {
  try {
    const data = (await res.json()) as { error?: string };
    return data.error ?? "";
  } catch {
    return "";
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
  const router = useRouter();
  const [form, setForm] = useState({
    name: "",
    userId: "",
    password: "",
    passwordConfirm: "",
    phone: "",
    refCode: "",
  });
  // What the member typed wins over the link.
  const fillRefCode = useCallback((code: string) => setForm((f) => (f.refCode ? f : { ...f, refCode: code })), []);
  const [busy, setBusy] = useState(false);
  const { notify, dialog } = useNoticeDialog();
  /** name, value and change handler of one form field (the field's name is its key). */
  const field = (k: keyof typeof form) => ({
    name: k,
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value })),
  });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const refCode = form.refCode.trim();
    if (!form.name.trim() || !form.userId.trim() || !form.password || !form.passwordConfirm || !refCode) {
      notify(t("required"));
      return;
    }
    if (!USERID.test(form.userId.trim())) {
      notify(t("invalidUserId"));
      return;
    }
    if (form.password !== form.passwordConfirm) {
      notify(t("mismatch"));
      return;
    }
    setBusy(true);
    try {
      const check = await fetch(`/api/users/by-refcode/${encodeURIComponent(refCode)}`, { credentials: "same-origin" });
      if (!check.ok) {
        notify((await readError(check)) || t("invalidRefCode"));
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
        notify(t("failed", { error: (await readError(res)) || t("unknownError") }));
        return;
      }
      notify(t("success"), () => router.push("/login"));
    } catch {
      notify(t("network"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-dvh flex-col gap-6 p-6">
      <h1 className="mt-10 text-2xl font-bold">{t("title")}</h1>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Input label={t("name")} autoComplete="name" {...field("name")} />
        <Input
          label={t("userId")}
          {...field("userId")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t("userIdHint")}
        />
        <Input
          label={t("password")}
          {...field("password")}
          type="password"
          autoComplete="new-password"
          hint={t("passwordHint")}
        />
        <Input label={t("passwordConfirm")} {...field("passwordConfirm")} type="password" autoComplete="new-password" />
        <Input label={t("phone")} {...field("phone")} type="tel" autoComplete="tel" hint={t("optional")} />
        <Input label={t("refCode")} {...field("refCode")} autoCapitalize="characters" spellCheck={false} />
        <Button type="submit" size="lg" loading={busy} className="mt-2">
          {t("submit")}
        </Button>
      </form>
      <AuthSwitchLink prompt={t("haveAccount")} href="/login" label={t("toLogin")} className="pb-6" />
      <Suspense fallback={null}>
        <RefCodeFromAddress onCode={fillRefCode} />
      </Suspense>
      {dialog}
    </main>
  );
}
