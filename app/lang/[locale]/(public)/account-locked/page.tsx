// /account-locked: where the panic button leaves the member (lib/account/freeze.ts) — every session ended, this one
// too — with what happened and the way back (sign in, then Settings → 계정 잠금 to unlock). Server-rendered text and a
// plain link: no client code of its own.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PRIMARY_LINK, StatusPage } from "@/components/ui/status-page";
import { isLocale } from "@/lib/i18n/config";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "ko", namespace: "Freeze.locked" });
  return { title: `${t("title")} · WLD Wallet` };
}

export default async function AccountLockedPage({ params }: Props) {
  const { locale } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "ko", namespace: "Freeze.locked" });
  return (
    <StatusPage title={t("title")} body={t("body")}>
      <a href="/login?next=%2Fsettings%2Flock" className={PRIMARY_LINK}>
        {t("login")}
      </a>
    </StatusPage>
  );
}
