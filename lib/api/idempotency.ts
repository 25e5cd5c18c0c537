/**
 * Idempotency-Key for money-moving POSTs (DESIGN.md "Money and the ledger", SECURITY.md A2; Stripe's and the IETF
 * draft's rules).
 *
 * The key row (idempotency_keys, primary key user+key) is inserted in the SAME transaction as the work,
 * and the answer stored before commit. So: a repeat with the same key and body gets the first answer and
 * moves nothing; the same key with another body (or on another route) → 422 IDEMPOTENCY_MISMATCH; two
 * concurrent requests with one key → the second waits on the unique key, then replays the first answer.
 * A failed request (any error) rolls back with its key, so a retry runs again — a failure changes nothing.
 * Without the header the work simply runs in one transaction.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { idempotencyKeyOf } from "@/lib/http/idempotency-key";
import { json, type Outcome } from "@/lib/http/response";

export type { Outcome };
/** Work that runs on the pool or inside a transaction alike (see idempotentStatement). */
export type StatementWork = (db: DbOrTx) => Promise<Outcome>;

/** Canonical JSON (sorted object keys) so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(route: string, body: unknown): string {
  return crypto
    .createHash("sha256")
    .update(`${route}\n${canonical(body)}`)
    .digest("hex");
}

/**
 * Runs `work` in one transaction, at most once per (user, Idempotency-Key).
 * `route` names the call (e.g. "POST /api/transfer-requests"); `body` is what was asked (validated input
 * plus any path parameters that matter).
 */
export async function idempotent(
  req: Request,
  userId: number,
  route: string,
  body: unknown,
  work: (tx: Tx) => Promise<Outcome>,
): Promise<Response> {
  const key = idempotencyKeyOf(req);
  const db = await getDb();
  if (key === null) {
    const out = await db.transaction(work);
    return json(out.body, out.status);
  }
  const hash = requestHash(route, body);
  const result = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      // Used before (or by a concurrent request that has now committed): replay its answer.
      const [prior] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!prior || prior.statusCode === null) throw new AppError("CONFLICT");
      if (prior.route !== route || prior.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
      return { out: { status: prior.statusCode, body: prior.response }, replayed: true };
    }
    const out = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: out.status, response: out.body as object })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { out, replayed: false };
  });
  return json(result.out.body, result.out.status, result.replayed ? { "idempotent-replayed": "true" } : {});
}

/**
 * As `idempotent`, for work that is ONE statement (a single `ledger_post`, which PostgreSQL runs atomically by
 * itself): without an Idempotency-Key it runs on the pool, with no BEGIN and COMMIT around it (two round
 * trips fewer on a hot path); with a key it runs inside the key's transaction exactly as `idempotent` does.
 * Work of two or more statements must use `idempotent`.
 */
export async function idempotentStatement(
  req: Request,
  userId: number,
  route: string,
  body: unknown,
  work: StatementWork,
): Promise<Response> {
  if (idempotencyKeyOf(req) !== null) return idempotent(req, userId, route, body, work);
  const out = await work(await getDb());
  return json(out.body, out.status);
}
