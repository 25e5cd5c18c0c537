/**
 * Sessions: a next-auth JWT in an HttpOnly cookie that names the member and a session version.
 * Every request re-reads the member from the database, so a password change, role change or
 * deactivation (which bump session_version or status) ends older sessions at their next request.
 */
import { eq } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { type IdStatus, type Role, users } from "@/db/schema";
import { authSecret } from "@/lib/secret";

export const SESSION_MAX_AGE = 60 * 60 * 12;
export const SESSION_COOKIE = "next-auth.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-next-auth.session-token";

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

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
  }
  return undefined;
}

export async function readClaims(req: Request): Promise<SessionClaims | null> {
  const raw = readCookie(req, SECURE_SESSION_COOKIE) ?? readCookie(req, SESSION_COOKIE);
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: authSecret() });
    const uid = Number(token?.uid);
    const sv = Number(token?.sv);
    if (!Number.isInteger(uid) || !Number.isInteger(sv)) return null;
    return { uid, sv };
  } catch {
    return null;
  }
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
