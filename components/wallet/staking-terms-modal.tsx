"use client";

/**
 * The staking product's terms, one tap from every rate a member sees: the rate may change, rewards may fall or
 * stop, and the protected lock is neither a deposit nor insurance and guarantees no principal (the law against
 * unlicensed deposit-taking covers virtual assets). Loaded when first opened, not with /wallet.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

export function StakingTermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Wallet.staking");
  const tc = useTranslations("Common");
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("termsTitle")}
      closeLabel={tc("close")}
      footer={
        <Button size="lg" onClick={onClose}>
          {tc("close")}
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm leading-relaxed text-gray-700" data-testid="staking-terms">
        <p>{t("terms1")}</p>
        <p>{t("terms2")}</p>
        <p>{t("terms3")}</p>
      </div>
    </Modal>
  );
}
