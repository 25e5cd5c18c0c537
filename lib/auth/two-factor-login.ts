/**
 * The second step of a login with two-factor on (SECURITY.md I40; codes and enrolment in ./two-factor.ts):
 * POST /api/login answers { twoFactorRequired: true } with a pending-login cookie — a token naming the member,
 * sealed like a session token under its own derived key, good for 5 minutes by lib/clock — and no session;
 * POST /api/login/2fa completes it with a TOTP or recovery code under the login throttle.
 */
import { decode, encode } from "next-auth/jwt";
import { auditInsert, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { assertNotPaused } from "@/lib/maintenance/check";
import { newDeviceLoginSql } from "@/lib/notifications";
import { authSecret } from "@/lib/secret";
import { readCookie } from "./cookies";
import { checkLoginFactor, type LoginResult, loginLocked, newSession, sessionInsertSql } from "./login";
import { isSecureRequest, serializeCookie } from "./session";
import { type CodeCheck, checkCode } from "./two-factor";

/** How long a right password waits for its code. */
export const PENDING_LOGIN_SEC = 5 * 60;
export const PENDING_COOKIE = "wld-2fa-pending";
/** Its token is sealed like a session token but under its own derived key (next-auth's salt). */
const PENDING_SALT = "wld-2fa-pending-login";

type PendingLogin = { uid: number; handle: string };

/** The Set-Cookie of a pending login: the member, sealed, good for PENDING_LOGIN_SEC from lib/clock's now. */
export async function pendingLoginCookie(member: { id: number; userId: string }, req: Request): Promise<string> {
  const value = await encode({
    token: { uid: member.id, handle: member.userId, at: now().getTime() },
    secret: authSecret(),
    salt: PENDING_SALT,
    maxAge: PENDING_LOGIN_SEC + 60, // the token's own (real-time) expiry; the rule is checked by lib/clock below
  });
  return serializeCookie(PENDING_COOKIE, value, {
    httpOnly: true,
    sameSite: "strict",
    secure: isSecureRequest(req),
    path: "/api/login",
    maxAge: PENDING_LOGIN_SEC,
  });
}

export function clearPendingLoginCookie(req: Request): string {
  return serializeCookie(PENDING_COOKIE, "", {
    httpOnly: true,
    sameSite: "strict",
    secure: isSecureRequest(req),
    path: "/api/login",
    maxAge: 0,
  });
}

async function readPendingLogin(req: Request): Promise<PendingLogin | null> {
  const raw = readCookie(req, PENDING_COOKIE);
  if (!raw || raw.length > 4096) return null;
  try {
    const token = await decode({ token: raw, secret: authSecret(), salt: PENDING_SALT });
    const uid = Number(token?.uid);
    const at = Number(token?.at);
    const handle = token?.handle;
    if (!Number.isInteger(uid) || typeof handle !== "string" || !Number.isFinite(at)) return null;
    const age = now().getTime() - at;
    if (age < -60_000 || age > PENDING_LOGIN_SEC * 1000) return null;
    return { uid, handle };
  } catch {
    return null;
  }
}

/**
 * POST /api/login/2fa: completes a pending login with a TOTP or recovery code. 401 TWO_FACTOR_EXPIRED without
 * a pending login of the last 5 minutes; 400 INVALID_OTP for a wrong or used code (a login failure of the
 * account and the address: the same budgets as wrong passwords); 429 while either is spent. On success the
 * session row is inserted in the check's closing statement, as a password login does.
 */
export async function completeTwoFactorLogin(
  req: Request,
  code: string,
  meta: RequestMeta,
  client: { userAgent?: string | null },
): Promise<LoginResult & { session: { id: string; expiresAt: Date } }> {
  const pending = await readPendingLogin(req);
  if (!pending) throw new AppError("TWO_FACTOR_EXPIRED");
  const session = newSession();
  let used: CodeCheck["kind"] = null;
  const check = await checkLoginFactor(
    { handle: pending.handle, id: pending.uid },
    async (tx, _row, account) => {
      if (!account?.twoFactor) return false;
      // Members' login paused for maintenance since the password step (lib/maintenance): 503, the code unspent.
      if (account.role === "USER") await assertNotPaused(tx, "login");
      const r = await checkCode(tx, account.id, code, { recovery: true, consume: true });
      used = r.kind;
      return r.ok;
    },
    meta.ip,
    undefined,
    {
      throttled: (by) => [
        auditInsert({ action: "LOGIN_THROTTLED", targetUserId: pending.uid, ...meta, after: { by } }),
      ],
      failure: (account) => [
        auditInsert({ action: "LOGIN_2FA_FAILURE", targetUserId: account?.id ?? pending.uid, ...meta }),
      ],
      success: (account) => [
        auditInsert({
          action: "LOGIN_SUCCESS",
          actorId: account.id,
          targetUserId: account.id,
          ...meta,
          after: { factor: used },
        }),
        ...(used === "recovery"
          ? [
              auditInsert({
                action: "two_factor.recovery_used",
                actorId: account.id,
                targetUserId: account.id,
                ...meta,
              }),
            ]
          : []),
        sessionInsertSql(session, account.id, meta, client, true),
        newDeviceLoginSql(account.id, { ...client, ip: meta.ip }),
      ],
    },
  );
  if (!check.ok && check.throttled) throw loginLocked(check.retryAfter);
  if (!check.ok) throw new AppError("INVALID_OTP");
  const { twoFactor: _on, ...account } = check.account;
  return { ...account, session };
}
