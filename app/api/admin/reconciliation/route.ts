// GET /api/admin/reconciliation — { ok, checkedAt, coins: [{ coin, members: { holding, staked, held, rewards },
// owed, system: { external, fees, airdrop, rewards_pool, adjustments, payouts }, systemTotal, difference, ok }],
// invariants: [{ key, invariant, ok, details }], outside: { ok, stuckHours, networks: [{ network, paidWithProof,
// paidCount, ledgerPaid, difference, approved, sending, inTransit, ok }], payouts: [{ coin, balance, inTransit, ok }],
// krw: { statementMatched, statementMatchedCount, awaitingCredit, creditedWithLine, creditedWithoutLine,
// creditedWithoutLineCount, difference, ok }, stuckPayouts, stuckPayoutsCount, stuckDeposits, stuckDepositsCount,
// reviewLines, reviewCount, reviewKrw } } (decimal strings): the ledger:check queries (lib/ledger/check.ts) and the
// books against the chain and the bank (lib/admin/reconciliation-outside.ts).
import { withAdmin } from "@/lib/api/with-auth";
import { reconciliation } from "@/lib/admin/reconciliation";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => reconciliation(undefined, { outside: true }), {
  permission: "reconciliation.read",
});
