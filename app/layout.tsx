import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { getLocale } from "next-intl/server";
import { LazyFontFallback } from "@/components/fonts/lazy-font-fallback";
import { PublicProviders } from "@/components/providers/intl-provider";
import "./globals.css";

// Pretendard Variable (400–700) cut to the characters the app itself shows (scripts/make-font.ts):
// one preloaded file of about 65 kB instead of three full weights. The few characters it lacks (a
// member's name, a memo) come from Pretendard's unicode-range chunks, whose rules LazyFontFallback
// loads after hydration.
const pretendard = localFont({
  src: "../public/fonts/pretendard-ui.woff2",
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

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
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
