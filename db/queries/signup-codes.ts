/**
 * Referral and sign-up code reads: what a code entered at sign-up refers to, whether a code is free, and
 * the admin list of issued sign-up codes. Member referral codes and sign-up codes share one namespace
 * (case-insensitive), so every uniqueness check looks at both tables.
 */
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { signupCodes, users } from "@/db/schema";

export type Referral = { kind: "member" | "signup-code"; ownerId: number; code: string };

/** An active member's referral code or an active, not used-up sign-up code; null when neither. */
export async function referralByCode(db: DbOrTx, { code }: { code: string }): Promise<Referral | null> {
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

/** True when a code is taken by a member other than `exceptUserId` or by a sign-up code (any state). */
export async function codeTaken(db: DbOrTx, { code, exceptUserId }: { code: string; exceptUserId?: number }) {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      SELECT 1 AS one FROM users WHERE upper(ref_code) = upper(${code}) AND id <> ${exceptUserId ?? 0}
      UNION ALL SELECT 1 FROM signup_codes WHERE upper(code) = upper(${code}) LIMIT 1`),
  );
  return rows.length > 0;
}

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

/** Every issued sign-up code, newest first, with its owner's handle. */
export async function signupCodeList(db: DbOrTx): Promise<SignupCodeDto[]> {
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
