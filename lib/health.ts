/** GET /api/health's check: the database answers a trivial query. */
import "server-only";
import { sql } from "drizzle-orm";
import { dbKind, getDb } from "@/db/client";

export async function healthCheck(): Promise<{ ok: true; db: "pglite" | "postgres" }> {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { ok: true, db: await dbKind() };
}
