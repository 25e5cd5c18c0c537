/**
 * The console's reconciliation (issue 14 item 7, /admin/reconciliation, GET /api/admin/reconciliation, and
 * GET /api/health?deep=1 for an administrator): per coin what members are owed against the system accounts,
 * and every invariant of `npm run ledger:check` with its state — from the same queries (lib/ledger/check.ts).
 */
import { type DbOrTx, getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { type CoinPosition, coinPositions, type InvariantState, invariantStates } from "@/lib/ledger/check";

export type Reconciliation = {
  /** Everything agrees: every coin's members and system accounts cancel out and every invariant holds. */
  ok: boolean;
  checkedAt: string;
  coins: CoinPosition[];
  invariants: InvariantState[];
};

export async function reconciliation(db?: DbOrTx): Promise<Reconciliation> {
  const d = db ?? (await getDb());
  const coins = await coinPositions(d);
  const invariants = await invariantStates(d);
  return {
    ok: coins.every((c) => c.ok) && invariants.every((i) => i.ok),
    checkedAt: now().toISOString(),
    coins,
    invariants,
  };
}
