"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { PasswordModal } from "@/components/member/password-modal";
import { WalletAddressModal } from "@/components/member/wallet-address-modal";
import { APP_VERSION } from "@/lib/constants";
import { setLanguage } from "@/components/auth/language-switch";

const rowClass = "flex w-full items-center justify-between px-4 py-4 text-left hover:bg-gray-50";

/** English is remembered for 30 days; Korean clears the cookie; the page reloads (spec §4). */

export default function SettingsPage() {
  const t = useTranslations("Settings");
  const locale = useLocale();
  const [walletOpen, setWalletOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/home" backLabel={t("back")} title={t("title")} />

      <ul className="divide-y rounded-2xl border border-gray-200 divide-gray-200">
        <li>
          <Link href="/world-id" className={rowClass}>
            {t("worldId")}
            <span aria-hidden="true">›</span>
          </Link>
        </li>
        <li>
          <button type="button" className={rowClass} onClick={() => setWalletOpen(true)}>
            {t("walletAddress")}
            <span aria-hidden="true">›</span>
          </button>
        </li>
        <li>
          <button type="button" className={rowClass} onClick={() => setPasswordOpen(true)}>
            {t("passwordChange")}
            <span aria-hidden="true">›</span>
          </button>
        </li>
        <li className="flex items-center justify-between px-4 py-3">
          <span>{t("language")}</span>
          <span className="flex gap-2">
            <button
              type="button"
              aria-pressed={locale === "ko"}
              onClick={() => setLanguage("ko")}
              className={`rounded-lg px-3 py-1 text-sm ${locale === "ko" ? "bg-gray-900 text-white" : "bg-gray-100"}`}
            >
              한국어
            </button>
            <button
              type="button"
              aria-pressed={locale === "en"}
              onClick={() => setLanguage("en")}
              className={`rounded-lg px-3 py-1 text-sm ${locale === "en" ? "bg-gray-900 text-white" : "bg-gray-100"}`}
            >
              English
            </button>
          </span>
        </li>
        <li className="flex items-center justify-between px-4 py-4 text-gray-500">
          <span>{t("version")}</span>
          <span data-testid="app-version">{APP_VERSION}</span>
        </li>
      </ul>

      <WalletAddressModal open={walletOpen} onClose={() => setWalletOpen(false)} />
      <PasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </main>
  );
}
