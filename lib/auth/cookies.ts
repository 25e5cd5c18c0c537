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

/**
 * The claims of a session token without a database read — for middleware's optimistic page
 * guard only; it does not see revocations (session_version), the route handlers do.
 */
export async function peekToken(raw: string | undefined): Promise<{ uid: number; role: Role } | null> {
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: authSecret() });
    const uid = Number(token?.uid);
    const role = token?.role as Role | undefined;
    if (!Number.isInteger(uid) || !role) return null;
    return { uid, role };
  } catch {
    return null;
  }
}
