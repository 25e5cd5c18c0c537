/**
 * Login (POST /api/login, public), logout, and the one throttled password check that login and every
 * current-password prompt share.
 *
 * Throttling counts FAILURES only: 5 per account (its handle, any address) and 30 per address in 15 minutes.
 * Both are checked before any hashing; an attempt refused by either counts against nothing, so a blocked
 * address cannot keep someone else's account locked, and correct logins never use up an office's shared
 * address. Checks of one account are serialized (a transaction-scoped advisory lock) so parallel wrong
 * guesses see each other's failures: at most 5 hashes per account per window. A success clears the
 * account's failures but gives the address nothing back. A SUPERADMIN password reset lifts an account lock.
 *
 * Two-factor (lib/auth/two-factor.ts): for a member with 2FA on, a right password alone clears nothing and
 * starts no session (the answer says `twoFactorRequired`); codes are checked by `checkLoginFactor` under the
 * same lock and budgets, so wrong codes and wrong passwords share one lockout, and only a right code clears it.
 */
import crypto from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import type { Role } from "@/db/schema";
import { auditInsert, audit, type RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { assertNotPaused } from "@/lib/maintenance/check";
import { newDeviceLoginSql } from "@/lib/notifications";
import { hitSql, LOGIN_ACCOUNT, LOGIN_IP, limitKey, resetSql } from "@/lib/rate-limit";
import { kstMinuteText } from "@/lib/money-cooldown";
import { verifyPassword } from "./password-hash";
import { revokeSession, SESSION_MAX_AGE, type SessionUser } from "./session";

/** Namespace of the per-account advisory lock (an arbitrary constant: "LOGN"). */
const LOGIN_LOCK_NS = 0x4c4f474e;
/** As lib/auth/session.ts startSession keeps it. */
const USER_AGENT_MAX = 256;

type Account = { id: number; userId: string; role: Role; twoFactor: boolean };
export type PasswordCheck =
  | { ok: true; account: Account }
  | { ok: false; throttled: false; account: Account | null }
  | { ok: false; throttled: true; by: "account" | "ip"; retryAfter: number };

/** Writes that join the check's one closing statement (audit rows, the new session), by outcome. */
type Closing = {
  throttled?: (by: "account" | "ip") => SQL[];
  failure?: (account: Account | null) => SQL[];
  success?: (account: Account) => SQL[];
};

/** Runs the writes as the data-modifying CTEs of one statement (nothing when there are none). */
async function writeAll(tx: DbOrTx, writes: SQL[]): Promise<void> {
  if (!writes.length) return;
  const ctes = sql.join(
    writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`),
    sql`, `,
  );
  await tx.execute(sql`WITH ${ctes} SELECT 1`);
}

type CheckRow = {
  blocked_by: "account" | "ip" | null;
  retry_after: number | null;
  member_id: number | null;
  member_handle: string | null;
  member_role: Role | null;
  member_hash: string | null;
  /** Two-factor authentication is on (users.two_factor_enabled_at set; db/migrations/0005). */
  member_two_factor: boolean | null;
};

/** Judges the member's answer (a password, a code) inside the check's transaction, under the account's lock. */
export type FactorVerifier = (tx: DbOrTx, row: CheckRow, account: Account | null) => Promise<boolean>;

/**
 * Verifies `password` for the active member named by `who` (a login handle, or an id with its handle)
 * under the account's failure budget; a failure also counts against `ip` when given. Unknown members
 * cost the same hash as wrong passwords.
 *
 * Two statements in one transaction around the one hash: login_check() (db/migrations/0004: the address's
 * budget, the per-account advisory lock, both budgets again under it, the member row), then one statement
 * with the outcome's writes — the failure counts (recorded before the lock is released, so the next guess at
 * this account already sees them), or the account's reset — joined by the caller's `closing` writes.
 */
export async function checkPassword(
  who: { handle: string; id?: number },
  password: string,
  ip?: string,
  db?: DbOrTx,
  closing: Closing = {},
): Promise<PasswordCheck> {
  // With 2FA on, the password is only half the proof: its success leaves the failures for the code to clear.
  return checkLoginFactor(who, async (_tx, row) => verifyPassword(row.member_hash, password), ip, db, closing, {
    clearOnSuccess: (account) => !account.twoFactor,
  });
}

/**
 * checkPassword's frame for any factor: login_check() (budgets, the account's lock, the member row), then
 * `verify`, then one closing statement with the failure counts or the reset. An unknown member is a failure.
 */
export async function checkLoginFactor(
  who: { handle: string; id?: number },
  verify: FactorVerifier,
  ip?: string,
  db?: DbOrTx,
  closing: Closing = {},
  opts: { clearOnSuccess?: (account: Account) => boolean } = {},
): Promise<PasswordCheck> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const [row] = rowsOf<CheckRow>(
      await tx.execute(sql`SELECT * FROM login_check(
        ${LOGIN_LOCK_NS}::integer, ${limitKey(LOGIN_ACCOUNT, who.handle)}::text, ${LOGIN_ACCOUNT.max}::integer,
        ${LOGIN_ACCOUNT.windowSec}::double precision, ${ip ? limitKey(LOGIN_IP, ip) : null}::text,
        ${LOGIN_IP.max}::integer, ${LOGIN_IP.windowSec}::double precision,
        ${who.handle}::text, ${who.id ?? null}::integer)`),
    );
    if (!row) throw new Error("login_check answered no row");
    if (row.blocked_by) {
      await writeAll(tx, closing.throttled?.(row.blocked_by) ?? []);
      return { ok: false, throttled: true, by: row.blocked_by, retryAfter: Number(row.retry_after) };
    }
    const account =
      row.member_id === null
        ? null
        : {
            id: Number(row.member_id),
            userId: row.member_handle as string,
            role: row.member_role as Role,
            twoFactor: row.member_two_factor === true,
          };
    if (!(await verify(tx, row, account)) || !account) {
      await writeAll(tx, [
        hitSql(LOGIN_ACCOUNT, who.handle),
        ...(ip ? [hitSql(LOGIN_IP, ip)] : []),
        ...(closing.failure?.(account) ?? []),
      ]);
      return { ok: false, throttled: false, account };
    }
    const clear = opts.clearOnSuccess?.(account) ?? true;
    await writeAll(tx, [
      ...(clear ? [resetSql(LOGIN_ACCOUNT, who.handle)] : []),
      ...(closing.success?.(account) ?? []),
    ]);
    return { ok: true, account };
  });
}

/**
 * A new session's row as a statement, to join a check's closing statement. `twoFactor`: the login passed a code
 * (sessions.two_factor_at, what ADMIN_2FA=required asks of an administrator's session).
 */
export function sessionInsertSql(
  session: { id: string; expiresAt: Date },
  accountId: number,
  meta: RequestMeta,
  client?: { userAgent?: string | null },
  twoFactor = false,
): SQL {
  return sql`INSERT INTO sessions (id, user_id, expires_at, ip, user_agent, two_factor_at) VALUES (${session.id}::text,
    ${accountId}::integer, ${session.expiresAt.toISOString()}::timestamptz, ${meta.ip ?? null}::text,
    ${client?.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null}::text,
    ${twoFactor ? sql`now()` : sql`NULL`})`;
}

/** A new session's id and absolute end (the row is inserted by the login's closing statement). */
export const newSession = () => ({
  id: crypto.randomBytes(32).toString("base64url"),
  expiresAt: new Date(Date.now() + SESSION_MAX_AGE * 1000),
});

export type LoginResult = Omit<Account, "twoFactor"> & {
  session?: { id: string; expiresAt: Date };
  /** The password was right and 2FA is on: no session yet; POST /api/login/2fa completes the login. */
  twoFactorRequired?: true;
};

/**
 * Verifies credentials under the brute-force limits: 401 INVALID_CREDENTIALS for an unknown member and a
 * wrong password alike, 429 LOGIN_LOCKED with Retry-After and the time it opens while the address or the account is
 * over its budget.
 * Every outcome's audit row is written in the check's closing statement. With `client`, a success also
 * inserts the sessions row there (answered as `session`, for lib/auth/session.ts sessionSetCookie to issue);
 * without it the caller starts the session. With 2FA on, a right password starts nothing: the answer has
 * `twoFactorRequired` and the audit row says LOGIN_PASSWORD_OK (lib/auth/two-factor.ts completes the login).
 */
export async function login(
  userId: string,
  password: string,
  meta: RequestMeta,
  client?: { userAgent?: string | null },
): Promise<LoginResult> {
  const handle = userId.trim();
  const who = { userId: handle.slice(0, 64) };
  const session = client ? newSession() : undefined;
  // checkPassword's frame, with one rule more: while members' login is paused for maintenance (lib/maintenance), a
  // member's right password starts nothing (503 MAINTENANCE; administrators and staff still log in) — one indexed
  // read inside the check's transaction, only after a right password, so a wrong one still answers 401.
  const verify: FactorVerifier = async (tx, row, account) => {
    if (!(await verifyPassword(row.member_hash, password))) return false;
    if (account?.role === "USER") await assertNotPaused(tx, "login");
    return true;
  };
  const check = await checkLoginFactor(
    { handle },
    verify,
    meta.ip,
    undefined,
    {
      throttled: (by) => [auditInsert({ action: "LOGIN_THROTTLED", ...meta, after: { ...who, by } })],
      failure: (account) => [
        auditInsert({ action: "LOGIN_FAILURE", targetUserId: account?.id ?? null, ...meta, after: who }),
      ],
      success: (account) => [
        auditInsert({
          action: account.twoFactor ? "LOGIN_PASSWORD_OK" : "LOGIN_SUCCESS",
          actorId: account.id,
          targetUserId: account.id,
          ...meta,
        }),
        ...(session && !account.twoFactor
          ? [
              sessionInsertSql(session, account.id, meta, client),
              newDeviceLoginSql(account.id, { ...client, ip: meta.ip }),
            ]
          : []),
      ],
    },
    { clearOnSuccess: (account) => !account.twoFactor },
  );
  if (!check.ok && check.throttled) throw loginLocked(check.retryAfter);
  if (!check.ok) throw new AppError("INVALID_CREDENTIALS");
  const { twoFactor, ...account } = check.account;
  if (twoFactor) return { ...account, twoFactorRequired: true };
  return session ? { ...account, session } : account;
}

/**
 * 429 LOGIN_LOCKED, with Retry-After and when the login opens again: `opensAt` (ISO) and `opensAtKst`
 * (to the minute, rounded up, in the message), for the login screen to say.
 */
export function loginLocked(retryAfter: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  const opensAt = new Date(Date.now() + seconds * 1000);
  const shown = new Date(Math.ceil(opensAt.getTime() / 60_000) * 60_000);
  return new AppError(
    "LOGIN_LOCKED",
    { opensAt: opensAt.toISOString(), opensAtKst: kstMinuteText(shown) },
    { "retry-after": String(seconds) },
  );
}

/** Ends the session the request came with (only that one: the member's other devices stay signed in). */
export async function logout(user: SessionUser | null, meta: RequestMeta): Promise<void> {
  const db = await getDb();
  if (user) await revokeSession(db, user.sessionId);
  await audit(db, { action: "LOGOUT", actorId: user?.id ?? null, targetUserId: user?.id ?? null, ...meta });
}
