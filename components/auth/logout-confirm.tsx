"use client";

/** "로그아웃할까요?" — an alertdialog with 취소 and 로그아웃 before any logout ends the session. */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

export function LogoutConfirm({
  open,
  busy = false,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useTranslations("Auth.logoutConfirm");
  const ta = useTranslations("Auth.notice");
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={t("title")}
      closeLabel={ta("close")}
      footer={
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" size="lg" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button size="lg" loading={busy} onClick={onConfirm}>
            {t("confirm")}
          </Button>
        </div>
      }
    >
      <p className="break-keep text-base text-gray-700">{t("body")}</p>
    </Modal>
  );
}
