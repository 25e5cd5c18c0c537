/**
 * Session cookie names and a database-free token peek, small enough for middleware.ts.
 * The names are next-auth v4's: `next-auth.session-token`, and `__Secure-next-auth.session-token`
 * under HTTPS. A token names one row of the sessions table (`sid`); lib/auth/session.ts checks that row.
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

export type TokenClaims = { uid: number; sid: string; role: Role };

/**
 * Decoded tokens by their exact text. A token is decoded (next-auth derives its key with HKDF, then AES-GCM)
 * once per process instead of on every request of the session; a hit still honours the token's expiry, and
 * the session row is still checked on every request by lib/auth/session.ts. Bounded: the oldest entry goes
 * first; over-long values are never kept.
 */
const TOKEN_CACHE_MAX = 10_000;
const TOKEN_TEXT_MAX = 2_048;
const decoded = new Map<string, { claims: TokenClaims; exp: number }>();

/** Tests only: how many decoded tokens are kept. */
export const decodedTokenCount = () => decoded.size;

/**
 * The claims of a session token without a database read. Middleware's optimistic page guard uses
 * them as they are (it does not see revocations); route handlers check the session row in the database.
 * The token's own expiry (12 hours after login) is checked here too.
 */
export async function peekToken(raw: string | undefined): Promise<TokenClaims | null> {
  if (!raw) return null;
  const hit = decoded.get(raw);
  if (hit) {
    if (Date.now() < hit.exp * 1000) return hit.claims;
    decoded.delete(raw);
    return null;
  }
  try {
    const token = await decode({ token: raw, secret: authSecret() });
    const uid = Number(token?.uid);
    const sid = token?.sid;
    const role = token?.role as Role | undefined;
    if (!Number.isInteger(uid) || typeof sid !== "string" || !sid || !role) return null;
    const claims = { uid, sid, role };
    const exp = Number(token?.exp);
    if (raw.length <= TOKEN_TEXT_MAX && Number.isFinite(exp)) {
      if (decoded.size >= TOKEN_CACHE_MAX) decoded.delete(decoded.keys().next().value as string);
      decoded.set(raw, { claims, exp });
    }
    return claims;
  } catch {
    return null;
  }
}
