"use client";

import { useTranslations } from "next-intl";
import type { Destination } from "@/lib/wallet/review";

/** The receiving side as screens name it: the exchange, or 개인 지갑 / Personal wallet for a personal wallet. */
export function useExchangeName() {
  const t = useTranslations("Wallet.review");
  return (d: Pick<Destination, "exchange" | "personal"> | null | undefined) =>
    d?.personal ? t("personalWallet") : (d?.exchange ?? "");
}
