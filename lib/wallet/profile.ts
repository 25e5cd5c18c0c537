/**
 * Member settings that touch money or referrals: the wallet address (set once, admin reset), the referrer
 * (set once) and the member's own referral code (unique). The current-password check and the code change are
 * the identity code's own (lib/auth/password-change.ts, lib/auth/referral-codes.ts): one throttle, one uniqueness rule.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { memberByRefCode } from "@/db/queries/users";
import { audit, type RequestMeta } from "@/lib/audit";
import { verifyCurrentPasswordOrThrow } from "@/lib/auth/password-change";
import { changeRefCode } from "@/lib/auth/referral-codes";
import { parsePayoutAddressOrThrow } from "@/lib/destinations/read";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { notify } from "@/lib/notifications";
import { startCooldown } from "@/lib/money-cooldown";
import { rejectPendingRequests } from "./request-decisions";

/**
 * Sets the wallet address once: validated (network, that network's exchange, EVM address with EIP-55
 * checksum when mixed case; an exchange an administrator blocked → 403 DESTINATION_BLOCKED, lib/destinations),
 * then `UPDATE … WHERE wallet_addr IS NULL` — a second set is 409. Like any change
 * of where money goes, it starts the 24-hour cool-down (./cooldown): the first address too, or whoever took
 * over an account that never had one could point it at their own and send at once.
 */
export async function setWalletAddr(
  args: { actorId: number; targetId: number; walletAddr: string; currentPassword: string } & RequestMeta,
): Promise<{ walletAddr: string }> {
  const db = await getDb();
  const parsed = await parsePayoutAddressOrThrow(db, args.walletAddr);
  await verifyCurrentPasswordOrThrow(
    args.actorId,
    args.currentPassword,
    { ip: args.ip, requestId: args.requestId },
    db,
  );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ walletAddr: parsed.text, updatedAt: new Date(), payoutAddrSetAt: now() })
      .where(and(eq(users.id, args.targetId), isNull(users.walletAddr)))
      .returning({ walletAddr: users.walletAddr });
    if (!row) throw new AppError("WALLET_ALREADY_SET");
    await startCooldown(tx, args.targetId, "WALLET_SET");
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
  args: { actorId: number; targetId: number } & RequestMeta,
): Promise<{ walletAddr: null }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ walletAddr: users.walletAddr })
      .from(users)
      .where(eq(users.id, args.targetId))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    await tx.update(users).set({ walletAddr: null, updatedAt: new Date() }).where(eq(users.id, args.targetId));
    // No new transfer or withdraw request for 24 h, whatever address is set next (./cooldown.ts).
    await startCooldown(tx, args.targetId, "WALLET_RESET");
    // Nothing may still pay out to the old address: pending transfers/withdrawals are rejected, holds released.
    await rejectPendingRequests(tx, {
      userId: args.targetId,
      actorId: args.actorId,
      reason: "wallet address reset",
      ip: args.ip,
      requestId: args.requestId,
    });
    await notify(tx, args.targetId, "wallet_reset", {});
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
  args: { actorId: number; targetId: number; refCode: string } & RequestMeta,
): Promise<{ refId: string }> {
  const db = await getDb();
  const ref = await memberByRefCode(db, { code: args.refCode });
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
  args: { actorId: number; targetId: number; refCode: string } & RequestMeta,
): Promise<{ refCode: string }> {
  const db = await getDb();
  const { refCode } = await changeRefCode(args, { ip: args.ip, requestId: args.requestId }, db);
  return { refCode };
}
