"use client";

/**
 * Codes as words in the console: a network code (WORLDCHAIN, OP, ERC20) as its name from the
 * shared `Common.networks` texts; an unknown code as it is, nothing as "—".
 */
import { useTranslations } from "next-intl";

export function useNetworkName() {
  const tc = useTranslations("Common");
  return (code: string | null | undefined): string => {
    if (!code) return "—";
    return tc.has(`networks.${code}`) ? tc(`networks.${code}`) : code;
  };
}
