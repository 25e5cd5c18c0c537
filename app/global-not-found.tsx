// The 404 of every address that is no page of the app (lib/i18n/page-rewrites.ts rewrites only the app's own
// pages into app/lang/[locale]), in the visitor's language, rendered on the server as a document of its own
// (Next's global-not-found: no layout, and not part of every page like a root not-found would be). A page that
// calls notFound() itself gets app/lang/[locale]/not-found.tsx inside the document.
import { cookies } from "next/headers";
import { NotFoundScreen, notFoundMetadata } from "@/components/ui/not-found-screen";
import { LOCALE_COOKIE, localeFrom } from "@/lib/i18n/config";
import { pretendard } from "./fonts";
import "./globals.css";

const visitorLocale = async () => localeFrom((await cookies()).get(LOCALE_COOKIE)?.value);

export const generateMetadata = async () => notFoundMetadata(await visitorLocale());

export default async function NotFound() {
  const locale = await visitorLocale();
  return (
    <html lang={locale} className={pretendard.variable}>
      <body className="font-sans antialiased">
        <div className="app-shell">
          <NotFoundScreen locale={locale} />
        </div>
      </body>
    </html>
  );
}
