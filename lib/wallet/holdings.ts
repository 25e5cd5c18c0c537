/**
 * Member balances as the screens read them, the swap into the protected lock (spec §4–5), and the member
 * row lock every money change on a member account takes first.
 */
import { eq } from "drizzle-orm";
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { COINS, type Coin, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { memberBalances, move } from "@/lib/ledger";
import type { Dec } from "@/lib/money";

export type CoinDto = { symbol: Coin; amount: string };

/**
 * The spec's "held coins": every listed symbol (WLD always present), `amount` = the free `holding`
 * balance. Staked coins are listed by /staked-coins; coins reserved by a pending request are in neither.
 */
export async function coinList(userId: number): Promise<CoinDto[]> {
  const db = await getDb();
  const b = await memberBalances(db, userId);
  return COINS.map((symbol) => ({ symbol, amount: b[symbol]?.holding ?? "0" }));
}

/**
 * Swap WLD holding → staked (the protected lock) in one posting with a STAKING history row: one statement,
 * so it may run on the pool or inside a caller's transaction. The guarded ledger update refuses more than
 * the holding (409 INSUFFICIENT_FUNDS), race-free.
 */
export async function swapToLock(
  tx: DbOrTx,
  args: { userId: number; actorId: number; amount: Dec; ip?: string; requestId?: string },
): Promise<{ holding: string; staked: string }> {
  const res = await move(tx, {
    kind: "SWAP",
    userId: args.userId,
    coin: "WLD",
    amount: args.amount,
    from: "holding",
    to: "staked",
    actorId: args.actorId,
    memberTx: [{ userId: args.userId, type: "STAKING", coinSymbol: "WLD", amount: args.amount }],
  });
  const bal = (kind: string) => res.balances.find((b) => b.account.kind === kind)?.balance ?? "0";
  return { holding: bal("holding"), staked: bal("staked") };
}

/**
 * Locks the member's users row FOR SHARE until the transaction ends and refuses a member who is not ACTIVE
 * (404 NOT_FOUND, as for one that does not exist). Every use case that credits a member or opens a request
 * takes it before touching money: deactivateMember holds the same row FOR UPDATE, so a credit or request
 * racing a deactivation either commits before it (and is collected by it) or waits and is refused — nothing
 * lands on, or is reserved for, a deactivated account. Lock order everywhere: users → requests → ledger.
 */
export async function lockActiveMemberOrThrow(tx: Tx, userId: number) {
  const u = await lockMemberRow(tx, userId);
  if (u?.status !== "ACTIVE") throw new AppError("NOT_FOUND");
  return u;
}

/** The member's users row locked FOR SHARE (any status), or null: for changes that are no credit. */
export async function lockMemberRow(tx: Tx, userId: number) {
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
