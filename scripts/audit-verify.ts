// `npm run audit:verify`: recompute the audit trail's hash chain (lib/audit-chain.ts) in id order; exits 1
// naming the first broken row.
import { closeDb, getDb } from "@/db/client";
import { verifyAuditChain } from "@/lib/audit-chain";

const result = await verifyAuditChain(await getDb());
await closeDb();
if (!result.ok) {
  const why =
    result.broken.reason === "hash"
      ? "its content does not match its row_hash (the row was changed)"
      : "its prev_hash is not the previous row's row_hash (a row before it was removed or changed)";
  console.error(`✗ audit chain broken at row ${result.broken.id}: ${why}`);
  console.error(`audit verify failed: ${result.rows} row(s) verified before row ${result.broken.id}`);
  process.exit(1);
}
console.log(`audit chain verified: ${result.rows} row(s), each hash and link intact`);
