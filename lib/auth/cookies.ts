/**
 * Session cookie names and a database-free token peek, small enough for middleware.ts.
 * next-auth v4 uses the same names: `next-auth.session-token`, and `__Secure-next-auth.session-token`
 * under HTTPS.
 */
import { decode } from "next-auth/jwt";
import type { Role } from "@/db/schema";
import { authSecret } from "@/lib/secret";

export const SESSION_COOKIE = "next-auth.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-next-auth.session-token";

/** One cookie's value from a request's Cookie header. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i) === name) {
      try {
        return decodeURIComponent(part.slice(i + 1));
      } catch {
        return undefined; // a malformed value counts as no cookie, never as a server error
      }
    }
  }
  return undefined;
}

export type TokenClaims = { uid: number; sv: number; role: Role };

/**
 * The claims of a session token without a database read. Middleware's optimistic page guard uses
 * them as they are (it does not see revocations); route handlers check them against the database.
 */
export async function peekToken(raw: string | undefined): Promise<TokenClaims | null> {
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: authSecret() });
    const uid = Number(token?.uid);
    const sv = Number(token?.sv);
    const role = token?.role as Role | undefined;
    if (!Number.isInteger(uid) || !Number.isInteger(sv) || !role) return null;
    return { uid, sv, role };
  } catch {
    return null;
  }
}
