/**
 * GET /api/health, polled by load balancers and the cluster's scripts, so it costs one indexed statement:
 *
 *   200 { ok: true, db: "pglite" | "postgres", dbLatencyMs, price: { newestAgeSeconds } }
 *   503 { ok: false, db: "down", error, code: "SERVICE_UNAVAILABLE" } + Retry-After when the database does not
 *       answer within 2 s (refused, cut, or hanging).
 *
 * With a read replica (DATABASE_REPLICA_URL) the answer adds `replica: { reachable, lagMs, inUse, reason, maxLagMs,
 * reads: { replica, primary, fallbacks } }` as this instance sees it (db/replica.ts; checked at most once a second):
 * whether the console's lists read it now, and how many such reads each database served. A replica down or lagging
 * leaves the instance healthy (200): those reads go to the primary.
 *
 * `newestAgeSeconds` is the age of the newest real WLD price snapshot (price_snapshots, the demo's seeded rows
 * excluded; null when the exchanges never answered). A stale price does not make the instance unhealthy — every
 * instance shares the exchanges, and taking them all out of the balancer would not help; alert on the age.
 *
 * With `?deep=1` an administrator (permission `reconciliation.read`) also gets the reconciliation
 * (lib/admin/reconciliation.ts: the ledger's invariants and each coin's members against the system accounts)
 * and a 503 when anything disagrees; for anyone else deep=1 is the plain answer, no internals. The administrator's
 * answer is an admin read like GET /api/admin/reconciliation and passes the same guards (lib/auth/guards.ts, and
 * lib/api/with-auth.ts's two-factor rule): one refused there (say, no two-factor under ADMIN_2FA=required) gets that
 * 403 here too — never the plain 200, which a monitor would take for a reconciliation that agreed.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { dbKind, getDb, rowsOf } from "@/db/client";
import { replicaHealth } from "@/db/replica";
import { json } from "@/lib/api/handler";
import { type Reconciliation, reconciliation } from "@/lib/admin/reconciliation";
import { requireAdminTwoFactor } from "@/lib/api/with-auth";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { sessionUser } from "@/lib/auth/session";
import { errorLogFields, isDatabaseUnavailable } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/translate";
import { log } from "@/lib/log";
import { withDeadline } from "@/lib/deadline";

const DB_TIMEOUT_MS = 2_000;

export type Health = {
  ok: true;
  db: "pglite" | "postgres";
  dbLatencyMs: number;
  price: { newestAgeSeconds: number | null };
  replica?: Awaited<ReturnType<typeof replicaHealth>>;
};

class HealthTimeout extends Error {
  override name = "HealthTimeout";
}

/** One statement: the database answers, and when the newest real WLD price was stored (by its own clock). */
export async function healthCheck(): Promise<Health> {
  const started = performance.now();
  const replica = replicaHealth().catch(() => null);
  const [row] = await withDeadline(
    DB_TIMEOUT_MS,
    (async () => {
      const db = await getDb();
      // max(time) on the (symbol, series, time) unique index: a backward index scan, whatever the table's size.
      return rowsOf<{ age: number | string | null }>(
        await db.execute(sql`
          SELECT extract(epoch FROM now() - max(time))::float8 AS age FROM price_snapshots
          WHERE symbol = 'WLD' AND series = 'ticker' AND source <> 'seed'`),
      );
    })(),
    () => new HealthTimeout(),
  );
  const dbLatencyMs = Math.round((performance.now() - started) * 10) / 10;
  const age = row?.age ?? null;
  const replicaAnswer = await replica;
  return {
    ok: true,
    db: await dbKind(),
    dbLatencyMs,
    price: { newestAgeSeconds: age === null ? null : Math.max(0, Math.floor(Number(age))) },
    ...(replicaAnswer ? { replica: replicaAnswer } : {}),
  };
}

function unavailable(locale: Locale): Response {
  const error = translator(locale, "Errors")("SERVICE_UNAVAILABLE");
  return json({ ok: false, db: "down", error, code: "SERVICE_UNAVAILABLE" }, 503, { "retry-after": "5" });
}

/** The answer of GET /api/health (deep: the `deep=1` query parameter). */
export async function healthAnswer(
  req: Request,
  deep: boolean,
  { locale, requestId }: { locale: Locale; requestId: string },
): Promise<Response> {
  let plain: Health;
  try {
    plain = await healthCheck();
  } catch (e) {
    // Refused, cut or too slow is the expected outage (no line per poll); anything else is logged by name.
    if (!(e instanceof HealthTimeout) && !isDatabaseUnavailable(e)) log.error("health check failed", errorLogFields(e));
    return unavailable(locale);
  }
  if (!deep) return json(plain);
  const caller = await sessionUser(req).catch(() => null);
  if (!caller || !can(caller.role, "reconciliation.read")) return json(plain);
  requireAdminTwoFactor(await requirePermission(req, requestId, "reconciliation.read"));
  const ledger: Reconciliation = await reconciliation();
  return json({ ...plain, ok: ledger.ok, ledger }, ledger.ok ? 200 : 503);
}
