"use client";

import { AppLink } from "@/components/ui/app-link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { setLanguage } from "@/components/auth/language-switch";
import { BackHeader } from "@/components/member/back-header";
import { PasswordModal } from "@/components/member/password-modal";
import { useProfile } from "@/components/member/queries";
import { ChevronRight } from "@/components/member/settings/icons";
import { ReferrerModal } from "@/components/member/settings/referrer-modal";
import { TwoFactorRow } from "@/components/two-factor/settings-row";
import { WalletAddressModal } from "@/components/member/wallet-address-modal";
import { APP_VERSION } from "@/lib/constants";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";

// Every row is at least 44 px tall (min-h-14 = 56 px) and the whole row is the target.
const rowClass =
  "flex min-h-14 w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent";

/** "0x1234…abcd": an address shortened for a one-line summary (the modal shows it whole). */
const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** English is remembered for 30 days; Korean clears the cookie; the page reloads (as the spec has it). */
export default function SettingsPage() {
  const t = useTranslations("Settings");
  const locale = useLocale();
  const profile = useProfile();
  const [walletOpen, setWalletOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [referrerOpen, setReferrerOpen] = useState(false);

  const wallet = profile.data?.walletAddr;
  const [network, exchange, address] = (wallet ?? "").split("|");
  const networkName = network && t.has(`wallet.networks.${network}`) ? t(`wallet.networks.${network}`) : network;
  const refId = profile.data?.refId?.trim();

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/home" backLabel={t("back")} title={t("title")} />

      <ul className="divide-y rounded-2xl border border-gray-200 divide-gray-200">
        <li>
          <AppLink href="/world-id" className={rowClass}>
            <span>{t("worldId")}</span>
            <ChevronRight />
          </AppLink>
        </li>
        <li>
          <button type="button" className={rowClass} onClick={() => setWalletOpen(true)} data-testid="wallet-row">
            <span className="flex min-w-0 flex-col gap-0.5">
              <span>{t("walletAddress")}</span>
              {profile.isPending ? (
                <span className="skeleton h-4 w-40" aria-hidden="true" />
              ) : wallet ? (
                <span className="truncate text-sm text-gray-600">
                  {[
                    networkName,
                    exchange === PERSONAL_EXCHANGE ? t("wallet.personal.name") : exchange,
                    address ? shortAddress(address) : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              ) : (
                <span className="text-sm font-medium text-blue-700">{t("walletMissing")}</span>
              )}
            </span>
            <ChevronRight />
          </button>
        </li>
        <li>
          <button type="button" className={rowClass} onClick={() => setPasswordOpen(true)}>
            <span>{t("passwordChange")}</span>
            <ChevronRight />
          </button>
        </li>
        <li>
          <TwoFactorRow className={rowClass} />
        </li>
        <li>
          <AppLink href="/settings/devices" className={rowClass}>
            <span>{t("devicesRow")}</span>
            <ChevronRight />
          </AppLink>
        </li>
        <li>
          <AppLink href="/notices" className={rowClass} data-testid="notices-row">
            <span>{t("noticesRow")}</span>
            <ChevronRight />
          </AppLink>
        </li>
        <li>
          <AppLink href="/settings/lock" className={rowClass} data-testid="lock-row">
            <span>{t("lockRow")}</span>
            <ChevronRight />
          </AppLink>
        </li>
        <li>
          <AppLink href="/support" className={rowClass} data-testid="support-row">
            <span>{t("supportRow")}</span>
            <ChevronRight />
          </AppLink>
        </li>
        <li>
          {profile.isPending ? (
            <div className={rowClass}>
              <span>{t("referrer.row")}</span>
              <span className="skeleton h-4 w-20" aria-hidden="true" />
            </div>
          ) : refId ? (
            <div className={`${rowClass} hover:bg-transparent`} data-testid="referrer-row">
              <span>{t("referrer.row")}</span>
              <span className="font-medium tabular-nums tracking-wide text-gray-700">{refId}</span>
            </div>
          ) : (
            <button type="button" className={rowClass} onClick={() => setReferrerOpen(true)} data-testid="referrer-row">
              <span className="flex min-w-0 flex-col gap-0.5">
                <span>{t("referrer.row")}</span>
                <span className="text-sm font-medium text-blue-700">{t("referrer.missingHint")}</span>
              </span>
              <ChevronRight />
            </button>
          )}
        </li>
        <li className="flex min-h-14 items-center justify-between gap-3 px-4 py-2">
          <span>{t("language")}</span>
          <span className="flex gap-2">
            <button
              type="button"
              aria-pressed={locale === "ko"}
              onClick={() => setLanguage("ko")}
              className={`min-h-11 min-w-11 rounded-lg px-4 text-sm ${locale === "ko" ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-900"}`}
            >
              한국어
            </button>
            <button
              type="button"
              aria-pressed={locale === "en"}
              onClick={() => setLanguage("en")}
              className={`min-h-11 min-w-11 rounded-lg px-4 text-sm ${locale === "en" ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-900"}`}
            >
              English
            </button>
          </span>
        </li>
        <li className="flex min-h-14 items-center justify-between px-4 py-3 text-gray-600">
          <span>{t("version")}</span>
          <span data-testid="app-version">{APP_VERSION}</span>
        </li>
      </ul>

      <WalletAddressModal open={walletOpen} onClose={() => setWalletOpen(false)} />
      <PasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <ReferrerModal open={referrerOpen} onClose={() => setReferrerOpen(false)} />
    </main>
  );
}
