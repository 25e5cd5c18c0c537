"use client";

/**
 * The login's second step: after a right password with two-factor on, the code from the
 * authenticator app or a recovery code goes to POST /api/login/2fa, which starts the session. A timed-out
 * step (5 minutes) sends the member back to the password.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { OtpInput } from "./otp-input";

export type CompletedLogin = { userId?: string; role?: string };

export function LoginCodeStep({
  onDone,
  onRestart,
}: {
  onDone: (answer: CompletedLogin) => void;
  onRestart: () => void;
}) {
  const t = useTranslations("Auth.twoFactor");
  const tl = useTranslations("Auth.login");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(t("required"));
      return;
    }
    setBusy(true);
    setError(null);
    let res: Response;
    try {
      res = await fetch("/api/login/2fa", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ code: code.trim() }),
      });
    } catch {
      setBusy(false);
      setError(tl("network"));
      return;
    }
    let data: CompletedLogin & { error?: string; code?: string } = {};
    try {
      data = await res.json();
    } catch {}
    if (!res.ok || !data.userId) {
      setBusy(false);
      setCode("");
      if (data.code === "TWO_FACTOR_EXPIRED") {
        onRestart();
        return;
      }
      setError(data.error || tl("unknownError"));
      return;
    }
    onDone(data);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="login-2fa-title">
      <h2 id="login-2fa-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-gray-600">{t("intro")}</p>
      <OtpInput
        recovery
        label={t("codeLabel")}
        name="code"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" size="lg" loading={busy}>
        {t("submit")}
      </Button>
      <Button variant="ghost" onClick={onRestart} disabled={busy}>
        {t("restart")}
      </Button>
    </form>
  );
}
