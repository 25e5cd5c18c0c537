// A page's own notFound(): the designed 404 inside the document, in the visitor's language (an address that is
// no page at all gets app/global-not-found.tsx).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PRIMARY_LINK, StatusPage } from "@/components/ui/status-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Common.notFound");
  return { title: `${t("title")} · WLD Wallet` };
}

export default async function NotFound() {
  const t = await getTranslations("Common.notFound");
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
