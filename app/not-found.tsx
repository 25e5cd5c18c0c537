// The 404 of the few addresses the middleware does not rewrite to a language (files under /_next and names with a
// file extension, see middleware.ts's matcher). Every other unknown address gets app/[locale]/not-found.tsx.
import { getTranslations } from "next-intl/server";
import { PRIMARY_LINK, StatusPage } from "@/components/ui/status-page";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import "./globals.css";

export default async function NotFound() {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: "Common.notFound" });
  return (
    <html lang={DEFAULT_LOCALE}>
      <body className="font-sans antialiased">
        <StatusPage code={t("code")} title={t("title")} body={t("body")}>
          <a href="/home" className={PRIMARY_LINK}>
            {t("home")}
          </a>
        </StatusPage>
      </body>
    </html>
  );
}
