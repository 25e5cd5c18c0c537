// GET /api/admin/reconciliation — { ok, checkedAt, coins: [{ coin, members: { holding, staked, held, rewards },
// owed, system: { external, fees, airdrop, rewards_pool, adjustments }, systemTotal, difference, ok }],
// invariants: [{ key, invariant, ok, details }] } (decimal strings): the ledger:check queries (lib/ledger/check.ts).
import { withAdmin } from "@/lib/api/with-auth";
import { reconciliation } from "@/lib/admin/reconciliation";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => reconciliation(), { permission: "reconciliation.read" });
