import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, localeFrom, TIME_ZONE } from "./config";
import { MESSAGES } from "./messages";

export default getRequestConfig(async () => {
  const locale = localeFrom((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, messages: MESSAGES[locale], timeZone: TIME_ZONE, now: new Date() };
});
