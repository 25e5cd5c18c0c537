"use client";

/**
 * The receipt of a transfer or withdraw, the same in the send modal and on the transfer page: the server's answer
 * (what arrives, the fee, the total taken from the lock balance) and, when given, where it goes.
 */
import { useTranslations } from "next-intl";
import { useNetworkName } from "@/components/member/network-name";
import type { SendType, TransferRequestAnswer } from "@/components/member/use-create-transfer-request";
import { splitWalletAddr } from "@/lib/wallet/review";
import { useExchangeName } from "./destination-name";
import { Receipt, wldRow } from "./receipt";

export function TransferReceipt({
  type,
  request,
  walletAddr,
  onClose,
}: {
  type: SendType;
  /** POST /api/transfer-requests' answer. */
  request: NonNullable<TransferRequestAnswer["request"]>;
  /** The destination row: the network, the exchange and the short address. */
  walletAddr?: string | null;
  onClose: () => void;
}) {
  const ts = useTranslations(`Wallet.send.${type}`);
  const tr = useTranslations("Wallet.review");
  const exchangeName = useExchangeName();
  const networkName = useNetworkName();
  const destination = splitWalletAddr(walletAddr);
  return (
    <Receipt
      title={ts("receiptTitle")}
      id={request.id}
      status={request.status}
      underReview={request.underReview}
      rows={[
        wldRow(tr("receive"), request.amount, { strong: true, testId: "receipt-amount" }),
        wldRow(tr("fee"), request.fee),
        wldRow(tr("total"), request.total),
        ...(destination
          ? [
              {
                label: tr("destination"),
                value: (
                  <>
                    {[networkName(destination.network), exchangeName(destination)].filter(Boolean).join(" · ")}{" "}
                    <span className="font-mono">{destination.short}</span>
                  </>
                ),
              },
            ]
          : []),
      ]}
      note={tr("adminNote")}
      onClose={onClose}
    />
  );
}
