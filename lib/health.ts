/**
 * GET /api/health's check: the database answers a trivial query. With `?deep=1` an administrator (permission
 * `reconciliation.read`) also gets the reconciliation (lib/admin/reconciliation.ts: the ledger's invariants and
 * each coin's members against the system accounts) and a 503 when anything disagrees; for anyone else deep=1
 * is the plain answer, no internals.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { dbKind, getDb } from "@/db/client";
import { json } from "@/lib/api/handler";
import { type Reconciliation, reconciliation } from "@/lib/admin/reconciliation";
import { can } from "@/lib/auth/permissions";
import { sessionUser } from "@/lib/auth/session";

export async function healthCheck(): Promise<{ ok: true; db: "pglite" | "postgres" }> {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { ok: true, db: await dbKind() };
}

/** The answer of GET /api/health (deep: the `deep=1` query parameter). */
export async function healthAnswer(req: Request, deep: boolean): Promise<Response> {
  const plain = await healthCheck();
  if (!deep) return json(plain);
  const user = await sessionUser(req).catch(() => null);
  if (!user || !can(user.role, "reconciliation.read")) return json(plain);
  const ledger: Reconciliation = await reconciliation();
  return json({ ...plain, ok: ledger.ok, ledger }, ledger.ok ? 200 : 503);
}
