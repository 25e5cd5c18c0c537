"use client";

/**
 * Settings → 2단계 인증: the state; enrolment (the current password → QR code and manual key →
 * a code from the app → the ten recovery codes, shown once; the member's other devices are signed out); turning it
 * off with the current password and a code. An administrator sent here by the console (ADMIN_2FA=required) sees why.
 */
import { useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import type { Enrolment } from "@/lib/auth/two-factor";
import { formatKst } from "@/lib/kst-time";
import { OtpInput } from "./otp-input";
import { useConfirmEnrolment, useDisableTwoFactor, useStartEnrolment, useTwoFactorStatus } from "./queries";

const CODE = /^\d{6}$/;

export function TwoFactorScreen() {
  const t = useTranslations("TwoFactor");
  const search = useSearchParams();
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/settings" backLabel={t("back")} title={t("title")} />
      {search.get("required") === "admin" && !status.data?.enabled && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("adminRequired")}
        </p>
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enrolment ? (
        <EnrolSteps
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onDone={(codes) => {
            setEnrolment(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : status.isPending ? (
        <div className="skeleton h-40 w-full rounded-2xl" role="status" aria-busy="true" />
      ) : status.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-rose-200 bg-rose-50 p-4">
          <p className="text-sm text-rose-800">{t("loadFailed")}</p>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : status.data.enabled ? (
        <OnState enabledAt={status.data.enabledAt} recoveryCodesLeft={status.data.recoveryCodesLeft} />
      ) : (
        <OffState onStarted={setEnrolment} />
      )}
    </main>
  );
}

function StateBadge({ on }: { on: boolean }) {
  const t = useTranslations("TwoFactor");
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${on ? "bg-emerald-100 text-emerald-800" : "bg-gray-100 text-gray-700"}`}
      data-testid="two-factor-state"
    >
      {on ? t("stateOn") : t("stateOff")}
    </span>
  );
}

function OffState({ onStarted }: { onStarted: (e: Enrolment) => void }) {
  const t = useTranslations("TwoFactor");
  const errorText = useErrorText();
  const start = useStartEnrolment();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <form
      className="flex flex-col gap-4 rounded-2xl border border-gray-200 p-4"
      aria-labelledby="tf-off"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(!password);
        if (password) start.mutate(password, { onSuccess: onStarted, onError: () => setPassword("") });
      }}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="tf-off" className="font-semibold">
          {t("offTitle")}
        </h2>
        <StateBadge on={false} />
      </div>
      <p className="text-sm text-gray-600">{t("intro")}</p>
      <p className="text-sm text-gray-600">{t("startIntro")}</p>
      <PasswordInput label={t("currentPassword")} name="currentPassword" value={password} onValueChange={setPassword} />
      {(missing || start.isError) && (
        <FormAlert>{missing ? t("passwordRequired") : errorText(start.error, "processingFailed")}</FormAlert>
      )}
      <Button type="submit" size="lg" loading={start.isPending}>
        {t("start")}
      </Button>
    </form>
  );
}

function EnrolSteps({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: Enrolment;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const t = useTranslations("TwoFactor");
  const errorText = useErrorText();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const qrSrc = `data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`;

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const v = code.trim();
        if (!CODE.test(v)) {
          setFieldError(t("codeRequired"));
          return;
        }
        setFieldError(null);
        confirm.mutate(v, { onSuccess: (res) => onDone(res.recoveryCodes), onError: () => setCode("") });
      }}
    >
      <section className="flex flex-col items-center gap-3 rounded-2xl border border-gray-200 p-4">
        <h2 className="self-start font-semibold">{t("step1")}</h2>
        {/* The server drew it (qrcode); an <img> keeps its markup out of the page. */}
        <img
          src={qrSrc}
          alt={t("qrLabel")}
          width={192}
          height={192}
          className="h-48 w-48"
          data-testid="two-factor-qr"
        />
        <p className="self-start text-sm text-gray-600">{t("manualKey")}</p>
        <div className="flex w-full flex-col items-stretch gap-2 rounded-xl bg-gray-50 p-3">
          <span className="sr-only">{t("manualKeyLabel")}</span>
          <code className="text-center font-mono text-base tracking-wide" data-testid="two-factor-manual-key">
            {enrolment.manualKey}
          </code>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void navigator.clipboard?.writeText(enrolment.manualKey.replace(/\s/g, "")).then(() => setCopied(true));
            }}
          >
            {copied ? t("copied") : t("copyKey")}
          </Button>
        </div>
      </section>
      <section className="flex flex-col gap-3 rounded-2xl border border-gray-200 p-4">
        <h2 className="font-semibold">{t("step2")}</h2>
        <OtpInput
          label={t("codeLabel")}
          name="code"
          placeholder={t("codePlaceholder")}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          error={fieldError}
        />
        {confirm.isError && <FormAlert>{errorText(confirm.error, "processingFailed")}</FormAlert>}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            {t("confirm")}
          </Button>
        </div>
      </section>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("TwoFactor");
  const toast = useToast();
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-gray-200 p-4" aria-labelledby="tf-recovery">
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
        {t("turnedOn")}
      </p>
      <h2 id="tf-recovery" className="font-semibold">
        {t("recoveryTitle")}
      </h2>
      <p className="text-sm text-gray-600">{t("recoveryIntro")}</p>
      <ol
        aria-label={t("recoveryListLabel")}
        className="grid grid-cols-1 gap-1.5 rounded-xl bg-gray-50 p-3 font-mono text-base tabular-nums"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c} className="text-center">
            {c}
          </li>
        ))}
      </ol>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => toast(t("copied"), { kind: "success", durationMs: 2000 }));
          }}
        >
          {t("copyCodes")}
        </Button>
        <Button onClick={onDone}>{t("recoveryDone")}</Button>
      </div>
    </section>
  );
}

function OnState({ enabledAt, recoveryCodesLeft }: { enabledAt: string | null; recoveryCodesLeft: number }) {
  const t = useTranslations("TwoFactor");
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  return (
    <>
      <section className="flex flex-col gap-2 rounded-2xl border border-gray-200 p-4" aria-labelledby="tf-on">
        <div className="flex items-center justify-between gap-3">
          <h2 id="tf-on" className="font-semibold">
            {t("onTitle")}
          </h2>
          <StateBadge on />
        </div>
        {enabledAt && <p className="text-sm text-gray-600">{t("onSince", { date: formatKst(enabledAt, locale) })}</p>}
        <p className="text-sm text-gray-600" data-testid="recovery-left">
          {t("recoveryLeft", { count: recoveryCodesLeft })}
        </p>
      </section>
      <form
        className="flex flex-col gap-3 rounded-2xl border border-gray-200 p-4"
        aria-labelledby="tf-off-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!password || !code.trim()) {
            setFormError(t("fieldsRequired"));
            return;
          }
          setFormError(null);
          disable.mutate(
            { currentPassword: password, code: code.trim() },
            {
              onSuccess: () => {
                setPassword("");
                setCode("");
                toast(t("turnedOff"), { kind: "success", durationMs: 2500 });
              },
              onError: () => setCode(""),
            },
          );
        }}
      >
        <h2 id="tf-off-form" className="font-semibold">
          {t("turnOff")}
        </h2>
        <p className="text-sm text-gray-600">{t("turnOffIntro")}</p>
        <PasswordInput
          label={t("currentPassword")}
          name="currentPassword"
          value={password}
          onValueChange={setPassword}
        />
        <OtpInput
          recovery
          label={t("codeOrRecovery")}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {(formError || disable.isError) && (
          <FormAlert>{formError ?? errorText(disable.error, "processingFailed")}</FormAlert>
        )}
        <Button type="submit" variant="danger" loading={disable.isPending}>
          {t("turnOffConfirm")}
        </Button>
      </form>
    </>
  );
}
