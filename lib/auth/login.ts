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
 */
import crypto from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import type { Role } from "@/db/schema";
import { auditInsert, audit, type RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { hitSql, LOGIN_ACCOUNT, LOGIN_IP, limitKey, rateLimited, resetSql } from "@/lib/rate-limit";
import { verifyPassword } from "./password";
import { revokeSession, SESSION_MAX_AGE, type SessionUser } from "./session";

/** Namespace of the per-account advisory lock (an arbitrary constant: "LOGN"). */
const LOGIN_LOCK_NS = 0x4c4f474e;
/** As lib/auth/session.ts startSession keeps it. */
const USER_AGENT_MAX = 256;

type Account = { id: number; userId: string; role: Role };
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
};

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
        : { id: Number(row.member_id), userId: row.member_handle as string, role: row.member_role as Role };
    if (!(await verifyPassword(row.member_hash, password)) || !account) {
      await writeAll(tx, [
        hitSql(LOGIN_ACCOUNT, who.handle),
        ...(ip ? [hitSql(LOGIN_IP, ip)] : []),
        ...(closing.failure?.(account) ?? []),
      ]);
      return { ok: false, throttled: false, account };
    }
    await writeAll(tx, [resetSql(LOGIN_ACCOUNT, who.handle), ...(closing.success?.(account) ?? [])]);
    return { ok: true, account };
  });
}

export type LoginResult = Account & { session?: { id: string; expiresAt: Date } };

/**
 * Verifies credentials under the brute-force limits: 401 INVALID_CREDENTIALS for an unknown member and a
 * wrong password alike, 429 with Retry-After while the address or the account is over its budget.
 * Every outcome's audit row is written in the check's closing statement. With `client`, a success also
 * inserts the sessions row there (answered as `session`, for lib/auth/session.ts sessionSetCookie to issue);
 * without it the caller starts the session.
 */
export async function login(
  userId: string,
  password: string,
  meta: RequestMeta,
  client?: { userAgent?: string | null },
): Promise<LoginResult> {
  const handle = userId.trim();
  const who = { userId: handle.slice(0, 64) };
  const session = client
    ? { id: crypto.randomBytes(32).toString("base64url"), expiresAt: new Date(Date.now() + SESSION_MAX_AGE * 1000) }
    : undefined;
  const check = await checkPassword({ handle }, password, meta.ip, undefined, {
    throttled: (by) => [auditInsert({ action: "LOGIN_THROTTLED", ...meta, after: { ...who, by } })],
    failure: (account) => [
      auditInsert({ action: "LOGIN_FAILURE", targetUserId: account?.id ?? null, ...meta, after: who }),
    ],
    success: (account) => [
      auditInsert({ action: "LOGIN_SUCCESS", actorId: account.id, targetUserId: account.id, ...meta }),
      ...(session
        ? [
            sql`INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES (${session.id}::text,
              ${account.id}::integer, ${session.expiresAt.toISOString()}::timestamptz, ${meta.ip ?? null}::text,
              ${client?.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null}::text)`,
          ]
        : []),
    ],
  });
  if (!check.ok && check.throttled) throw rateLimited(check.retryAfter);
  if (!check.ok) throw new AppError("INVALID_CREDENTIALS");
  return session ? { ...check.account, session } : check.account;
}

/** Ends the session the request came with (only that one: the member's other devices stay signed in). */
export async function logout(user: SessionUser | null, meta: RequestMeta): Promise<void> {
  const db = await getDb();
  if (user) await revokeSession(db, user.sessionId);
  await audit(db, { action: "LOGOUT", actorId: user?.id ?? null, targetUserId: user?.id ?? null, ...meta });
}
