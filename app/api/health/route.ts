// GET /api/health — liveness and which database driver is in use.
import { sql } from "drizzle-orm";
import { dbKind, getDb } from "@/db/client";
import { handler } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = handler(async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { ok: true, db: await dbKind() };
});
