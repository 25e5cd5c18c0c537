"use client";

/**
 * The console's change dialog: the caller's fields, `메모` (sent as the `x-audit-memo` header so it lands in the
 * change's audit row), a server or validation error shown inside, `확인` busy while the call runs (a double
 * click sends once) and `취소`. `onConfirm` throws to keep the dialog open with the error; resolving closes
 * nothing by itself — the caller closes it and toasts.
 */
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import { ApiError } from "@/lib/client/api";
import { TextArea } from "./fields";

/** The memo as the header every admin change accepts (URI-encoded UTF-8); nothing when empty. */
export function memoHeaders(memo: string): Record<string, string> {
  const m = memo.trim();
  return m ? { "x-audit-memo": encodeURIComponent(m) } : {};
}

/** A message the dialog shows as it is (client-side validation), not a server error. */
export class InputProblem extends Error {}

/** The text for an error: the server's translated message, a validation message, or a fallback. */
export function useErrorText() {
  const t = useTranslations("Admin.common");
  return (e: unknown, fallback?: string) => {
    if (e instanceof InputProblem) return e.message;
    if (e instanceof ApiError) {
      if (e.status === 0) return t("network");
      return e.message || fallback || t("failed");
    }
    return fallback || t("failed");
  };
}

export type AdminDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Does the change with the memo; throw (InputProblem or ApiError) to show the error inside. */
  onConfirm?: (memo: string) => Promise<void>;
  children?: React.ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  /** Offer the memo field (every change: yes; a view: no). */
  memo?: boolean;
  /** A view or a finished result: only a close button. */
  done?: boolean;
  /** Disable `확인` (e.g. until the confirmation text matches). */
  confirmDisabled?: boolean;
  /** Maps an error to its text (e.g. a code with a screen-specific message). */
  errorText?: (e: unknown) => string | null;
};

export function AdminDialog({
  open,
  title,
  onClose,
  onConfirm,
  children,
  confirmLabel,
  danger,
  memo = true,
  done = false,
  confirmDisabled = false,
  errorText,
}: AdminDialogProps) {
  const t = useTranslations("Admin.common");
  const defaultText = useErrorText();
  const [memoText, setMemoText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  useEffect(() => {
    if (open) {
      setMemoText("");
      setError(null);
      setBusy(false);
      running.current = false;
    }
  }, [open]);

  async function submit(e?: React.FormEvent) {
    e?.preventDefault();
    if (running.current || done || !onConfirm || confirmDisabled) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(memoText);
    } catch (err) {
      setError(errorText?.(err) ?? defaultText(err));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const showConfirm = !done && !!onConfirm;
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={title}
      closeLabel={t("close")}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={onClose} disabled={busy}>
            {showConfirm ? t("cancel") : t("close")}
          </Button>
          {showConfirm && (
            <Button
              variant={danger ? "danger" : "primary"}
              size="sm"
              loading={busy}
              disabled={confirmDisabled}
              onClick={() => void submit()}
            >
              {confirmLabel ?? t("confirm")}
            </Button>
          )}
        </div>
      }
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 break-keep" noValidate>
        {children}
        {memo && showConfirm && (
          <TextArea label={t("memo")} value={memoText} onChange={setMemoText} placeholder={t("memoHint")} />
        )}
        {error && <FormAlert>{error}</FormAlert>}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Modal>
  );
}
