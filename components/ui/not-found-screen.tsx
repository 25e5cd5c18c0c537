/**
 * The designed 404, shared by a page's own notFound() (app/lang/[locale]/not-found.tsx, in the request's
 * language) and the address that is no page (app/global-not-found.tsx, in the language its caller names).
 */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { PRIMARY_LINK, StatusPage } from "./status-page";

/** The texts in `locale`, or in the request's language when none is named. */
const texts = async (locale?: Locale) =>
  getTranslations({ locale: locale ?? (await getLocale()), namespace: "Common.notFound" });

export async function notFoundMetadata(locale?: Locale): Promise<Metadata> {
  const t = await texts(locale);
  return { title: `${t("title")} · WLD Wallet` };
}

export async function NotFoundScreen({ locale }: { locale?: Locale }) {
  const t = await texts(locale);
  return (
    <StatusPage code={t("code")} title={t("title")} body={t("body")}>
      {/* A plain link: next/link here would put its client code in every page's first load (the 404 boundary is
          part of every page), for a link that leaves a dead end anyway. */}
      <a href="/home" className={PRIMARY_LINK}>
        {t("home")}
      </a>
    </StatusPage>
  );
}
