/**
 * Member balances as the screens read them, and the swap of holding WLD into staking (the protected lock).
 * The member row every money change reads first under a share lock is ./member-row.ts.
 */
import { type DbOrTx, getDb } from "@/db/client";
import { COINS, type Coin } from "@/db/schema";
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
export async function swapIntoStaking(
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
