/**
 * Sign-up (POST /api/signup, public): a new USER with their own generated referral code, linked to the
 * member or sign-up code they entered. Limited per address.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { referralByCode } from "@/db/queries/signup-codes";
import { users } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError, uniqueViolation } from "@/lib/errors";
import { referralBurstRule } from "@/lib/fraud/rules";
import { assertNotPaused } from "@/lib/maintenance/check";
import { enforce, signupIpLimit } from "@/lib/rate-limit";
import type { SignupInput } from "@/lib/validation/auth";
import { hashPassword } from "./password-hash";
import { freshCode } from "./referral-codes";

/** Creates a member. Throws INVALID_REFCODE (404), USERID_TAKEN (409), RATE_LIMITED (429), MAINTENANCE (503). */
export async function signup(input: SignupInput, meta: RequestMeta): Promise<{ id: number; userId: string }> {
  const db = await getDb();
  // Paused for maintenance (lib/maintenance): refused before the address's budget and the hash are spent.
  await assertNotPaused(db, "signup");
  await enforce(signupIpLimit(), meta.ip);
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
        const referral = await referralByCode(tx, { code: input.refId });
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
          ...meta,
          after: { userId: row!.userId, refId: referral.code, referrerId: referral.ownerId },
        });
        // A burst of sign-ups through this code from this address opens (or adds to) a fraud case (lib/fraud/rules.ts).
        await referralBurstRule(tx, { code: referral.code, ownerId: referral.ownerId, ...meta, at: now() });
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
