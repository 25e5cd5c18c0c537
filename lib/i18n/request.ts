import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, localeFrom, TIME_ZONE } from "./config";
import { MESSAGES } from "./messages";

// The language is the [locale] segment of the path the page was rewritten to from the NEXT_LOCALE cookie
// (lib/i18n/page-rewrites.ts): the layouts set it, so a prerendered page reads no cookie; a page rendered per
// request also has it in next-intl's header (middleware.ts). The cookie is the fallback for a render that came
// through neither.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : localeFrom((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, messages: MESSAGES[locale], timeZone: TIME_ZONE, now: new Date() };
});
