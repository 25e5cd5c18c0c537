// The welcome, /login and /signup: their messages (lib/i18n/messages.ts CLIENT_NAMESPACES.public) only here,
// not in every member and console page under the document's layout. The group adds nothing to the address.
import { setRequestLocale } from "next-intl/server";
import { IntlArea } from "@/components/providers/intl-provider";
import { isLocale } from "@/lib/i18n/config";

export default async function PublicLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ locale: string }>;
}) {
  // Layouts may render before the document's: each sets the language itself, or next-intl would read the
  // request's headers and the pages could not be prerendered.
  const { locale } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  return <IntlArea area="public">{children}</IntlArea>;
}
