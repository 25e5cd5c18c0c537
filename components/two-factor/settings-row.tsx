"use client";

import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { ChevronRight } from "@/components/member/settings/icons";
import { useTwoFactorStatus } from "./queries";

/** The Settings row to 2단계 인증, with the state (사용 중 / 사용 안 함) once known. */
export function TwoFactorRow({ className }: { className: string }) {
  const t = useTranslations("TwoFactor");
  const status = useTwoFactorStatus();
  return (
    <AppLink href="/settings/two-factor" className={className} data-testid="two-factor-row">
      <span className="flex min-w-0 flex-col gap-0.5">
        <span>{t("title")}</span>
        {status.isPending ? (
          <span className="skeleton h-4 w-16" aria-hidden="true" />
        ) : status.data ? (
          <span className={`text-sm ${status.data.enabled ? "font-medium text-emerald-700" : "text-gray-600"}`}>
            {status.data.enabled ? t("stateOn") : t("stateOff")}
          </span>
        ) : null}
      </span>
      <ChevronRight />
    </AppLink>
  );
}
