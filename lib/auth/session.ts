/**
 * Sessions: a next-auth JWT in an HttpOnly cookie that names the member and a session version.
 * Every request re-reads the member from the database, so a password change, role change or
 * deactivation (which bump session_version or status) ends older sessions at their next request.
 */
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { type IdStatus, type Role, users } from "@/db/schema";
import { authSecret } from "@/lib/secret";

export const SESSION_MAX_AGE = 60 * 60 * 12;
import { peekToken, readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./cookies";

export { SECURE_SESSION_COOKIE, SESSION_COOKIE };

export type SessionUser = {
  id: number;
  userId: string;
  name: string;
  role: Role;
  idStatus: IdStatus;
  walletAddr: string | null;
};

export type SessionClaims = { uid: number; sv: number };

export const isSecureRequest = (req: Request) =>
  new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";

export function sessionCookieName(secure: boolean) {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The cookie to set at login. */
export async function issueSessionCookie(
  user: { id: number; userId: string; sessionVersion: number; role: Role },
  secure: boolean,
) {
  const value = await encode({
    token: { sub: String(user.id), uid: user.id, sv: user.sessionVersion, name: user.userId, role: user.role },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE,
  });
  return {
    name: sessionCookieName(secure),
    value,
    options: { httpOnly: true, sameSite: "lax" as const, secure, path: "/", maxAge: SESSION_MAX_AGE },
  };
}

export async function readClaims(req: Request): Promise<SessionClaims | null> {
  const claims = await peekToken(readCookie(req, SECURE_SESSION_COOKIE) ?? readCookie(req, SESSION_COOKIE));
  return claims && { uid: claims.uid, sv: claims.sv };
}

/** The member behind the request's session, or null (no cookie, bad token, revoked or deactivated). */
export async function sessionUser(req: Request): Promise<SessionUser | null> {
  const claims = await readClaims(req);
  if (!claims) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      userId: users.userId,
      name: users.name,
      role: users.role,
      idStatus: users.idStatus,
      walletAddr: users.walletAddr,
      status: users.status,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, claims.uid));
  if (row?.status !== "ACTIVE" || row.sessionVersion !== claims.sv) return null;
  const { status: _s, sessionVersion: _v, ...user } = row;
  return user;
}

/** Every cookie name a session may live under (plain and Secure variants). */
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;

/** A Set-Cookie header value. */
export function serializeCookie(
  name: string,
  value: string,
  o: { httpOnly?: boolean; sameSite?: "lax" | "strict"; secure?: boolean; path?: string; maxAge?: number },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path ?? "/"}`];
  if (o.maxAge !== undefined) {
    parts.push(`Max-Age=${o.maxAge}`);
    parts.push(`Expires=${new Date(Date.now() + o.maxAge * 1000).toUTCString()}`);
  }
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.sameSite) parts.push(`SameSite=${o.sameSite === "lax" ? "Lax" : "Strict"}`);
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The Set-Cookie value that starts a session for this member on this request's scheme. */
export async function sessionSetCookie(
  user: { id: number; userId: string; sessionVersion: number; role: Role },
  req: Request,
): Promise<string> {
  const c = await issueSessionCookie(user, isSecureRequest(req));
  return serializeCookie(c.name, c.value, c.options);
}

/** Set-Cookie values that remove the session cookie under both names. */
export function clearSessionCookies(req: Request): string[] {
  const secure = isSecureRequest(req);
  return [
    serializeCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 }),
    serializeCookie(SECURE_SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 0 }),
  ];
}
