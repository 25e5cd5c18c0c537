"use client";

/**
 * /verify (ID image upload): choose a jpg/jpeg/png of at most 10 MB, preview it,
 * confirm "신분증을 등록하시겠습니까?", upload with progress, then follow the status
 * (PENDING → APPROVED, or REJECTED with the reason and a button to submit a new image). A member who has
 * submitted nothing yet sees the three first steps; the register button waits until a file is chosen.
 */
import { useQueryClient } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { checkIdFile, idVerificationKey, uploadIdImage, useIdVerification } from "@/components/kyc/use-id-verification";
import { useMember } from "@/components/member/member-context";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { ApiError, goToLogin, isSessionEnded } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";
import { kstDateTime } from "@/lib/prices/display";

export default function VerifyPage() {
  const t = useTranslations("Verify");
  const format = useFormatter();
  const locale = useLocale();
  const member = useMember();
  const state = useIdVerification(member.userId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const inputId = useId();
  const errorId = useId();
  const needFileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const status = state.data?.idStatus ?? member.idStatus;
  const approved = status === "APPROVED";

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    const problem = checkIdFile(chosen);
    if (problem) {
      setFile(null);
      setError(chosen ? t(`errors.${problem}`) : null);
      e.target.value = "";
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const onSubmit = () => {
    const problem = checkIdFile(file);
    if (problem) {
      setError(t(`errors.${problem}`));
      return;
    }
    setConfirming(true);
  };

  const upload = async () => {
    setConfirming(false);
    if (!file) return;
    setProgress(0);
    setError(null);
    try {
      await uploadIdImage(file, setProgress);
      toast(t("uploaded"), { kind: "success" });
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
      await Promise.all([
        refreshQueries(queryClient, { queryKey: idVerificationKey(member.userId) }),
        refreshQueries(queryClient, { queryKey: ["profile", member.userId] }),
      ]);
    } catch (e) {
      if (isSessionEnded(e)) goToLogin();
      const message = e instanceof ApiError && e.message ? e.message : t("errors.uploadFailed");
      setError(message);
    } finally {
      setProgress(null);
    }
  };

  const sizeText = (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${format.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`
      : `${format.number(Math.ceil(bytes / 1024))} KB`;

  return (
    <main className="flex flex-col gap-4 p-4">
      <header className="flex items-center gap-2">
        <AppLink
          href="/world-id"
          aria-label={t("back")}
          className="-ml-2 flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
        >
          <Icon round>
            <path d="M15 18l-6-6 6-6" />
          </Icon>
        </AppLink>
        <h1 className="text-xl font-bold">{t("title")}</h1>
      </header>

      <p className="text-sm text-gray-600">{t("intro")}</p>

      {!state.isPending && status === "NONE" && (
        <section aria-labelledby="verify-first-step" className="rounded-2xl bg-gray-50 p-4" data-testid="first-step">
          <h2 id="verify-first-step" className="font-semibold">
            {t("firstStep.title")}
          </h2>
          <ol className="mt-3 flex flex-col gap-3">
            {(["step1", "step2", "step3"] as const).map((k, i) => (
              <li key={k} className="flex gap-3 text-sm text-gray-700">
                <span
                  aria-hidden="true"
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-gray-900 text-xs font-bold text-white"
                >
                  {i + 1}
                </span>
                <span>{t(`firstStep.${k}`)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section
        aria-labelledby="verify-status"
        className="rounded-2xl border border-gray-200 p-4"
        data-testid="verify-status"
      >
        <h2 id="verify-status" className="text-sm text-gray-500">
          {t("statusLabel")}
        </h2>
        {state.isPending ? (
          <div className="skeleton mt-2 h-6 w-32" />
        ) : (
          <>
            <p
              className={`mt-1 text-lg font-bold ${approved ? "text-emerald-700" : status === "REJECTED" ? "text-rose-700" : ""}`}
              data-status={status}
            >
              {t(`status.${status}`)}
            </p>
            <p className="text-sm text-gray-600">{t(`statusHelp.${status}`)}</p>
            {status === "REJECTED" && (
              <div className="mt-3 flex flex-col gap-3 rounded-xl bg-rose-50 p-3" data-testid="reject-reason">
                {state.data?.reason && (
                  <p className="text-sm text-rose-800">{t("rejectReason", { reason: state.data.reason })}</p>
                )}
                <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={progress !== null}>
                  {t("resubmit")}
                </Button>
              </div>
            )}
            {approved && state.data?.rewardReceived && (
              <p className="mt-1 text-sm font-semibold text-emerald-700">{t("rewardReceived")}</p>
            )}
            {state.data?.url && (
              <img
                src={state.data.url}
                alt={t("storedAlt")}
                className="mt-3 max-h-40 w-full rounded-xl border border-gray-200 object-contain"
              />
            )}
            {state.data?.submittedAt && (
              <p className="mt-1 text-xs text-gray-500">
                {t("submittedAt", {
                  // Built from numeric parts (lib/prices/display.ts): the same text whichever ICU formats it.
                  date: kstDateTime(new Date(state.data.submittedAt), locale === "en" ? "en" : "ko"),
                })}
              </p>
            )}
          </>
        )}
      </section>

      {!approved && !state.isPending && (
        <section className="flex flex-col gap-3">
          {status === "PENDING" && <p className="text-sm text-gray-500">{t("pendingReplaceHint")}</p>}
          <label
            htmlFor={inputId}
            className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-gray-300 p-6 text-center hover:bg-gray-50"
          >
            <span className="font-semibold">{file ? t("changeFile") : t("chooseFile")}</span>
            <span className="text-xs text-gray-500">{t("fileHint")}</span>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            className="sr-only"
            aria-describedby={error ? errorId : undefined}
            onChange={onChoose}
            disabled={progress !== null}
          />
          <p className="text-sm text-gray-600" data-testid="chosen-file">
            {file ? t("selectedFile", { name: file.name, size: sizeText(file.size) }) : t("noFile")}
          </p>
          {preview && (
            <img
              src={preview}
              alt={t("previewAlt")}
              className="max-h-64 w-full rounded-xl border border-gray-200 object-contain"
            />
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-rose-700">
              {error}
            </p>
          )}
          {progress !== null && (
            <div className="flex flex-col gap-1">
              <div
                role="progressbar"
                aria-label={t("progressLabel")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
              >
                <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <p className="text-xs text-gray-600" aria-live="polite">
                {t("uploading", { percent: progress })}
              </p>
            </div>
          )}
          {!file && (
            <p id={needFileId} className="text-center text-xs text-gray-500">
              {t("chooseFirst")}
            </p>
          )}
          <Button
            size="lg"
            onClick={onSubmit}
            loading={progress !== null}
            disabled={!file}
            aria-describedby={file ? undefined : needFileId}
          >
            {status === "PENDING" || status === "REJECTED" ? t("replace") : t("submit")}
          </Button>
        </section>
      )}

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("confirmTitle")}
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </Button>
            <Button className="flex-1" onClick={upload}>
              {t("confirm")}
            </Button>
          </div>
        }
      >
        <p>{t("confirmBody")}</p>
      </Modal>
    </main>
  );
}
