/** After any money test the ledger invariants must hold. */
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { checkLedger } from "@/lib/ledger/check";

export async function expectLedgerConsistent() {
  const violations = await checkLedger(await getDb());
  expect(violations).toEqual([]);
}
