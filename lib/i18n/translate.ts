/** Translation outside React (route handlers, errors): the request's locale, the same message files. */
import { createTranslator } from "next-intl";
import { readCookie } from "@/lib/auth/cookies";
import { type Locale, LOCALE_COOKIE, localeFrom } from "./config";
import { MESSAGES } from "./messages";

export function translator(locale: Locale, namespace?: string) {
  // biome-ignore lint/suspicious/noExplicitAny: namespaces are checked by the message-key test
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: namespace as any }) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
}

export function localeOfRequest(req: Request): Locale {
  return localeFrom(readCookie(req, LOCALE_COOKIE));
}
