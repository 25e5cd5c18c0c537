/**
 * Member settings that touch money or referrals: the wallet address (set once, admin reset), the referrer
 * (set once) and the member's own referral code (unique).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { signupCodes, users } from "@/db/schema";
import { memberByRefCode, refCodeTaken } from "@/db/queries/users";
import { audit } from "@/lib/audit";
import { verifyPassword } from "@/lib/auth/password";
import { AppError, uniqueViolation } from "@/lib/errors";
import { enforce, type Limit, release } from "@/lib/rate-limit";
import { parseWalletAddrOrThrow } from "./address";

type Ctx = { ip?: string; requestId?: string };

/** Current-password checks per account: 5 failures per 15 minutes, then 429 (a stolen session cannot guess). */
export const CURRENT_PASSWORD_LIMIT: Limit = { name: "current-pw:acct", max: 5, windowSec: 15 * 60 };

/** SECURITY B16: the caller proves who they are with their current password; only failures count. */
export async function verifyCurrentPasswordOrThrow(db: DbOrTx, actorId: number, password: string) {
  await enforce(CURRENT_PASSWORD_LIMIT, String(actorId));
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actorId));
  if (!(await verifyPassword(row?.hash, password))) throw new AppError("WRONG_PASSWORD");
  await release(CURRENT_PASSWORD_LIMIT, String(actorId));
}

/**
 * Sets the wallet address once: validated (network, that network's exchange, EVM address with EIP-55
 * checksum when mixed case), then `UPDATE … WHERE wallet_addr IS NULL` — a second set is 409.
 */
export async function setWalletAddr(
  db: DbOrTx,
  args: { actorId: number; targetId: number; walletAddr: string; currentPassword: string } & Ctx,
): Promise<{ walletAddr: string }> {
  const parsed = parseWalletAddrOrThrow(args.walletAddr);
  await verifyCurrentPasswordOrThrow(db, args.actorId, args.currentPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ walletAddr: parsed.text, updatedAt: new Date() })
      .where(and(eq(users.id, args.targetId), isNull(users.walletAddr)))
      .returning({ walletAddr: users.walletAddr });
    if (!row) throw new AppError("WALLET_ALREADY_SET");
    await audit(tx, {
      action: "wallet.set",
      actorId: args.actorId,
      targetUserId: args.targetId,
      ip: args.ip,
      requestId: args.requestId,
      before: { walletAddr: null },
      after: { walletAddr: parsed.text },
    });
    return { walletAddr: parsed.text };
  });
}

/** Admin reset: the member may set a new address afterwards. Audited with the old value. */
export async function resetWalletAddr(
  db: DbOrTx,
  args: { actorId: number; targetId: number } & Ctx,
): Promise<{ walletAddr: null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ walletAddr: users.walletAddr })
      .from(users)
      .where(eq(users.id, args.targetId))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    await tx.update(users).set({ walletAddr: null, updatedAt: new Date() }).where(eq(users.id, args.targetId));
    await audit(tx, {
      action: "wallet.reset",
      actorId: args.actorId,
      targetUserId: args.targetId,
      ip: args.ip,
      requestId: args.requestId,
      before: { walletAddr: before.walletAddr },
      after: { walletAddr: null },
    });
    return { walletAddr: null };
  });
}

/** Sets the member's referrer once: a valid code (404 INVALID_REFCODE), not their own (400 OWN_REFCODE). */
export async function setReferrer(
  db: DbOrTx,
  args: { actorId: number; targetId: number; refCode: string } & Ctx,
): Promise<{ refId: string }> {
  const ref = await memberByRefCode(db, args.refCode);
  if (!ref) throw new AppError("INVALID_REFCODE");
  if (ref.id === args.targetId) throw new AppError("OWN_REFCODE");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ refId: args.refCode.toUpperCase(), referrerId: ref.id, updatedAt: new Date() })
      .where(and(eq(users.id, args.targetId), isNull(users.referrerId), sql`coalesce(${users.refId}, '') = ''`))
      .returning({ refId: users.refId });
    if (!row) throw new AppError("REFERRER_ALREADY_SET");
    await audit(tx, {
      action: "referrer.set",
      actorId: args.actorId,
      targetUserId: args.targetId,
      ip: args.ip,
      requestId: args.requestId,
      after: { refId: row.refId, referrerId: ref.id },
    });
    return { refId: row.refId ?? "" };
  });
}

/** Changes the member's own referral code: 4–16 letters/digits (upper-cased), unique → 409 REFCODE_IN_USE. */
export async function setOwnRefCode(
  db: DbOrTx,
  args: { actorId: number; targetId: number; refCode: string } & Ctx,
): Promise<{ refCode: string }> {
  const code = args.refCode.toUpperCase();
  if (await refCodeTaken(db, code, args.targetId)) throw new AppError("REFCODE_IN_USE");
  const issued = await db
    .select({ id: signupCodes.id })
    .from(signupCodes)
    .where(sql`upper(${signupCodes.code}) = ${code}`);
  if (issued.length) throw new AppError("REFCODE_IN_USE");
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ refCode: users.refCode })
        .from(users)
        .where(eq(users.id, args.targetId))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND");
      await tx.update(users).set({ refCode: code, updatedAt: new Date() }).where(eq(users.id, args.targetId));
      await audit(tx, {
        action: "refcode.change",
        actorId: args.actorId,
        targetUserId: args.targetId,
        ip: args.ip,
        requestId: args.requestId,
        before: { refCode: before.refCode },
        after: { refCode: code },
      });
      return { refCode: code };
    });
  } catch (e) {
    if (uniqueViolation(e) === "users_ref_code_uq") throw new AppError("REFCODE_IN_USE");
    throw e;
  }
}
