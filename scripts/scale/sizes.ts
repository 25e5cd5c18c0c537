/**
 * scale:measure's first section (scripts/scale/measure.ts): every table's heap, indexes and total, and the big
 * tables' indexes one by one. A partitioned table or index is the sum of its leaf partitions (pg_partition_tree);
 * months detached into the archive schema are not counted.
 */
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";

type Rows = <T>(q: SQL) => Promise<T[]>;

export async function printSizes(rows: Rows): Promise<void> {
  // A partitioned table (relkind 'p') is the sum of its partitions (pg_partition_tree), detached months excluded.
  const sizes = await rows<{ t: string; n: string; heap: string; idx: string; total: string; parts: number }>(sql`
    SELECT c.relname AS t, sum(greatest(p.reltuples, 0))::bigint::text AS n,
      pg_size_pretty(sum(pg_relation_size(p.oid))) AS heap, pg_size_pretty(sum(pg_indexes_size(p.oid))) AS idx,
      pg_size_pretty(sum(pg_total_relation_size(p.oid))) AS total, (count(*) FILTER (WHERE p.oid <> c.oid))::int AS parts
    FROM pg_class c
    LEFT JOIN LATERAL pg_partition_tree(c.oid) t ON true
    JOIN pg_class p ON p.oid = coalesce(t.relid, c.oid) AND coalesce(t.isleaf, true)
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relnamespace = 'public'::regnamespace
    GROUP BY c.oid, c.relname
    ORDER BY sum(pg_total_relation_size(p.oid)) DESC LIMIT 16`);
  const [dbSize] = await rows<{ s: string }>(sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`);
  console.log(
    `## sizes (database ${dbSize?.s})\n| table | rows (est.) | heap | indexes | total |\n|---|--:|--:|--:|--:|`,
  );
  for (const s of sizes)
    console.log(
      `| ${s.t}${s.parts ? ` (${s.parts} partitions)` : ""} | ${Number(s.n).toLocaleString("en")} | ${s.heap} | ${s.idx} | ${s.total} |`,
    );
  // A partitioned index is the sum of its partitions' indexes.
  const indexes = await rows<{ t: string; i: string; size: string; parts: number }>(sql`
    SELECT tc.relname AS t, ic.relname AS i, pg_size_pretty(sum(pg_relation_size(coalesce(pt.relid, ic.oid)))) AS size,
      (count(*) FILTER (WHERE pt.isleaf AND pt.relid <> ic.oid))::int AS parts
    FROM pg_index x
    JOIN pg_class ic ON ic.oid = x.indexrelid
    JOIN pg_class tc ON tc.oid = x.indrelid
    LEFT JOIN LATERAL pg_partition_tree(ic.oid) pt ON true
    WHERE tc.relnamespace = 'public'::regnamespace AND NOT tc.relispartition
      AND tc.relname IN ('ledger_entries', 'staking_rewards', 'notifications', 'users', 'ledger_accounts', 'transactions')
    GROUP BY tc.relname, ic.relname, ic.oid
    ORDER BY sum(pg_relation_size(coalesce(pt.relid, ic.oid))) DESC`);
  console.log(`\n| index | size |\n|---|--:|`);
  for (const i of indexes) console.log(`| ${i.t}.${i.i}${i.parts ? ` (${i.parts} partitions)` : ""} | ${i.size} |`);
}
