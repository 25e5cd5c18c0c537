/**
 * CI's soak: `npm run test:soak`'s run with one fixed seed and 1,000 operations from 8
 * concurrent clients through the real route handlers on real PostgreSQL, every member's balances checked
 * against the model after each step and at the end, with the ledger invariants. PostgreSQL only (the soak
 * makes its own scratch databases on TEST_DATABASE_URL's server); skipped on PGlite.
 */
import { describe, expect, it } from "vitest";
import { onPostgres } from "../support/setup-db";
import { soak } from "../soak/runner";

describe.skipIf(!onPostgres())("the seeded soak", () => {
  it("seed 15, 1,000 operations, 8 clients: every balance as the model says, ledger:check clean", async () => {
    const result = await soak({ seed: 15, ops: 1000, workers: 8, shrinkSeconds: 20, log: () => {} });
    const why = result.failure
      ? `step ${result.failure.seq} ${JSON.stringify(result.failure.op)}: ${result.failure.detail}\n` +
        `shortest log: ${JSON.stringify(result.shrunk)}`
      : "";
    expect(why).toBe("");
    expect(result.ok).toBe(true);
    expect(result.ops).toBe(1000);
    // The mix reached the money paths, not only refusals — four-eyes' too: credits and deposit approvals past the
    // rolling limit became proposals (202), and a second administrator's approval credited deposits.
    for (const k of ["swap 200", "request 201", "decideReq 200", "decide 200", "credit 200", "credit 202"])
      expect(result.counts[k] ?? 0, k).toBeGreaterThan(0);
    for (const k of ["decideReq 202", "decide 200 deposit", "reward paid"])
      expect(result.counts[k] ?? 0, k).toBeGreaterThan(0);
  }, 180_000);
});
