/**
 * The console's reconciliation (/admin/reconciliation, GET /api/admin/reconciliation, and
 * GET /api/health?deep=1 for an administrator): per coin what members are owed against the system accounts,
 * and every invariant of `npm run ledger:check` with its state — from the same queries (lib/ledger/check.ts).
 * The console also asks for the books against the chain and the bank (`outside`, ./reconciliation-outside.ts);
 * its `ok` is its own: a stuck request is work for a person, not a broken ledger.
 */
import { type DbOrTx, getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { type CoinPosition, coinPositions, type InvariantState, invariantStates } from "@/lib/ledger/check";
import { type Outside, outsideReconciliation } from "./reconciliation-outside";

export type Reconciliation = {
  /** Everything agrees: every coin's members and system accounts cancel out and every invariant holds. */
  ok: boolean;
  checkedAt: string;
  coins: CoinPosition[];
  invariants: InvariantState[];
  /** With `{ outside: true }`: paid with proof, KRW per statements, what is stuck. */
  outside?: Outside;
};

export async function reconciliation(db?: DbOrTx, opts: { outside?: boolean } = {}): Promise<Reconciliation> {
  const d = db ?? (await getDb());
  const at = now();
  const coins = await coinPositions(d);
  const invariants = await invariantStates(d);
  const out: Reconciliation = {
    ok: coins.every((c) => c.ok) && invariants.every((i) => i.ok),
    checkedAt: at.toISOString(),
    coins,
    invariants,
  };
  if (opts.outside) out.outside = await outsideReconciliation(d, at);
  return out;
}
