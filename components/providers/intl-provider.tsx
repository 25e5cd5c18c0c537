/**
 * next-intl's client provider with only the namespaces one part of the app uses (lib/i18n/messages.ts
 * CLIENT_NAMESPACES; a nested provider replaces the outer one's messages, so each area's list is complete on its
 * own). No React Query here: the public pages (the root layout) fetch nothing through it, and a server component
 * that merely imports a client component puts it in the page's first-load JavaScript.
 */
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTimeZone } from "next-intl/server";
import { isLocale } from "@/lib/i18n/config";
import { type CLIENT_NAMESPACES, clientMessages, type MemberSegment } from "@/lib/i18n/messages";

export async function IntlArea({
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
      {children}
    </NextIntlClientProvider>
  );
}

/** The document's providers (app/lang/[locale]/layout.tsx): the messages of the 404 and error screens only. */
export function DocumentProviders({ children }: { children: React.ReactNode }) {
  return <IntlArea area="document">{children}</IntlArea>;
}

/**
 * A member route segment's layout (app/lang/[locale]/(member)/<segment>/layout.tsx): the messages of that segment only
 * (lib/i18n/messages.ts MEMBER_SEGMENTS), instead of every member namespace on every page.
 */
export function segmentMessages(segment: MemberSegment) {
  return function SegmentMessages({ children }: { children: React.ReactNode }) {
    return <IntlArea area={segment}>{children}</IntlArea>;
  };
}
