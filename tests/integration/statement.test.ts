/**
 * db/statement.ts: a statement built once and sent straight to the driver reads exactly what `db.execute` reads
 * (dates, numerics, booleans, nulls), on PGlite and on PostgreSQL; inside a transaction it runs on that
 * transaction; on PostgreSQL it is prepared and counted in the pool figures like every other statement.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, poolUse, rowsOf } from "@/db/client";
import { statement } from "@/db/statement";
import { onPostgres } from "../support/setup-db";

type Row = Record<string, unknown>;

const shapes = (v: { n: number; text: string; at: string; amount: string; flag: boolean }) => sql`
  SELECT ${v.n}::int AS n, ${v.text}::text AS text, ${v.at}::timestamptz AS at, ${v.at}::timestamp AS local_at,
    ${v.at}::date AS day, interval '90 minutes' AS span, ${v.amount}::numeric(38,18) AS amount,
    ARRAY[${v.amount}::numeric] AS amounts, ${v.flag}::boolean AS flag, NULL::text AS nothing,
    now() - now() AS zero, 'SUPERADMIN'::text AS role`;

const values = { n: 7, text: "한글 'quoted' $1", at: "2026-11-24T12:34:56.789Z", amount: "12.5", flag: true };

describe("statement (db/statement.ts)", () => {
  it("reads the same rows as db.execute of the same template", async () => {
    const db = await getDb();
    const run = statement<typeof values, Row>(shapes);
    const expected = rowsOf<Row>(await db.execute(shapes(values)));
    const got = await run(values, db);
    expect([...got]).toEqual(expected);
    expect(got[0]?.text).toBe(values.text);
    expect(typeof got[0]?.at).toBe("string");
    // Again with other values: the compiled text is reused, the values are this call's.
    const other = { ...values, n: 8, flag: false, amount: "0.000000000000000001" };
    expect([...(await run(other, db))]).toEqual(rowsOf<Row>(await db.execute(shapes(other))));
  });

  it("inside a transaction, runs on that transaction (sees its own settings)", async () => {
    const db = await getDb();
    const marker = `statement-${Date.now()}`;
    const setting = statement<{ name: string }, { value: string | null }>(
      (v) => sql`SELECT current_setting(${v.name}, true) AS value`,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('wld.statement_test', ${marker}, true)`);
      expect((await setting({ name: "wld.statement_test" }, tx))[0]?.value).toBe(marker);
    });
    expect((await setting({ name: "wld.statement_test" }))[0]?.value ?? "").not.toBe(marker);
  });

  it.skipIf(!onPostgres())("on PostgreSQL, is prepared and held in the pool figures while it runs", async () => {
    const db = await getDb();
    const marker = `statement_marker_${Date.now()}`;
    const slow = statement<{ ms: number }, Row>(
      (v) => sql`SELECT pg_sleep(${v.ms}::float / 1000), 1 AS ${sql.raw(marker)}`,
    );
    const before = poolUse().inUse;
    const pending = slow({ ms: 150 });
    await new Promise((r) => setTimeout(r, 50));
    expect(poolUse().inUse).toBe(before + 1);
    await pending;
    expect(poolUse().inUse).toBe(before);
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM pg_prepared_statements
            WHERE statement LIKE ${`%${marker}%`} AND statement NOT LIKE '%pg_prepared_statements%'`,
      ),
    );
    expect(row?.n).toBe(1);
  });
});
