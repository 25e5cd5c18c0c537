/**
 * Who decided a request and when (the requests CSV): the first APPROVED, REJECTED or RETURNED event a
 * person wrote (request_events; a payout that left the chain writes APPROVED without a person and is not a
 * decision). One query for any number of requests (the ids travel as one array parameter).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";

export type RequestDecision = { by: string | null; at: string };

export async function requestDecisions(db: DbOrTx, ids: number[]): Promise<Map<number, RequestDecision>> {
  const out = new Map<number, RequestDecision>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{ request_id: string | number; handle: string | null; at: string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (e.request_id) e.request_id, u.user_id AS handle,
        to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM request_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.request_id = ANY(${`{${ids.join(",")}}`}::bigint[])
        AND e.status IN ('APPROVED', 'REJECTED', 'RETURNED') AND e.actor_id IS NOT NULL
      ORDER BY e.request_id, e.id`),
  );
  for (const r of rows) out.set(Number(r.request_id), { by: r.handle, at: r.at });
  return out;
}
