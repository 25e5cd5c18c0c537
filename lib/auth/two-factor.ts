/**
 * Two-factor authentication (SECURITY.md I40): TOTP per RFC 6238 (otpauth: SHA-1, 6 digits, 30-second steps,
 * one step of clock drift either way) plus ten one-time recovery codes.
 *
 * - The secret lives in users.two_factor_secret, AES-256-GCM encrypted with FILE_ENCRYPTION_KEY exactly like ID
 *   images (lib/storage/crypto.ts), the member's id bound in as associated data so a ciphertext copied to
 *   another member does not decrypt. It never leaves the server after enrolment.
 * - Enrolment: start with the current password (secret stored, still off; the QR and the manual key answered) →
 *   confirm with a valid code (on; the ten recovery codes answered once; the session that confirmed counts as
 *   having passed two-factor and every other session of the account ends) → off again only with the current
 *   password AND a code. Two-factor is proven per session (sessions.two_factor_at): a password-only session
 *   elsewhere never starts counting as one because the account enrolled.
 * - A code is accepted once: the time step of the last accepted TOTP code is stored (users.two_factor_last_step)
 *   and only a later step is accepted, by a conditional UPDATE, so two requests racing with one code cannot both
 *   pass. A recovery code is spent by a conditional UPDATE of its row.
 * - Every code check that can be guessed at (login, turning 2FA off, a money request) runs under the login
 *   throttle (lib/auth/login.ts checkLoginFactor: the account's advisory lock and failure budget), so wrong codes
 *   and wrong passwords share one lockout, and parallel guesses are judged one after another.
 * - Login: POST /api/login answers { twoFactorRequired: true } with a pending-login cookie and no session;
 *   POST /api/login/2fa completes it (./two-factor-login.ts).
 */
import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { idempotencyKeys, sessions, twoFactorRecoveryCodes, users } from "@/db/schema";
import { idempotencyKeyOf } from "@/lib/http/idempotency-key";
import { audit, auditInsert, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { notify } from "@/lib/notifications";
import { rateLimited } from "@/lib/rate-limit";
import { decrypt, encrypt } from "@/lib/storage/crypto";
import { startCooldown } from "@/lib/money-cooldown";
import { holdApprovals } from "./approver-rules";
import { checkLoginFactor } from "./login";
import { verifyCurrentPasswordOrThrow } from "./password-change";
import { revokeMemberSessions } from "./session";

const ISSUER = "WLD Wallet";
const PERIOD = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either side of now (RFC 6238, section 5.2, recommends at most one). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits, without the look-alikes 0/O and 1/I: 16 of them are 80 random bits. */
const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

// ─── secrets and codes ────────────────────────────────────────────────────────

const aad = (userId: number) => `two-factor:${userId}`;

/** The base32 secret sealed for the column: "<iv>.<ciphertext+tag>", both base64url. */
export function sealSecret(userId: number, base32: string): string {
  const { data, iv } = encrypt(Buffer.from(base32, "utf8"), aad(userId));
  return `${iv.toString("base64url")}.${data.toString("base64url")}`;
}

function openSecret(userId: number, sealed: string): string {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) throw new Error("two-factor: malformed stored secret");
  return decrypt(Buffer.from(data, "base64url"), Buffer.from(iv, "base64url"), aad(userId)).toString("utf8");
}

const totpOf = (base32: string, label = "") =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** The time step `code` belongs to (within the drift window at `at`), or null when it is not a valid code. */
export function stepOfCode(base32: string, code: string, at: Date = now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: at.getTime() }) + delta;
}

/** A code as typed: spaces and dashes dropped, letters upper-cased. */
const normalize = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/**
 * Recovery codes are hashed with plain SHA-256, not with the password hash (argon2): each is 80 bits from a
 * CSPRNG, so no dictionary or brute force reaches one, and a slow hash would only cost ten argon2 runs per
 * enrolment and a scan per login. A fast, deterministic hash also lets the row be found and spent in one
 * conditional UPDATE (WHERE code_hash = … AND used_at IS NULL).
 */
const hashRecoveryCode = (code: string) => crypto.createHash("sha256").update(normalize(code)).digest("hex");

function newRecoveryCode(): string {
  // 32 symbols: a byte's low 5 bits are uniform, so no modulo bias.
  const chars = [...crypto.randomBytes(16)].map((b) => RECOVERY_ALPHABET[b & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

// ─── verifying a code ─────────────────────────────────────────────────────────

export type CodeCheck = { ok: boolean; kind: "totp" | "recovery" | null; step: number | null };

/**
 * Checks `code` for the member inside `tx`: a 6-digit TOTP code of a step later than the last accepted one, or
 * (with `recovery`) an unspent recovery code. With `consume` the code is spent here (the step stored, the
 * recovery code marked used) by conditional UPDATEs; without it the caller spends the answered `step` later
 * (consumeOtpStep) in the transaction that does the work.
 */
export async function checkCode(
  tx: DbOrTx,
  userId: number,
  code: string,
  opts: { recovery: boolean; consume: boolean },
): Promise<CodeCheck> {
  const typed = normalize(code);
  const no: CodeCheck = { ok: false, kind: null, step: null };
  if (/^\d{6}$/.test(typed)) {
    const [row] = await tx
      .select({ secret: users.twoFactorSecret, lastStep: users.twoFactorLastStep })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.twoFactorEnabledAt)));
    if (!row?.secret) return no;
    const step = stepOfCode(openSecret(userId, row.secret), typed);
    if (step === null || (row.lastStep !== null && step <= Number(row.lastStep))) return no;
    if (opts.consume && !(await spendStep(tx, userId, step))) return no;
    return { ok: true, kind: "totp", step };
  }
  if (opts.recovery && /^[A-Z0-9]{16}$/.test(typed)) {
    const spent = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(typed)),
          isNull(twoFactorRecoveryCodes.usedAt),
          // only while 2FA is on (codes of an earlier enrolment are deleted, but be exact)
          sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.two_factor_enabled_at IS NOT NULL)`,
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length ? { ok: true, kind: "recovery", step: null } : no;
  }
  return no;
}

/** Stores `step` as the last accepted one, only if it is later than the stored one (false: already used). */
async function spendStep(tx: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`UPDATE users SET two_factor_last_step = ${step}::bigint
      WHERE id = ${userId}::integer AND two_factor_enabled_at IS NOT NULL
        AND (two_factor_last_step IS NULL OR two_factor_last_step < ${step}::bigint)
      RETURNING id`),
  );
  return rows.length > 0;
}

/**
 * A code checked under the login throttle (the account's lock and failure budget): 429 while the budget is
 * spent, 400 INVALID_OTP for a wrong or used code (counted as a failure, audited as `failureAction`).
 */
async function throttledCodeCheck(
  member: { id: number; userId: string },
  code: string,
  opts: { recovery: boolean; consume: boolean; failureAction: "OTP_FAILURE" | "LOGIN_2FA_FAILURE"; meta: RequestMeta },
): Promise<CodeCheck> {
  let result: CodeCheck = { ok: false, kind: null, step: null };
  const check = await checkLoginFactor(
    { handle: member.userId, id: member.id },
    async (tx, _row, account) => {
      if (!account?.twoFactor) return false;
      result = await checkCode(tx, account.id, code, opts);
      return result.ok;
    },
    undefined,
    undefined,
    {
      failure: (account) => [
        auditInsert({
          action: opts.failureAction,
          actorId: account?.id ?? null,
          targetUserId: account?.id ?? null,
          ...opts.meta,
        }),
      ],
    },
  );
  if (!check.ok && check.throttled) throw rateLimited(check.retryAfter);
  if (!check.ok) throw new AppError("INVALID_OTP");
  return result;
}

/** A TOTP or recovery code confirming a sensitive step (lifting a freeze), spent under the login throttle. */
export async function confirmCodeOrThrow(member: { id: number; userId: string }, code: string, meta: RequestMeta) {
  await throttledCodeCheck(member, code, { recovery: true, consume: true, failureAction: "OTP_FAILURE", meta });
}

// ─── state and enrolment ──────────────────────────────────────────────────────

export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: string | null;
  /** Enrolment started and not confirmed yet. */
  pending: boolean;
  recoveryCodesLeft: number;
};

export async function twoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const db = await getDb();
  const rows = rowsOf<{ enabled_at: Date | string | null; has_secret: boolean; left: string | number }>(
    await db.execute(sql`SELECT u.two_factor_enabled_at AS enabled_at, u.two_factor_secret IS NOT NULL AS has_secret,
        (SELECT count(*) FROM two_factor_recovery_codes c WHERE c.user_id = u.id AND c.used_at IS NULL) AS left
      FROM users u WHERE u.id = ${userId}::integer`),
  );
  const row = rows[0];
  if (!row) throw new AppError("UNAUTHENTICATED");
  const enabledAt = row.enabled_at ? new Date(row.enabled_at).toISOString() : null;
  return {
    enabled: enabledAt !== null,
    enabledAt,
    pending: enabledAt === null && row.has_secret === true,
    recoveryCodesLeft: enabledAt ? Number(row.left) : 0,
  };
}

export type Enrolment = { manualKey: string; otpauthUri: string; qrSvg: string };

/**
 * Starts (or restarts) enrolment: the current password first (400 WRONG_PASSWORD, 429 under the login throttle:
 * a session alone does not bind the account to someone's phone), then a new 160-bit secret, stored encrypted, 2FA
 * still off. Answers the otpauth:// URI as a QR code (SVG) and the secret as a manual key — the only time the
 * secret is shown. 409 INVALID_STATE while 2FA is on (turn it off first).
 */
export async function startEnrolment(
  member: { id: number; userId: string },
  currentPassword: string,
  meta: RequestMeta,
): Promise<Enrolment> {
  await verifyCurrentPasswordOrThrow(member.id, currentPassword, meta);
  const secret = new Secret({ size: 20 });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ twoFactorSecret: sealSecret(member.id, secret.base32), twoFactorLastStep: null })
      .where(and(eq(users.id, member.id), isNull(users.twoFactorEnabledAt)))
      .returning({ id: users.id });
    if (!updated.length) throw new AppError("INVALID_STATE");
    await audit(tx, { action: "two_factor.enrol", actorId: member.id, targetUserId: member.id, ...meta });
    const otpauthUri = totpOf(secret.base32, member.userId).toString();
    const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
    return { manualKey: secret.base32.match(/.{1,4}/g)!.join(" "), otpauthUri, qrSvg };
  });
}

/**
 * Confirms enrolment with a code from the app: 2FA on, the code's step stored (it cannot be used again), ten
 * new recovery codes stored hashed and answered once. The session that confirmed has passed two-factor; every
 * other session of the account ends (they signed in with the password alone). 400 INVALID_OTP for a wrong code
 * (enrolment stays pending), 409 INVALID_STATE without a started enrolment or when already on.
 */
export async function confirmEnrolment(
  member: { id: number; sessionId: string },
  code: string,
  meta: RequestMeta,
): Promise<{ recoveryCodes: string[] }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: users.twoFactorSecret, enabledAt: users.twoFactorEnabledAt })
      .from(users)
      .where(eq(users.id, member.id))
      .for("update");
    if (!row?.secret || row.enabledAt) throw new AppError("INVALID_STATE");
    const step = stepOfCode(openSecret(member.id, row.secret), normalize(code));
    if (step === null) throw new AppError("INVALID_OTP");
    await tx.update(users).set({ twoFactorEnabledAt: now(), twoFactorLastStep: step }).where(eq(users.id, member.id));
    await tx
      .update(sessions)
      .set({ twoFactorAt: now() })
      .where(and(eq(sessions.id, member.sessionId), eq(sessions.userId, member.id)));
    const otherSessionsEnded = await revokeMemberSessions(tx, member.id, member.sessionId);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, member.id));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(recoveryCodes.map((c) => ({ userId: member.id, codeHash: hashRecoveryCode(c) })));
    await audit(tx, {
      action: "two_factor.enable",
      actorId: member.id,
      targetUserId: member.id,
      ...meta,
      after: { otherSessionsEnded },
    });
    await notify(tx, member.id, "two_factor_changed", { change: "ENABLED", by: "self" });
    return { recoveryCodes };
  });
}

/** Clears the member's 2FA (secret, step, recovery codes) and starts the money cool-down, inside `tx`. */
async function clearTwoFactor(tx: DbOrTx, userId: number): Promise<boolean> {
  const cleared = await tx
    .update(users)
    .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
    .where(and(eq(users.id, userId), isNotNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (cleared.length) await startCooldown(tx, userId, "TWO_FACTOR_RESET");
  return cleared.length > 0;
}

/**
 * The member turns 2FA off with their current password (400 WRONG_PASSWORD) and a code — from the app or a
 * recovery code (400 INVALID_OTP) — both under the login throttle (429). Transfers and withdrawals then
 * wait out the 24-hour cool-down. 409 INVALID_STATE when 2FA is off.
 */
export async function disableTwoFactor(
  member: { id: number; userId: string; twoFactor: boolean },
  password: string,
  code: string,
  meta: RequestMeta,
): Promise<void> {
  if (!member.twoFactor) throw new AppError("INVALID_STATE");
  await verifyCurrentPasswordOrThrow(member.id, password, meta);
  await throttledCodeCheck(member, code, { recovery: true, consume: true, failureAction: "OTP_FAILURE", meta });
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!(await clearTwoFactor(tx, member.id))) throw new AppError("INVALID_STATE");
    await audit(tx, { action: "two_factor.disable", actorId: member.id, targetUserId: member.id, ...meta });
    await notify(tx, member.id, "two_factor_changed", { change: "DISABLED", by: "self" });
  });
}

/**
 * A SUPERADMIN resets a member's 2FA (a lost phone and lost recovery codes), inside `tx`: off, the money cool-down
 * started, the account's 72-hour wait as an approver started, the member notified. Target rules are the caller's.
 * Answers whether it was on (nothing changes when it was off). Callers: lib/auth/account-proposals.ts (a member's
 * reset at once, an administrator's once approved).
 */
export async function applyTwoFactorReset(
  tx: DbOrTx,
  actor: { id: number },
  targetId: number,
  meta: Partial<RequestMeta>,
): Promise<boolean> {
  const wasOn = await clearTwoFactor(tx, targetId);
  if (!wasOn) return false;
  await holdApprovals(tx, targetId);
  await audit(tx, { action: "two_factor.reset", actorId: actor.id, targetUserId: targetId, ...meta });
  await notify(tx, targetId, "two_factor_changed", { change: "RESET", by: "admin" });
  return true;
}

// ─── money requests ───────────────────────────────────────────────────────────

/**
 * A transfer or withdraw request of a member with 2FA on needs a current code (`otp`): 403 TWO_FACTOR_REQUIRED
 * without one, 400 INVALID_OTP (a counted failure) or 429 for a wrong one. The code is judged here under the
 * throttle but spent only by consumeOtpStep in the request's own transaction, so a request refused for another
 * reason (funds, cool-down, limit) leaves the code usable. Answers the step to spend, or null when there is
 * nothing to spend: 2FA off, or a retry of an Idempotency-Key that already has its answer (it replays it).
 */
export async function moneyOtpStep(
  req: Request,
  member: { id: number; userId: string; twoFactor: boolean },
  otp: string | undefined,
  meta: RequestMeta,
): Promise<number | null> {
  if (!member.twoFactor) return null;
  const key = idempotencyKeyOf(req);
  if (key !== null) {
    const db = await getDb();
    const [done] = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, member.id), eq(idempotencyKeys.key, key), isNotNull(idempotencyKeys.statusCode)),
      );
    if (done) return null;
  }
  if (!otp?.trim()) throw new AppError("TWO_FACTOR_REQUIRED");
  const r = await throttledCodeCheck(member, otp, {
    recovery: false,
    consume: false,
    failureAction: "OTP_FAILURE",
    meta,
  });
  return r.step;
}

/** Spends the step moneyOtpStep answered, in the request's transaction; 400 INVALID_OTP if it was used meanwhile. */
export async function consumeOtpStep(tx: DbOrTx, userId: number, step: number | null): Promise<void> {
  if (step === null) return;
  if (!(await spendStep(tx, userId, step))) throw new AppError("INVALID_OTP");
}
