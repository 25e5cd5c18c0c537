// Every unknown address (and every notFound()): the designed 404, in the visitor's language.
import type { Metadata } from "next";
import Link from "next/link";
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
      <Link href="/home" className={PRIMARY_LINK}>
        {t("home")}
      </Link>
    </StatusPage>
  );
}
