/**
 * The client providers of one part of the app, so a page carries only what its part needs:
 * - next-intl's provider with only the namespaces that part's client components use
 *   (lib/i18n/messages.ts CLIENT_NAMESPACES; a nested provider replaces the outer one's messages,
 *   so each area's list is complete on its own);
 * - React Query for the member screens and the console (the public pages fetch nothing through it).
 */
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTimeZone } from "next-intl/server";
import { isLocale } from "@/lib/i18n/config";
import { type CLIENT_NAMESPACES, clientMessages } from "@/lib/i18n/messages";
import { QueryProvider } from "./query-provider";

export async function AreaProviders({
  area,
  children,
}: {
  area: keyof typeof CLIENT_NAMESPACES;
  children: React.ReactNode;
}) {
  const [locale, timeZone] = await Promise.all([getLocale(), getTimeZone()]);
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={clientMessages(isLocale(locale) ? locale : "ko", area)}
    >
      {area === "public" ? children : <QueryProvider>{children}</QueryProvider>}
    </NextIntlClientProvider>
  );
}
