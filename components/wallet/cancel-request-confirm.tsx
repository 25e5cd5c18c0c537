"use client";

/**
 * Asks before a member's pending request is cancelled: an in-app alert dialog naming what is
 * cancelled (type, amount, request number) and, for a transfer or withdrawal, that the reserved WLD returns to the
 * lock balance. 신청 취소 cancels; 아니요, the close button, Escape or the backdrop leave the request as it was. Loaded lazily by the
 * history page when a cancel button is pressed.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { formatWld } from "@/lib/money";

export type CancelTarget = { id: number; type: string; amount: string; coinSymbol: string };

export function CancelRequestConfirm({
  request,
  loading,
  onConfirm,
  onClose,
}: {
  request: CancelTarget;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations("Wallet.cancelRequest");
  const th = useTranslations("History");
  const tc = useTranslations("Common");
  const type = th.has(`requestTypes.${request.type}`) ? th(`requestTypes.${request.type}`) : request.type;
  return (
    <Modal open onClose={onClose} title={t("title")} closeLabel={tc("close")} role="alertdialog">
      <div className="flex flex-col gap-4" data-testid="cancel-confirm">
        <p className="rounded-xl bg-gray-50 p-3 font-semibold tabular-nums">
          {t("what", { type, amount: formatWld(request.amount), coin: request.coinSymbol, id: request.id })}
        </p>
        <p className="text-sm text-gray-700">{request.type === "DEPOSIT" ? t("depositNote") : t("holdNote")}</p>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            {t("keep")}
          </Button>
          <Button loading={loading} onClick={onConfirm}>
            {t("confirm")}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
