/**
 * Every statement the server sends to PostgreSQL is prepared (db/client.ts prepareEveryStatement): Drizzle asks
 * postgres.js to prepare only named queries, so without this each call was parsed and planned again — most of
 * PostgreSQL's CPU on the hot paths (docs/benchmarks.md). Checked in pg_prepared_statements, on the pool and
 * inside a transaction (its own connection-bound client). PostgreSQL only: the embedded database has no pool.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { onPostgres } from "../support/setup-db";

const preparedLike = (marker: string) =>
  sql`SELECT count(*)::int AS n FROM pg_prepared_statements
      WHERE statement LIKE ${`%${marker}%`} AND statement NOT LIKE '%pg_prepared_statements%'`;

describe.skipIf(!onPostgres())("prepared statements (PostgreSQL)", () => {
  it("a statement on the pool is prepared on the connection that ran it", async () => {
    const db = await getDb();
    const marker = `marker_pool_${Date.now()}`;
    // More statements at once than the pool has connections: every connection runs it at least once.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => db.execute(sql`SELECT pg_sleep(0.02), ${i}::int AS ${sql.raw(marker)}`)),
    );
    const [row] = rowsOf<{ n: number }>(await db.execute(preparedLike(marker)));
    expect(row?.n).toBe(1);
  });

  it("a statement inside a transaction is prepared too", async () => {
    const db = await getDb();
    const marker = `marker_tx_${Date.now()}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${1}::int AS ${sql.raw(marker)}`);
      const [row] = rowsOf<{ n: number }>(await tx.execute(preparedLike(marker)));
      expect(row?.n).toBe(1);
    });
  });
});
