"use client";

import { useTranslations } from "next-intl";

/**
 * A payout network as screens name it (`WORLDCHAIN` → World Chain, `ERC20` → Ethereum (ERC20)): the code itself is
 * never shown. Common namespace, so every member screen has it. An unknown code reads as "—".
 */
export function useNetworkName() {
  const t = useTranslations("Common");
  return (code: string | null | undefined) =>
    code && t.has(`networks.${code}`) ? t(`networks.${code}`) : code ? "—" : "";
}
