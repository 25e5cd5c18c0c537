// `npm run ledger:check`: verify the ledger invariants; exits 1 on any violation.
import { closeDb, getDb } from "@/db/client";
import { checkLedger } from "@/lib/ledger/check";

const violations = await checkLedger(await getDb());
await closeDb();
if (violations.length) {
  for (const v of violations) console.error(`✗ ${v.invariant}: ${v.detail}`);
  console.error(`ledger check failed: ${violations.length} violation(s)`);
  process.exit(1);
}
console.log(
  "ledger check passed: balances match entries, every coin sums to zero, no member account is negative, payouts in transit match the approved requests",
);
