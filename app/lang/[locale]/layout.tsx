import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { LazyFontFallback } from "@/components/fonts/lazy-font-fallback";
import { DocumentProviders } from "@/components/providers/intl-provider";
import { isLocale, LOCALES } from "@/lib/i18n/config";
import { pretendard } from "../../fonts";
import "../../globals.css";

export const metadata: Metadata = {
  title: "WLD Wallet",
  description: "WLD 지갑",
  applicationName: "WLD Wallet",
  appleWebApp: { capable: true, title: "WLD Wallet", statusBarStyle: "default" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#ffffff",
};

// The language is the [locale] segment of the path every page is rewritten to (/login → /lang/ko/login or
// /lang/en/login, from the NEXT_LOCALE cookie; the address bar keeps /login: lib/i18n/page-rewrites.ts). Pages
// that read nothing of the request — the welcome, /login, /signup — are therefore prerendered once per language
// at build time and served as files with a hash-based CSP (middleware.ts, lib/csp.ts); every member and admin
// page reads its session and renders per request with a nonce.
export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    <html lang={locale} className={pretendard.variable}>
      <body className="font-sans antialiased">
        <DocumentProviders>
          <div className="app-shell">{children}</div>
          <LazyFontFallback />
        </DocumentProviders>
      </body>
    </html>
  );
}
