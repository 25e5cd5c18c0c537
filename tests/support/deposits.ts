/** Deposit test helpers: the KRW a deposit request asked (what an approval names as received when it all arrived). */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";

export async function krwOf(requestId: number): Promise<string> {
  const [r] = rowsOf<{ krw: string }>(
    await (await getDb()).execute(
      sql`SELECT trim_scale(krw_amount)::text AS krw FROM requests WHERE id = ${requestId}`,
    ),
  );
  if (!r) throw new Error(`no request ${requestId}`);
  return r.krw;
}
