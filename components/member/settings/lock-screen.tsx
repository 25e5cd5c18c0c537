"use client";

/**
 * Settings → 계정 잠금 (the panic button, lib/account/freeze.ts). Not frozen: what locking does, and one button that
 * locks at once (this page is the confirmation; the new-device notification's link opens it with
 * `?from=notification`). The answer ends every session, this one too, so the browser leaves for the public
 * /account-locked page with a full navigation. Frozen (the member signed in again): since when, and the unlock form —
 * the password, and a code when two-factor is on; unlocking starts the 24-hour cool-down, whose end is shown.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { AppLink } from "@/components/ui/app-link";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import type { FreezeStateDto } from "@/lib/account/dto";
import { api } from "@/lib/client/api";

export const freezeKey = ["account", "freeze"] as const;

/** "2031. 1. 2. 오후 2:30" / "Jan 2, 2031, 2:30 PM" in Korean time. */
const kst = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale === "en" ? "en-US" : "ko-KR", {
    timeZone: "Asia/Seoul",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));

export function LockScreen() {
  const t = useTranslations("Freeze");
  const state = useQuery({ queryKey: freezeKey, queryFn: () => api<FreezeStateDto>("/api/account/freeze") });
  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/settings" backLabel={t("back")} title={t("title")} />
      {!state.data ? (
        <p className="text-sm text-gray-600">{t("loading")}</p>
      ) : state.data.frozen ? (
        <UnlockForm state={state.data} />
      ) : (
        <LockConfirm />
      )}
    </main>
  );
}

function LockConfirm() {
  const t = useTranslations("Freeze");
  const errorText = useErrorText();
  const search = useSearchParams();
  const fromNotification = search.get("from") === "notification";
  const lock = useMutation({
    mutationFn: () =>
      api<{ next: string }>("/api/account/freeze", {
        method: "POST",
        body: { from: fromNotification ? "notification" : "settings" },
      }),
    // Signed out everywhere, here too: a full navigation drops every cached screen of the member.
    onSuccess: (r) => window.location.assign(r.next),
  });
  return (
    <section className="flex flex-col gap-4" aria-labelledby="lock-intro">
      {fromNotification && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{t("fromNotification")}</p>
      )}
      <p id="lock-intro" className="font-semibold">
        {t("intro")}
      </p>
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-gray-700">
        <li>{t("effects.signOut")}</li>
        <li>{t("effects.noSend")}</li>
        <li>{t("effects.unlock")}</li>
        <li>{t("effects.keep")}</li>
      </ul>
      {lock.isError && <FormAlert>{errorText(lock.error)}</FormAlert>}
      <Button variant="danger" size="lg" loading={lock.isPending} onClick={() => lock.mutate()}>
        {lock.isPending ? t("confirming") : t("confirm")}
      </Button>
      <AppLink
        href="/settings"
        className="inline-flex min-h-12 w-full items-center justify-center rounded-xl border border-gray-300 px-4 py-3 font-semibold text-gray-900 hover:bg-gray-50"
      >
        {t("cancel")}
      </AppLink>
    </section>
  );
}

function UnlockForm({ state }: { state: FreezeStateDto }) {
  const t = useTranslations("Freeze");
  const locale = useLocale();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [until, setUntil] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: () =>
      api<{ cooldownUntil: string }>("/api/account/unfreeze", {
        method: "POST",
        body: state.twoFactor ? { password, otp } : { password },
      }),
    onSuccess: (r) => {
      setUntil(r.cooldownUntil);
      setPassword("");
      setOtp("");
    },
  });
  if (until)
    return (
      <section className="flex flex-col gap-4">
        <p role="status" className="rounded-xl bg-emerald-50 px-3 py-3 text-sm font-medium text-emerald-900">
          {t("unlocked", { until: kst(until, locale) })}
        </p>
        <AppLink
          href="/wallet"
          onClick={() => void qc.invalidateQueries()}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand px-4 py-3 font-semibold text-white hover:bg-black"
        >
          {t("toWallet")}
        </AppLink>
      </section>
    );
  return (
    <section className="flex flex-col gap-4" aria-labelledby="frozen-title">
      <div className="rounded-xl border border-rose-200 bg-rose-50 px-3 py-3">
        <h2 id="frozen-title" className="font-bold text-rose-900">
          {t("frozenTitle")}
        </h2>
        {state.frozenAt && (
          <p className="mt-1 text-sm text-rose-900">{t("frozenSince", { at: kst(state.frozenAt, locale) })}</p>
        )}
      </div>
      <form
        className="flex flex-col gap-3"
        aria-labelledby="unlock-title"
        onSubmit={(e) => {
          e.preventDefault();
          unlock.mutate();
        }}
      >
        <h2 id="unlock-title" className="text-lg font-bold">
          {t("unlockTitle")}
        </h2>
        <p className="text-sm text-gray-700">{t("unlockHint")}</p>
        <PasswordInput label={t("password")} value={password} onValueChange={setPassword} required />
        {state.twoFactor && (
          <Input
            label={t("code")}
            hint={t("codeHint")}
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            inputMode="text"
            autoComplete="one-time-code"
            required
          />
        )}
        {unlock.isError && <FormAlert>{errorText(unlock.error)}</FormAlert>}
        <Button type="submit" size="lg" loading={unlock.isPending} disabled={!password}>
          {t("unlock")}
        </Button>
      </form>
    </section>
  );
}
