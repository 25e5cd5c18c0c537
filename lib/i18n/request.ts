import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, localeFrom, TIME_ZONE } from "./config";
import { MESSAGES } from "./messages";

// The language is the path's first segment (app/[locale]/layout.tsx sets it; the middleware rewrote the path from
// the NEXT_LOCALE cookie), so a prerendered page reads no cookie. The cookie is the fallback for a render that
// did not come through the middleware.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : localeFrom((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, messages: MESSAGES[locale], timeZone: TIME_ZONE, now: new Date() };
});
