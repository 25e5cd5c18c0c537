/**
 * Sessions: one row of the sessions table per login, named by a random id (256 bits) that the encrypted
 * next-auth JWT in the HttpOnly cookie carries. Every request's check (`sessionUser`) requires the row
 * unrevoked, within its absolute lifetime (12 hours after login, never extended), not idle (30 minutes for
 * administrators, 7 days for members) and the member ACTIVE — one statement on the hot path. Logout revokes
 * its own row; a password change the member's other rows; role change, deactivation and a reset all of them.
 * The row also says whether the session passed two-factor (`two_factor_at`: a login with a code, or the
 * enrolment made from it), which ADMIN_2FA=required asks of an administrator's session (lib/api/with-auth.ts).
 */
import crypto from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { type DbOrTx, getDb } from "@/db/client";
import { type IdStatus, type Role, sessions } from "@/db/schema";
import { statement } from "@/db/statement";
import { clientIp } from "@/lib/http/ip";
import { CONSOLE_ROLES } from "@/lib/auth/roles";
import { authSecret } from "@/lib/secret";
import { peekToken, readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./cookies";

export { SECURE_SESSION_COOKIE, SESSION_COOKIE };

/** Absolute lifetime: a session ends this long after login however active it is. */
export const SESSION_MAX_AGE = 60 * 60 * 12;
/** Idle timeouts, by the member's current role. */
export const ADMIN_IDLE_SEC = 30 * 60;
export const MEMBER_IDLE_SEC = 7 * 24 * 60 * 60;
/** last_seen_at is written at most this often (the idle check tolerates the slack). */
const TOUCH_EVERY_SEC = 60;
const USER_AGENT_MAX = 256;

export type SessionUser = {
  id: number;
  userId: string;
  name: string;
  role: Role;
  idStatus: IdStatus;
  walletAddr: string | null;
  /** Two-factor authentication is on for the account (lib/auth/two-factor.ts): money requests need a code. */
  twoFactor: boolean;
  /** This session passed two-factor (sessions.two_factor_at): what ADMIN_2FA=required asks of an administrator. */
  twoFactorSession: boolean;
  /** Signed in with a reset's temporary password: only the password change answers (lib/auth/guards.ts). */
  passwordChangeRequired: boolean;
  /** The account approves no proposal before then (lib/auth/account-proposals.ts); null: no wait. */
  approverFrom: Date | null;
  /** The sessions row this request runs under (logout and a password change act on it). */
  sessionId: string;
};

/** HTTPS as the client saw it: an https URL, or X-Forwarded-Proto (kept only from TRUSTED_PROXIES, lib/http/ip.ts). */
export const isSecureRequest = (req: Request) =>
  new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";

export function sessionCookieName(secure: boolean) {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

type SessionOwner = { id: number; userId: string; role: Role };
type OpenSession = { id: string; expiresAt: Date };

/** Inserts a sessions row for a login. ip and a truncated user agent are kept for the member's device list. */
export async function startSession(
  owner: { id: number },
  client: { ip?: string | null; userAgent?: string | null } = {},
  db?: DbOrTx,
): Promise<OpenSession> {
  const conn = db ?? (await getDb());
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE * 1000);
  await conn.insert(sessions).values({
    id,
    userId: owner.id,
    expiresAt,
    ip: client.ip ?? null,
    userAgent: client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  return { id, expiresAt };
}

/**
 * The cookie for a session: a new one (a row is inserted) or, with `session`, the same session again
 * (same id, same end — re-issuing never extends it).
 */
export async function issueSessionCookie(
  user: SessionOwner,
  secure: boolean,
  opts: { session?: OpenSession; ip?: string | null; userAgent?: string | null } = {},
) {
  const session = opts.session ?? (await startSession(user, opts));
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  const value = await encode({
    token: { sub: String(user.id), uid: user.id, sid: session.id, name: user.userId, role: user.role },
    secret: authSecret(),
    maxAge,
  });
  return {
    name: sessionCookieName(secure),
    value,
    options: { httpOnly: true, sameSite: "lax" as const, secure, path: "/", maxAge },
  };
}

/**
 * The token's claims from the one cookie this request's scheme allows: under HTTPS only the `__Secure-`
 * cookie (a plain-named one could have been planted over HTTP), over plain HTTP only the plain one.
 */
export async function readClaims(req: Request) {
  return peekToken(readCookie(req, sessionCookieName(isSecureRequest(req))));
}

/** A constant interval written into the statement (our own numbers, never input). */
const secs = (n: number) => sql.raw(`interval '${Math.trunc(n)} seconds'`);

type SessionRow = {
  id: number;
  user_id: string;
  name: string;
  role: Role;
  id_status: IdStatus;
  wallet_addr: string | null;
  two_factor: boolean;
  session_two_factor: boolean;
  password_change_required: boolean;
  approver_from: Date | string | null;
};

/** The console roles (administrators and staff: the console's idle timeout) as a SQL list, built once. */
const admins = sql.join(
  CONSOLE_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/**
 * sessionUser's read: built once, sent straight to the driver on every request (db/statement.ts). A plain read —
 * the touch below runs only when it is due (at most once a minute per session), so the request's statement takes
 * no row lock and writes nothing.
 */
const activeSessionRow = statement<{ sid: string; uid: number }, SessionRow & { touch: boolean }>(
  (v) => sql`
      SELECT u.id, u.user_id, u.name, u.role, u.id_status, u.wallet_addr,
        u.two_factor_enabled_at IS NOT NULL AS two_factor, s.two_factor_at IS NOT NULL AS session_two_factor,
        u.password_change_required, u.approver_from,
        s.last_seen_at < now() - ${secs(TOUCH_EVERY_SEC)} AS touch
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${v.sid} AND s.user_id = ${v.uid} AND s.revoked_at IS NULL
        AND s.expires_at > now() AND u.status = 'ACTIVE'
        AND s.last_seen_at > now() - CASE WHEN u.role::text IN (${admins})
          THEN ${secs(ADMIN_IDLE_SEC)} ELSE ${secs(MEMBER_IDLE_SEC)} END`,
);

/** Marks a live session as seen; the condition again, so that requests racing each other write it once. */
const touchSession = statement<{ sid: string }, never>(
  (v) => sql`UPDATE sessions SET last_seen_at = now()
      WHERE id = ${v.sid} AND revoked_at IS NULL AND last_seen_at < now() - ${secs(TOUCH_EVERY_SEC)}`,
);

/**
 * The member behind the request's session, or null: no cookie, a bad or expired token, a revoked,
 * expired or idle session row, or a member who is not ACTIVE. Also marks the session as seen, at most
 * once a minute.
 *
 * Keep the hot path ONE statement: a lookup by the sessions primary key (s.id) joined to users by its primary
 * key; the touch is a second statement only when it is due (once a minute per session, not per request).
 */
export async function sessionUser(req: Request): Promise<SessionUser | null> {
  const claims = await readClaims(req);
  if (!claims) return null;
  const rows = await activeSessionRow({ sid: claims.sid, uid: claims.uid });
  const row = rows[0];
  if (!row) return null;
  if (row.touch) await touchSession({ sid: claims.sid });
  return {
    id: Number(row.id),
    userId: row.user_id,
    name: row.name,
    role: row.role,
    idStatus: row.id_status,
    walletAddr: row.wallet_addr,
    twoFactor: row.two_factor === true,
    twoFactorSession: row.session_two_factor === true,
    passwordChangeRequired: row.password_change_required === true,
    approverFrom: row.approver_from === null ? null : new Date(row.approver_from),
    sessionId: claims.sid,
  };
}

/** The idle timeout of a member's sessions, by their current role. */
export const idleSecondsOf = (role: Role) =>
  (CONSOLE_ROLES as readonly Role[]).includes(role) ? ADMIN_IDLE_SEC : MEMBER_IDLE_SEC;

/** Ends one session (logout). */
export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends one of the member's own sessions (the device list): owner and id both in the WHERE. True if it was live. */
export async function revokeOwnSession(db: DbOrTx, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Ends every session of a member (role change, deactivation, a password reset), or every one but
 * `except` (the member changed their own password from that session, or ended their other devices).
 * Answers how many were still open.
 */
export async function revokeMemberSessions(db: DbOrTx, userId: number, except?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

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

/**
 * The Set-Cookie value for this member on this request's scheme: starts a session (a row with the
 * request's address and user agent) or, when `user.session` is given, re-issues that same session.
 */
export async function sessionSetCookie(user: SessionOwner & { session?: OpenSession }, req: Request): Promise<string> {
  const c = await issueSessionCookie(user, isSecureRequest(req), {
    session: user.session,
    ip: clientIp(req),
    userAgent: req.headers.get("user-agent"),
  });
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
