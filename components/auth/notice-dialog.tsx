"use client";

/**
 * The one in-app way the login and sign-up screens tell the member something that needs an answer
 * (the spec's "alert" texts): an `alertdialog` with the message and a single 확인 button, in place of
 * the browser's native alert().
 */
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

type Notice = { message: string; then?: () => void };

/** `notify(message, then?)` opens the dialog; `then` runs once it is dismissed. Render `dialog` once. */
export function useNoticeDialog() {
  const t = useTranslations("Auth.notice");
  const [notice, setNotice] = useState<Notice | null>(null);
  const current = useRef<Notice | null>(null);
  current.current = notice;

  const notify = useCallback((message: string, then?: () => void) => setNotice({ message, then }), []);
  const dismiss = useCallback(() => {
    const then = current.current?.then;
    setNotice(null);
    then?.();
  }, []);

  const dialog = (
    <Modal
      open={notice !== null}
      onClose={dismiss}
      role="alertdialog"
      title={t("title")}
      closeLabel={t("close")}
      footer={
        <Button size="lg" onClick={dismiss}>
          {t("ok")}
        </Button>
      }
    >
      <p className="text-base text-gray-900" data-testid="notice-message">
        {notice?.message}
      </p>
    </Modal>
  );
  return { notify, dialog };
}
