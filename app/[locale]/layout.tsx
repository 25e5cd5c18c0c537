import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { LazyFontFallback } from "@/components/fonts/lazy-font-fallback";
import { PublicProviders } from "@/components/providers/intl-provider";
import { isLocale, LOCALES } from "@/lib/i18n/config";
import "../globals.css";

// Pretendard Variable (400–700) cut to the characters the app itself shows (scripts/make-font.ts):
// one preloaded file of about 65 kB instead of three full weights. The few characters it lacks (a
// member's name, a memo) come from Pretendard's unicode-range chunks, whose rules LazyFontFallback
// loads after hydration.
const pretendard = localFont({
  src: "../../public/fonts/pretendard-ui.woff2",
  weight: "400 700",
  variable: "--font-pretendard",
  display: "swap",
});

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

// The language is the first segment of the path the middleware rewrites every page to (/login → /ko/login or
// /en/login, from the NEXT_LOCALE cookie; the address bar keeps /login). Pages that read nothing of the
// request — the welcome, /login, /signup — are therefore prerendered once per language at build time and served
// as files with a hash-based CSP (middleware.ts, lib/static-pages.ts); every member and admin page reads its
// session and renders per request with a nonce.
export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}
export const dynamicParams = false;

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
        <PublicProviders>
          <div className="app-shell">{children}</div>
          <LazyFontFallback />
        </PublicProviders>
      </body>
    </html>
  );
}
