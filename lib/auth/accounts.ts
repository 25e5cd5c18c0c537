/**
 * Identity operations behind the routes: sign-up, login, password change and reset, role, referral
 * code and phone edits, the admin member list and sign-up codes. Every change that ends sessions bumps
 * users.session_version in the same statement; every security event writes one audit row.
 */
import { type ProfileDto, profileColumns, toProfileDto } from "@/db/queries/users";
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { type Role, signupCodes, users } from "@/db/schema";
import { audit } from "@/lib/audit";
import { AppError, uniqueViolation } from "@/lib/errors";
import { generateRefCode, generateTemporaryPassword } from "@/lib/referral";
import { hit, LOGIN_ACCOUNT, LOGIN_IP, rateLimited, release, reset, SIGNUP_IP, enforce } from "@/lib/rate-limit";
import type { SignupInput } from "@/lib/validation/auth";
import { hashPassword, verifyPassword } from "./password";
import type { SessionUser } from "./session";

export type RequestMeta = { ip: string; requestId: string };

// ─── referral codes ─────────────────────────────────────────────────────────

type Referral = { kind: "member" | "signup-code"; ownerId: number; code: string };

/** An active member's referral code or an active, not used-up sign-up code; null when neither. */
export async function findReferral(db: DbOrTx, code: string): Promise<Referral | null> {
  const c = code.trim();
  if (!c) return null;
  const [member] = await db
    .select({ id: users.id, refCode: users.refCode })
    .from(users)
    .where(and(sql`upper(${users.refCode}) = upper(${c})`, eq(users.status, "ACTIVE")));
  if (member) return { kind: "member", ownerId: member.id, code: member.refCode };
  const [sc] = await db
    .select({ ownerId: signupCodes.ownerId, code: signupCodes.code })
    .from(signupCodes)
    .where(
      and(
        sql`upper(${signupCodes.code}) = upper(${c})`,
        eq(signupCodes.active, true),
        sql`(${signupCodes.maxUses} IS NULL OR ${signupCodes.uses} < ${signupCodes.maxUses})`,
      ),
    );
  return sc ? { kind: "signup-code", ownerId: sc.ownerId, code: sc.code } : null;
}

/** True when a code is taken by a member or a sign-up code (any state). */
async function codeTaken(db: DbOrTx, code: string, exceptUserId?: number): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      SELECT 1 AS one FROM users WHERE upper(ref_code) = upper(${code}) AND id <> ${exceptUserId ?? 0}
      UNION ALL SELECT 1 FROM signup_codes WHERE upper(code) = upper(${code}) LIMIT 1`),
  );
  return rows.length > 0;
}

async function freshCode(db: DbOrTx): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = generateRefCode();
    if (!(await codeTaken(db, code))) return code;
  }
  throw new Error("could not find a free referral code");
}

// ─── sign-up ────────────────────────────────────────────────────────────────

/** Creates a member. Throws INVALID_REFCODE (404), USERID_TAKEN (409), RATE_LIMITED (429). */
export async function signup(input: SignupInput, meta: RequestMeta): Promise<{ id: number; userId: string }> {
  const db = await getDb();
  await enforce(SIGNUP_IP, meta.ip);
  // Hash outside the transaction: it takes tens of milliseconds and needs no lock.
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const taken = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.userId}) = lower(${input.userId})`);
        if (taken.length) throw new AppError("USERID_TAKEN");
        const referral = await findReferral(tx, input.refId);
        if (!referral) throw new AppError("INVALID_REFCODE");
        if (referral.kind === "signup-code") {
          // Counted atomically: a code with max_uses can never be used more often than that.
          const used = await tx.execute(sql`
            UPDATE signup_codes SET uses = uses + 1
            WHERE upper(code) = upper(${referral.code}) AND active
              AND (max_uses IS NULL OR uses < max_uses)
            RETURNING id`);
          if (rowsOf(used).length === 0) throw new AppError("INVALID_REFCODE");
        }
        const [row] = await tx
          .insert(users)
          .values({
            userId: input.userId,
            name: input.name,
            passwordHash,
            role: "USER",
            refCode: await freshCode(tx),
            refId: referral.code,
            referrerId: referral.ownerId,
            phone: input.phone ? input.phone : null,
          })
          .returning({ id: users.id, userId: users.userId });
        await audit(tx, {
          action: "SIGNUP",
          actorId: row!.id,
          targetUserId: row!.id,
          ip: meta.ip,
          requestId: meta.requestId,
          after: { userId: row!.userId, refId: referral.code, referrerId: referral.ownerId },
        });
        return row!;
      });
    } catch (e) {
      const constraint = uniqueViolation(e);
      if (constraint === "users_user_id_lower_uq") throw new AppError("USERID_TAKEN");
      if (constraint === "users_ref_code_uq" && attempt < 3) continue; // a generated code collided
      throw e;
    }
  }
}

/** GET /api/users/by-refcode/{code}: valid or 404. */
export async function checkRefCode(code: string): Promise<void> {
  const db = await getDb();
  if (!(await findReferral(db, code))) throw new AppError("INVALID_REFCODE");
}

// ─── login ──────────────────────────────────────────────────────────────────

export type LoginResult = { id: number; userId: string; role: Role; sessionVersion: number };

/**
 * Verifies credentials under the brute-force limits. The attempt is counted before the password is
 * checked (per account and per address), so the sixth try inside the window is refused with 429 even
 * with the right password. Unknown users and wrong passwords get the same error after the same work.
 */
export async function login(userId: string, password: string, meta: RequestMeta): Promise<LoginResult> {
  const db = await getDb();
  const handle = userId.trim();
  const [acct, byIp] = [await hit(LOGIN_ACCOUNT, handle), await hit(LOGIN_IP, meta.ip)];
  if (acct.blocked || byIp.blocked) {
    await audit(db, {
      action: "LOGIN_THROTTLED",
      ip: meta.ip,
      requestId: meta.requestId,
      after: { userId: handle.slice(0, 64), account: acct.blocked, ip: byIp.blocked },
    });
    throw rateLimited(Math.max(acct.blocked ? acct.retryAfter : 0, byIp.blocked ? byIp.retryAfter : 0));
  }
  const [row] = await db
    .select({
      id: users.id,
      userId: users.userId,
      role: users.role,
      passwordHash: users.passwordHash,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(and(sql`lower(${users.userId}) = lower(${handle})`, eq(users.status, "ACTIVE")));
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) {
    await audit(db, {
      action: "LOGIN_FAILURE",
      targetUserId: row?.id ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
      after: { userId: handle.slice(0, 64) },
    });
    throw new AppError("INVALID_CREDENTIALS");
  }
  await reset(LOGIN_ACCOUNT, handle);
  await release(LOGIN_IP, meta.ip);
  await audit(db, {
    action: "LOGIN_SUCCESS",
    actorId: row.id,
    targetUserId: row.id,
    ip: meta.ip,
    requestId: meta.requestId,
  });
  return { id: row.id, userId: row.userId, role: row.role, sessionVersion: row.sessionVersion };
}

/**
 * Ends the member's sessions: bumping session_version revokes every token issued before
 * (stateless JWTs cannot be revoked one by one), so logout signs out all of the member's devices.
 */
export async function logout(user: SessionUser | null, meta: RequestMeta): Promise<void> {
  const db = await getDb();
  if (user) {
    await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
  }
  await audit(db, {
    action: "LOGOUT",
    actorId: user?.id ?? null,
    targetUserId: user?.id ?? null,
    ip: meta.ip,
    requestId: meta.requestId,
  });
}

// ─── passwords ──────────────────────────────────────────────────────────────

/** The member changes their own password; the current one is required. Returns the new session data. */
export async function changePassword(
  actor: SessionUser,
  currentPassword: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<LoginResult> {
  const db = await getDb();
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, actor.id), eq(users.status, "ACTIVE")));
  if (!row) throw new AppError("UNAUTHENTICATED");
  // The current-password check is a login attempt too: it shares the account's failure counter.
  const attempt = await hit(LOGIN_ACCOUNT, actor.userId);
  if (attempt.blocked) throw rateLimited(attempt.retryAfter);
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    await audit(db, {
      action: "PASSWORD_CHANGE_FAILURE",
      actorId: actor.id,
      targetUserId: actor.id,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    throw new AppError("WRONG_PASSWORD");
  }
  await reset(LOGIN_ACCOUNT, actor.userId);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, actor.id), eq(users.status, "ACTIVE")))
      .returning({ id: users.id, userId: users.userId, role: users.role, sessionVersion: users.sessionVersion });
    if (!updated) throw new AppError("UNAUTHENTICATED");
    await audit(tx, {
      action: "PASSWORD_CHANGE",
      actorId: actor.id,
      targetUserId: actor.id,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    return updated;
  });
}

/** SUPERADMIN issues a one-time temporary password (answered once, never stored in clear). */
export async function resetPassword(actor: SessionUser, targetId: number, meta: RequestMeta): Promise<string> {
  if (targetId === actor.id) throw new AppError("FORBIDDEN"); // own password: change it with the current one
  const db = await getDb();
  const temporary = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporary);
  const target = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, targetId), eq(users.status, "ACTIVE")))
      .returning({ id: users.id, userId: users.userId });
    if (!row) throw new AppError("NOT_FOUND");
    await audit(tx, {
      action: "PASSWORD_RESET",
      actorId: actor.id,
      targetUserId: row.id,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    return row;
  });
  // The owner's documented way back in after a lock-out: a reset also lifts the login throttle.
  await reset(LOGIN_ACCOUNT, target.userId);
  return temporary;
}

// ─── admin edits ────────────────────────────────────────────────────────────

export type AdminTarget = { id: number; userId: string; role: Role };

/**
 * Loads the member an admin route acts on (by numeric id). ADMINs cannot act on SUPERADMIN
 * accounts (403); a missing or deactivated member is 404.
 */
export async function adminTarget(db: DbOrTx, actor: SessionUser, id: number): Promise<AdminTarget> {
  const [row] = await db
    .select({ id: users.id, userId: users.userId, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, "ACTIVE")));
  if (!row) throw new AppError("NOT_FOUND");
  if (row.role === "SUPERADMIN" && actor.role !== "SUPERADMIN") throw new AppError("FORBIDDEN");
  return row;
}

/**
 * SUPERADMIN sets a member's role. SUPERADMIN rows cannot be changed (so the last SUPERADMIN can
 * never be demoted), nobody changes their own role. One guarded UPDATE: no read-check-write race.
 */
export async function setRole(actor: SessionUser, targetId: number, role: Role, meta: RequestMeta) {
  if (actor.role !== "SUPERADMIN") throw new AppError("FORBIDDEN");
  if (targetId === actor.id) throw new AppError("FORBIDDEN");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await adminTarget(tx, actor, targetId);
    if (target.role === "SUPERADMIN") {
      const supers = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "SUPERADMIN"), eq(users.status, "ACTIVE")));
      throw new AppError(Number(supers[0]?.n ?? 0) <= 1 ? "LAST_SUPERADMIN" : "FORBIDDEN");
    }
    if (target.role === role) return { id: target.id, userId: target.userId, role };
    const [row] = await tx
      .update(users)
      .set({ role, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, targetId), sql`${users.role} <> 'SUPERADMIN'`, eq(users.status, "ACTIVE")))
      .returning({ id: users.id, userId: users.userId, role: users.role });
    if (!row) throw new AppError("CONFLICT");
    await audit(tx, {
      action: "ROLE_CHANGE",
      actorId: actor.id,
      targetUserId: row.id,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { role: target.role },
      after: { role: row.role },
    });
    return row;
  });
}

/** SUPERADMIN edits a member's referral code; a code in use (member or sign-up code) → 409. */
export async function setRefCode(actor: SessionUser, targetId: number, refCode: string, meta: RequestMeta) {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const target = await adminTarget(tx, actor, targetId);
      const [before] = await tx.select({ refCode: users.refCode }).from(users).where(eq(users.id, target.id));
      if (await codeTaken(tx, refCode, target.id)) throw new AppError("REFCODE_IN_USE");
      await tx.update(users).set({ refCode, updatedAt: new Date() }).where(eq(users.id, target.id));
      await audit(tx, {
        action: "REFCODE_CHANGE",
        actorId: actor.id,
        targetUserId: target.id,
        ip: meta.ip,
        requestId: meta.requestId,
        before: { refCode: before?.refCode },
        after: { refCode },
      });
      return { id: target.id, userId: target.userId, refCode };
    });
  } catch (e) {
    if (uniqueViolation(e) === "users_ref_code_uq") throw new AppError("REFCODE_IN_USE");
    throw e;
  }
}

/** An admin edits a member's phone (non-empty). */
export async function setPhone(actor: SessionUser, targetId: number, phone: string, meta: RequestMeta) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await adminTarget(tx, actor, targetId);
    const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, target.id));
    await tx.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, target.id));
    await audit(tx, {
      action: "PHONE_CHANGE",
      actorId: actor.id,
      targetUserId: target.id,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { phone: before?.phone ?? null },
      after: { phone },
    });
    return { id: target.id, userId: target.userId, phone };
  });
}

// ─── member list ────────────────────────────────────────────────────────────

export type MemberDto = ProfileDto;

/** Active members, newest first, searched by handle or name and by phone. Never a password. */
export async function listMembers(q: { search: string; phone: string; page: number; limit: number }) {
  const db = await getDb();
  const esc = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(users.status, "ACTIVE"),
    q.search ? or(ilike(users.userId, esc(q.search)), ilike(users.name, esc(q.search))) : undefined,
    q.phone ? ilike(users.phone, esc(q.phone)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(profileColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const list: MemberDto[] = rows.map(toProfileDto);
  return { users: list, total: Number(totals[0]?.n ?? 0) };
}

// ─── sign-up codes ──────────────────────────────────────────────────────────

export type SignupCodeDto = {
  id: number;
  code: string;
  note: string | null;
  active: boolean;
  maxUses: number | null;
  uses: number;
  ownerUserId: string | null;
  createdAt: string;
};

export async function listSignupCodes(): Promise<SignupCodeDto[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: signupCodes.id,
      code: signupCodes.code,
      note: signupCodes.note,
      active: signupCodes.active,
      maxUses: signupCodes.maxUses,
      uses: signupCodes.uses,
      ownerUserId: users.userId,
      createdAt: signupCodes.createdAt,
    })
    .from(signupCodes)
    .leftJoin(users, eq(users.id, signupCodes.ownerId))
    .orderBy(desc(signupCodes.createdAt), desc(signupCodes.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function createSignupCode(
  actor: SessionUser,
  input: { code?: string; note?: string; maxUses?: number | null },
  meta: RequestMeta,
): Promise<SignupCodeDto> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const code = input.code ?? (await freshCode(tx));
      if (await codeTaken(tx, code)) throw new AppError("REFCODE_IN_USE");
      const [row] = await tx
        .insert(signupCodes)
        .values({ code, ownerId: actor.id, note: input.note ?? null, maxUses: input.maxUses ?? null })
        .returning();
      await audit(tx, {
        action: "SIGNUP_CODE_CREATE",
        actorId: actor.id,
        targetId: row!.id,
        ip: meta.ip,
        requestId: meta.requestId,
        after: { code, maxUses: row!.maxUses },
      });
      return {
        id: row!.id,
        code: row!.code,
        note: row!.note,
        active: row!.active,
        maxUses: row!.maxUses,
        uses: row!.uses,
        ownerUserId: actor.userId,
        createdAt: row!.createdAt.toISOString(),
      };
    });
  } catch (e) {
    if (uniqueViolation(e) === "signup_codes_code_uq") throw new AppError("REFCODE_IN_USE");
    throw e;
  }
}

export async function deactivateSignupCode(actor: SessionUser, id: number, meta: RequestMeta): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(signupCodes)
      .set({ active: false })
      .where(eq(signupCodes.id, id))
      .returning({ id: signupCodes.id, code: signupCodes.code });
    if (!row) throw new AppError("NOT_FOUND");
    await audit(tx, {
      action: "SIGNUP_CODE_DEACTIVATE",
      actorId: actor.id,
      targetId: row.id,
      ip: meta.ip,
      requestId: meta.requestId,
      before: { code: row.code },
    });
  });
}
