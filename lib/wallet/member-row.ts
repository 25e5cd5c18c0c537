/**
 * The member's users row read under a share lock: the first step of every money change on a member account, so a
 * deactivation, wallet reset or ID revocation (which take the row FOR UPDATE) waits for it or is waited for.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * Locks the member's users row FOR SHARE until the transaction ends and refuses a member who is not ACTIVE
 * (404 NOT_FOUND, as for one that does not exist). Every use case that credits a member or opens a request
 * takes it before touching money: deactivateMember holds the same row FOR UPDATE, so a credit or request
 * racing a deactivation either commits before it (and is collected by it) or waits and is refused — nothing
 * lands on, or is reserved for, a deactivated account. Lock order everywhere: users → requests → ledger.
 */
export async function activeMemberForShareOrThrow(tx: Tx, userId: number) {
  const u = await memberRowForShare(tx, userId);
  if (u?.status !== "ACTIVE") throw new AppError("NOT_FOUND");
  return u;
}

/** The member's users row locked FOR SHARE (any status), or null: for changes that are no credit. */
export async function memberRowForShare(tx: Tx, userId: number) {
  const [u] = await tx
    .select({
      id: users.id,
      status: users.status,
      idStatus: users.idStatus,
      walletAddr: users.walletAddr,
      moneyCooldownUntil: users.moneyCooldownUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("share");
  return u ?? null;
}
