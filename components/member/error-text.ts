"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/client/api";

/** The server's message for a failed call, or the given translated fallback. */
export function useErrorText() {
  const t = useTranslations("Common.errors");
  return (
    err: unknown,
    fallback:
      | "requestFailed"
      | "swapFailed"
      | "transferFailed"
      | "registrationFailed"
      | "saveFailed"
      | "changeFailed"
      | "deletionFailed"
      | "processingFailed"
      | "duplicateCheckFailed"
      | "walletCheckFailed"
      | "balanceCheckFailed" = "requestFailed",
  ) => {
    if (err instanceof ApiError) {
      if (err.code === "NETWORK") return t("serverConnectionFailed");
      if (err.message) return err.message;
      if (err.status >= 500) return t("serverError");
    }
    return t(fallback);
  };
}
