"use client";

/** The user terms and privacy notice (last modified 1 May 2025, as the spec has it), in a closable dialog. */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Welcome");
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("termsTitle")}
      closeLabel={t("close")}
      footer={
        <Button size="lg" onClick={onClose}>
          {t("close")}
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm leading-relaxed text-gray-700">
        <p className="text-xs text-gray-500">{t("termsUpdated")}</p>
        <p>{t("termsBody1")}</p>
        <p>{t("termsBody2")}</p>
        <p>{t("termsBody3")}</p>
        <p>{t("termsBody4")}</p>
        <p>{t("termsBody5")}</p>
      </div>
    </Modal>
  );
}
