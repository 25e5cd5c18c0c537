/**
 * Referral codes and sign-up codes: the public validity check, a member's code change (by the member in
 * settings or by a SUPERADMIN — one implementation, one uniqueness rule), and the sign-up codes
 * administrators issue. Callers authorize first (lib/api wrappers); these functions do not look at roles.
 */
import { eq } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { codeTaken, referralByCode, type SignupCodeDto, signupCodeList } from "@/db/queries/signup-codes";
import { signupCodes, users } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { AppError, uniqueViolation } from "@/lib/errors";
import { generateRefCode } from "@/lib/referral";

export type { SignupCodeDto };

/** A generated code that no member and no sign-up code uses yet. */
export async function freshCode(db: DbOrTx): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = generateRefCode();
    if (!(await codeTaken(db, { code }))) return code;
  }
  throw new Error("could not find a free referral code");
}

/** GET /api/users/by-refcode/{code}: valid or 404 INVALID_REFCODE. */
export async function checkRefCode(code: string): Promise<void> {
  if (!(await referralByCode(await getDb(), { code }))) throw new AppError("INVALID_REFCODE");
}

/**
 * Sets a member's own referral code (stored upper-case). A code used by another member or by a sign-up
 * code → 409 REFCODE_IN_USE (also when two changes race: the unique index decides).
 */
export async function changeRefCode(
  args: { actorId: number; targetId: number; refCode: string },
  meta: RequestMeta,
  db?: DbOrTx,
): Promise<{ id: number; userId: string; refCode: string }> {
  const conn = db ?? (await getDb());
  const code = args.refCode.toUpperCase();
  try {
    return await conn.transaction(async (tx) => {
      const [before] = await tx
        .select({ userId: users.userId, refCode: users.refCode })
        .from(users)
        .where(eq(users.id, args.targetId))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND");
      if (await codeTaken(tx, { code, exceptUserId: args.targetId })) throw new AppError("REFCODE_IN_USE");
      await tx.update(users).set({ refCode: code, updatedAt: new Date() }).where(eq(users.id, args.targetId));
      await audit(tx, {
        action: "REFCODE_CHANGE",
        actorId: args.actorId,
        targetUserId: args.targetId,
        ...meta,
        before: { refCode: before.refCode },
        after: { refCode: code },
      });
      return { id: args.targetId, userId: before.userId, refCode: code };
    });
  } catch (e) {
    if (uniqueViolation(e) === "users_ref_code_uq") throw new AppError("REFCODE_IN_USE");
    throw e;
  }
}

/** GET /api/admin/signup-codes. */
export async function listSignupCodes(): Promise<SignupCodeDto[]> {
  return signupCodeList(await getDb());
}

/** An administrator issues a sign-up code (given or generated); a code in use → 409 REFCODE_IN_USE. */
export async function createSignupCode(
  actor: { id: number; userId: string },
  input: { code?: string; note?: string; maxUses?: number | null },
  meta: RequestMeta,
): Promise<SignupCodeDto> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const code = input.code ?? (await freshCode(tx));
      if (await codeTaken(tx, { code })) throw new AppError("REFCODE_IN_USE");
      const [row] = await tx
        .insert(signupCodes)
        .values({ code, ownerId: actor.id, note: input.note ?? null, maxUses: input.maxUses ?? null })
        .returning();
      await audit(tx, {
        action: "SIGNUP_CODE_CREATE",
        actorId: actor.id,
        targetId: row!.id,
        ...meta,
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

/** An administrator retires a sign-up code (404 when there is none). */
export async function deactivateSignupCode(actor: { id: number }, id: number, meta: RequestMeta): Promise<void> {
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
      ...meta,
      before: { code: row.code },
    });
  });
}
