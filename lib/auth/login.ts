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
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { type Role, users } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { hit, LOGIN_ACCOUNT, LOGIN_IP, limitKey, peek, rateLimited, reset } from "@/lib/rate-limit";
import { verifyPassword } from "./password";
import { revokeSession, type SessionUser } from "./session";

/** Namespace of the per-account advisory lock (an arbitrary constant: "LOGN"). */
const LOGIN_LOCK_NS = 0x4c4f474e;

type Account = { id: number; userId: string; role: Role };
export type PasswordCheck =
  | { ok: true; account: Account }
  | { ok: false; throttled: false; account: Account | null }
  | { ok: false; throttled: true; by: "account" | "ip"; retryAfter: number };

/**
 * Verifies `password` for the active member named by `who` (a login handle, or an id with its handle)
 * under the account's failure budget; a failure also counts against `ip` when given. Unknown members
 * cost the same hash as wrong passwords.
 */
export async function checkPassword(
  who: { handle: string; id?: number },
  password: string,
  ip?: string,
  db?: DbOrTx,
): Promise<PasswordCheck> {
  const conn = db ?? (await getDb());
  const byId: SQL = who.id === undefined ? sql`lower(${users.userId}) = lower(${who.handle})` : eq(users.id, who.id);
  return conn.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_NS}, hashtext(${limitKey(LOGIN_ACCOUNT, who.handle)}))`,
    );
    const acct = await peek(LOGIN_ACCOUNT, who.handle, tx);
    if (acct.blocked) return { ok: false, throttled: true, by: "account", retryAfter: acct.retryAfter };
    // Again now that the lock is held: parallel guesses from one address may have spent its budget meanwhile.
    const byIp = ip ? await peek(LOGIN_IP, ip, tx) : null;
    if (byIp?.blocked) return { ok: false, throttled: true, by: "ip", retryAfter: byIp.retryAfter };
    const [row] = await tx
      .select({ id: users.id, userId: users.userId, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(and(byId, eq(users.status, "ACTIVE")));
    const account = row ? { id: row.id, userId: row.userId, role: row.role } : null;
    if (!(await verifyPassword(row?.passwordHash, password)) || !account) {
      // Recorded before the lock is released, so the next guess at this account already sees it.
      await hit(LOGIN_ACCOUNT, who.handle, tx);
      if (ip) await hit(LOGIN_IP, ip, tx);
      return { ok: false, throttled: false, account };
    }
    await reset(LOGIN_ACCOUNT, who.handle, tx);
    return { ok: true, account };
  });
}

export type LoginResult = Account;

/**
 * Verifies credentials under the brute-force limits: 401 INVALID_CREDENTIALS for an unknown member and a
 * wrong password alike, 429 with Retry-After while the address or the account is over its budget.
 * The caller starts the session (lib/auth/session.ts sessionSetCookie).
 */
export async function login(userId: string, password: string, meta: RequestMeta): Promise<LoginResult> {
  const db = await getDb();
  const handle = userId.trim();
  const throttled = async (by: "ip" | "account", retryAfter: number) => {
    await audit(db, { action: "LOGIN_THROTTLED", ...meta, after: { userId: handle.slice(0, 64), by } });
    return rateLimited(retryAfter);
  };
  const byIp = await peek(LOGIN_IP, meta.ip);
  if (byIp.blocked) throw await throttled("ip", byIp.retryAfter);
  const check = await checkPassword({ handle }, password, meta.ip);
  if (!check.ok && check.throttled) throw await throttled(check.by, check.retryAfter);
  if (!check.ok) {
    await audit(db, {
      action: "LOGIN_FAILURE",
      targetUserId: check.account?.id ?? null,
      ...meta,
      after: { userId: handle.slice(0, 64) },
    });
    throw new AppError("INVALID_CREDENTIALS");
  }
  const { account } = check;
  await audit(db, { action: "LOGIN_SUCCESS", actorId: account.id, targetUserId: account.id, ...meta });
  return account;
}

/** Ends the session the request came with (only that one: the member's other devices stay signed in). */
export async function logout(user: SessionUser | null, meta: RequestMeta): Promise<void> {
  const db = await getDb();
  if (user) await revokeSession(db, user.sessionId);
  await audit(db, { action: "LOGOUT", actorId: user?.id ?? null, targetUserId: user?.id ?? null, ...meta });
}
