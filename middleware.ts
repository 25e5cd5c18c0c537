/**
 * Optimistic page guards only: redirect guests away from member pages and non-admins away from
 * /admin. Every API route authorizes itself (lib/api); this file is not a security boundary
 * (CVE-2025-29927). It also sets the nonce-based Content-Security-Policy on every page.
 * Next 16 calls this convention `proxy.ts`; `npx @next/codemod middleware-to-proxy .` renames it.
 */
import { type NextRequest, NextResponse } from "next/server";
import { peekToken, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/cookies";
import { can } from "@/lib/auth/permissions";
import { loginPathFor, PATH_HEADER } from "@/lib/next-path";

const MEMBER_PAGES = ["/home", "/wallet", "/world-id", "/settings", "/wallet-history", "/transfer-request", "/verify"];

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React renders style attributes on the server; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export async function middleware(req: NextRequest) {
  const path = req.nextUrl.pathname;
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

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  // Next reads the nonce from the request's CSP header and stamps it on its own scripts.
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  // For the member layout's own redirect when the cookie is there but its session has ended.
  headers.set(PATH_HEADER, here);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  return res;
}

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|svg|ico|webp|woff2?)$).*)"],
};
