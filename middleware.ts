/**
 * Optimistic page guards only: redirect guests away from member pages and non-admins away from
 * /admin. Every API route authorizes itself (lib/api); this file is not a security boundary
 * (CVE-2025-29927). It also sets the page's Content-Security-Policy: the hashes of a page Next prerendered,
 * otherwise a fresh nonce (lib/csp.ts). next.config.ts then rewrites the page to its language (/login →
 * /lang/ko/login or /lang/en/login, from the NEXT_LOCALE cookie, as localeFrom reads it; the address stays
 * /login: lib/i18n/page-rewrites.ts) — a rewrite here would be taken for another host when the server listens on
 * 127.0.0.1 (Next names the middleware's own address localhost).
 * Next 16 calls this convention `proxy.ts`; `npx @next/codemod middleware-to-proxy .` renames it.
 */
import { type NextRequest, NextResponse } from "next/server";
import { peekToken, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/cookies";
import { can } from "@/lib/auth/permissions";
import { noncePolicy, prerenderedPagePolicy } from "@/lib/csp";
import { LOCALE_COOKIE, localeFrom, localizedPath, PAGES_ROOT } from "@/lib/i18n/config";
import { loginPathFor, PATH_HEADER } from "@/lib/next-path";

const MEMBER_PAGES = ["/home", "/wallet", "/world-id", "/settings", "/wallet-history", "/transfer-request", "/verify"];

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export async function middleware(req: NextRequest) {
  const path = req.nextUrl.pathname;
  // The pages' own paths are not addresses: /lang/en/login is /login with the English cookie.
  if (under(path, PAGES_ROOT)) {
    const url = req.nextUrl.clone();
    // Past the root and the language segment (whatever it says): what is left is the address.
    url.pathname = `/${path.split("/").slice(3).join("/")}`;
    return NextResponse.redirect(url, 308);
  }

  // The same cookie the handlers read: under HTTPS only the __Secure- one (lib/auth/session.ts readClaims).
  const secure = req.nextUrl.protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  const raw = req.cookies.get(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE)?.value;
  const memberPage = MEMBER_PAGES.some((p) => under(path, p));
  const adminPage = under(path, "/admin");
  // Where a guest was going, so that logging in brings them back (lib/next-path.ts decides what is followed).
  const here = `${path}${req.nextUrl.search}`;
  if (memberPage || adminPage) {
    const token = await peekToken(raw);
    if (!token)
      return NextResponse.redirect(new URL(loginPathFor(here, adminPage ? { denied: "admin" } : undefined), req.url));
    if (adminPage && !can(token.role, "console.open"))
      return NextResponse.redirect(new URL("/login?denied=admin", req.url));
  }

  const locale = localeFrom(req.cookies.get(LOCALE_COOKIE)?.value);
  const headers = new Headers(req.headers);
  // next-intl's own request header: pages rendered per request read their language from it.
  headers.set("x-next-intl-locale", locale);
  // For the member layout's own redirect when the cookie is there but its session has ended.
  headers.set(PATH_HEADER, here);
  // `next dev` renders every page per request (and keeps its build in .next/dev, beside a production build's
  // manifest that would not describe what it serves): a nonce there.
  // biome-ignore lint/style/noProcessEnv: NODE_ENV is the toolchain's, not the operator's: Next inlines it at build time (`next dev` sets "development").
  const dev = process.env.NODE_ENV === "development";
  let csp = dev ? null : prerenderedPagePolicy(localizedPath(locale, path));
  const prerendered = csp !== null;
  if (csp === null) {
    const policy = noncePolicy(dev);
    csp = policy.csp;
    // Next reads the nonce from the request's CSP header and stamps it on its own scripts.
    headers.set("x-nonce", policy.nonce);
    headers.set("content-security-policy", csp);
  }
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  // A prerendered page's address answers in two languages (the cookie picks), where Next would let a shared
  // cache keep one for a year: browsers revalidate it (its ETag differs by language), shared caches keep none.
  // Pages rendered per request keep Next's no-store.
  if (prerendered) res.headers.set("cache-control", "private, no-cache");
  return res;
}

export const config = {
  runtime: "nodejs",
  // Every page, and nothing that is a file (app/manifest.ts, the icons, Next's assets) or an API route.
  matcher: [
    "/((?!api|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|svg|ico|webp|woff2?|webmanifest|txt|xml)$).*)",
  ],
};
