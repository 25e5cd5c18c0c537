/**
 * Fixed-window counters in PostgreSQL (table rate_limits), so limits hold across app instances.
 * Two uses: `enforce` counts every attempt BEFORE the expensive or sensitive work (sign-ups, lookups,
 * uploads), so N parallel requests cannot all slip under the limit; the login and current-password
 * throttles count failures only (`peek` before the work, `hit` after a failure; see lib/auth/login.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export type Limit = { name: string; max: number; windowSec: number };

/** 5 failed logins per account per 15 minutes (spec: well under 100 an hour). */
export const LOGIN_ACCOUNT: Limit = { name: "login:acct", max: 5, windowSec: 15 * 60 };
/** One address trying many accounts. */
export const LOGIN_IP: Limit = { name: "login:ip", max: 30, windowSec: 15 * 60 };
/** Sign-ups per address (generous enough for a shared office NAT, tight enough against scripted mass sign-ups). */
export const signupIpLimit = (): Limit => ({ name: "signup:ip", max: env().SIGNUP_LIMIT_PER_HOUR, windowSec: 60 * 60 });
/** Referral-code lookups per address (codes are guessable tokens). */
export const REFCODE_IP: Limit = { name: "refcode:ip", max: 60, windowSec: 60 };

export type Hit = { key: string; count: number; retryAfter: number; blocked: boolean };

export const limitKey = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;

/** hit()'s upsert as a SQL fragment (RETURNING count, retry_after), to join another statement as a CTE. */
export function hitSql(limit: Limit, subject: string): SQL {
  const key = limitKey(limit, subject);
  const win = sql`make_interval(secs => ${limit.windowSec}::double precision)`;
  return sql`
      INSERT INTO rate_limits AS r (key, count, window_start) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.window_start <= now() - ${win} THEN 1 ELSE r.count + 1 END,
        window_start = CASE WHEN r.window_start <= now() - ${win} THEN now() ELSE r.window_start END
      RETURNING count, greatest(1, ceil(extract(epoch FROM (window_start + ${win} - now()))))::int AS retry_after`;
}

/** reset()'s DELETE as a SQL fragment, to join another statement as a CTE. */
export function resetSql(limit: Limit, subject: string): SQL {
  return sql`DELETE FROM rate_limits WHERE key = ${limitKey(limit, subject)}`;
}

/** Counts one attempt; `blocked` when this attempt is over the limit. */
export async function hit(limit: Limit, subject: string, db?: DbOrTx): Promise<Hit> {
  const conn = db ?? (await getDb());
  const key = limitKey(limit, subject);
  const rows = rowsOf<{ count: number; retry_after: number }>(await conn.execute(hitSql(limit, subject)));
  const row = rows[0]!;
  const count = Number(row.count);
  return { key, count, retryAfter: Number(row.retry_after), blocked: count > limit.max };
}

/**
 * The current count without adding to it; `blocked` when the budget is already spent (count >= max),
 * so the next attempt would be over the limit. A window that has ended counts as 0.
 */
export async function peek(limit: Limit, subject: string, db?: DbOrTx): Promise<Hit> {
  const conn = db ?? (await getDb());
  const key = limitKey(limit, subject);
  const win = sql`make_interval(secs => ${limit.windowSec}::double precision)`;
  const rows = rowsOf<{ count: number; retry_after: number }>(
    await conn.execute(sql`
      SELECT count, greatest(1, ceil(extract(epoch FROM (window_start + ${win} - now()))))::int AS retry_after
      FROM rate_limits WHERE key = ${key} AND window_start > now() - ${win}`),
  );
  const count = Number(rows[0]?.count ?? 0);
  return { key, count, retryAfter: Number(rows[0]?.retry_after ?? 0), blocked: count >= limit.max };
}

/** Clears a counter (successful login on the account; an administrator's password reset). */
export async function reset(limit: Limit, subject: string, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.execute(resetSql(limit, subject));
}

/** 429 RATE_LIMITED with Retry-After. */
export function rateLimited(retryAfter: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return new AppError("RATE_LIMITED", {}, { "retry-after": String(seconds) });
}

/** Counts one attempt and throws 429 when over the limit. */
export async function enforce(limit: Limit, subject: string, db?: DbOrTx): Promise<Hit> {
  const h = await hit(limit, subject, db);
  if (h.blocked) throw rateLimited(h.retryAfter);
  return h;
}

/** Drops windows that ended long ago (housekeeping; safe to run any time). */
export async function purgeExpired(olderThanSec = 24 * 3600): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${olderThanSec}::double precision)`,
  );
}

/** Hourly purge of old windows; unref'd so it never keeps a process alive. */
export function startRateLimitPurge(): void {
  const timer = setInterval(() => {
    purgeExpired().catch(() => {});
  }, 3_600_000);
  timer.unref?.();
}
