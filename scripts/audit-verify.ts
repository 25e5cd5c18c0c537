// `npm run audit:verify [-- --anchor <rows>:<head hash>]`: recompute the audit trail's hash chain (lib/audit-chain.ts)
// in id order; exits 1 naming the first broken row, or — with an anchor from the log or /api/metrics — when the chain
// no longer contains it (rows removed, or the chain rewritten). Exits 2 on an anchor it cannot read.
import { closeDb, getDb } from "@/db/client";
import { type AuditAnchor, formatAnchor, parseAnchor, verifyAuditChain } from "@/lib/audit-chain";

const USAGE = "usage: npm run audit:verify -- [--anchor <rows>:<head hash>]";

function anchorArgument(args: string[]): AuditAnchor | undefined {
  const at = args.indexOf("--anchor");
  if (at < 0) return undefined;
  const anchor = parseAnchor(args[at + 1]);
  if (anchor) return anchor;
  console.error(`✗ not an anchor: ${JSON.stringify(args[at + 1] ?? "")} (the "anchor" of an "audit anchor" log line)`);
  console.error(USAGE);
  process.exit(2);
}

const anchor = anchorArgument(process.argv.slice(2));
const result = await verifyAuditChain(await getDb(), { anchor });
await closeDb();
if (!result.ok && "broken" in result) {
  const why =
    result.broken.reason === "hash"
      ? "its content does not match its row_hash (the row was changed)"
      : "its prev_hash is not the previous row's row_hash (a row before it was removed or changed)";
  console.error(`✗ audit chain broken at row ${result.broken.id}: ${why}`);
  console.error(`audit verify failed: ${result.rows} row(s) verified before row ${result.broken.id}`);
  process.exit(1);
}
if (!result.ok) {
  const { anchor: missed, found } = result.anchorMiss;
  const why =
    found === null
      ? `it has only ${result.rows} row(s) (rows were removed, or the log was emptied and written afresh)`
      : `its row ${missed.rows} has hash ${found} (the chain up to there was rewritten)`;
  console.error(`✗ audit chain does not contain the anchor ${formatAnchor(missed)}: ${why}`);
  console.error(`audit verify failed: the ${result.rows} row(s) chain among themselves, but not to the anchor`);
  process.exit(1);
}
console.log(
  `audit chain verified: ${result.rows} row(s), each hash and link intact` +
    (anchor ? `; contains the anchor ${formatAnchor(anchor)}` : ""),
);
