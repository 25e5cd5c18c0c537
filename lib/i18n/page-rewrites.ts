/**
 * The rewrites that serve each page from its language (next.config.ts): every page lives under
 * app/lang/[locale], and /login is answered by /lang/ko/login, or /lang/en/login when the NEXT_LOCALE cookie says
 * en — exactly what localeFrom reads. The address bar keeps /login. Only the app's own pages are rewritten, so an
 * unknown address stays unknown and gets app/global-not-found.tsx, rendered on the server.
 * Build-time code (it reads the app's folders); nothing here runs per request.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale, localizedPath } from "./config";

/** The address of every page under `dir` (app/lang/[locale]): "" for the welcome, "/login", "/settings/devices"… */
export function pageAddresses(dir: string, base = ""): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isFile() && /^page\.[jt]sx?$/.test(entry.name)) found.push(base);
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    // A dynamic segment has no one address to list: give it its own rewrite before adding one.
    if (/^[[@]/.test(entry.name))
      throw new Error(`app/lang/[locale]${base}/${entry.name}: a dynamic segment needs its own language rewrite`);
    // A route group (parentheses) adds nothing to the address.
    const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
    found.push(...pageAddresses(path.join(dir, entry.name), base + segment));
  }
  return found;
}

type Rewrite = { source: string; destination: string; has?: { type: "cookie"; key: string; value: string }[] };

/** Per language, the welcome and one rule for every other page; the default language last, without a condition. */
export function languageRewrites(addresses: string[]): Rewrite[] {
  const others = addresses.filter(Boolean).map((a) => a.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const rules = (locale: Locale, has?: Rewrite["has"]): Rewrite[] => {
    const when = has ? { has } : {};
    return [
      ...(addresses.includes("") ? [{ source: "/", destination: localizedPath(locale, "/"), ...when }] : []),
      { source: `/:page(${others.join("|")})`, destination: localizedPath(locale, "/:page"), ...when },
    ];
  };
  return [
    ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((l) =>
      rules(l, [{ type: "cookie", key: LOCALE_COOKIE, value: l }]),
    ),
    ...rules(DEFAULT_LOCALE),
  ];
}
