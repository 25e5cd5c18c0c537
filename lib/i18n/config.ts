export const LOCALES = ["ko", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ko";
/** English is remembered for 30 days; Korean clears the cookie (as the spec has it). */
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
export const TIME_ZONE = "Asia/Seoul";

export const isLocale = (v: unknown): v is Locale => LOCALES.includes(v as Locale);
export const localeFrom = (cookieValue: string | undefined | null): Locale =>
  isLocale(cookieValue) ? cookieValue : DEFAULT_LOCALE;

/**
 * Where the pages live (app/lang/[locale]): /login is served by /lang/ko/login or /lang/en/login
 * (lib/i18n/page-rewrites.ts). A static first segment, so that an address that is no page matches no route.
 */
export const PAGES_ROOT = "/lang";
export const localizedPath = (locale: Locale, address: string): string =>
  `${PAGES_ROOT}/${locale}${address === "/" ? "" : address}`;
