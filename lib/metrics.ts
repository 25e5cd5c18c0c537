/**
 * The process's Prometheus metrics (prom-client) and GET /api/metrics's answer.
 *
 * Per process: each app instance counts its own requests and pool, so behind nginx every instance is scraped
 * on its own address (Prometheus sums them); the pending-requests gauge is read from the database at scrape
 * time, so every instance reports the same number for it.
 *
 *   wld_http_request_duration_seconds{route,method,status_class}  histogram; its _count is the request count.
 *                                                                 `route` is the route file's pattern
 *                                                                 (lib/api/route-pattern.ts), never a raw path.
 *   wld_db_pool_in_use, wld_db_pool_max                           connections asked of the postgres.js pool now
 *                                                                 (statements outside a transaction + open
 *                                                                 transactions; above max they wait) and its size
 *   wld_ledger_postings_total{kind,replayed}                      ledger postings, counted when the ledger's
 *                                                                 statement returns (a posting whose caller's
 *                                                                 transaction rolls back afterwards is counted
 *                                                                 too: a rate, not a balance — ledger:check is)
 *   wld_pending_requests{type}                                    requests waiting for an administrator
 *   wld_db_up                                                     1 when the scrape's database read answered
 *   wld_audit_anchor_rows, wld_audit_anchor_info{head},           the audit chain's anchor (lib/audit-chain.ts):
 *   wld_audit_anchor_timestamp_seconds                            its length and newest hash at this process's
 *                                                                 last daily reward run, and when; absent before
 *   process_*, nodejs_*                                           prom-client's default process metrics
 *
 * Recording a request costs a string key and a Map lookup; nothing is awaited and nothing touches the
 * database until a scrape.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { getDb, poolUse, rowsOf } from "@/db/client";
import { requestTypeEnum } from "@/db/schema";
import { env } from "@/lib/env";
import { AppError, errorLogFields, isDatabaseUnavailable } from "@/lib/errors";
import { log } from "@/lib/log";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Observer = { observe(seconds: number): void };
type Metrics = {
  registry: Registry;
  requests: Histogram<"route" | "method" | "status_class">;
  /** One histogram child per route, method and status class, so a request does not hash its labels. */
  children: Map<string, Observer>;
  postings: Counter<"kind" | "replayed">;
  pending: Gauge<"type">;
  up: Gauge;
  /** Registered at the first anchor: before it, no sample (a 0 would read as an anchor). */
  anchor?: { rows: Gauge; info: Gauge<"head">; at: Gauge };
  defaults: boolean;
};

function create(): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: "wld_http_request_duration_seconds",
    help: "API requests by route pattern, method and status class: time until the answer's headers",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const postings = new Counter({
    name: "wld_ledger_postings_total",
    help: "Ledger postings by kind; replayed: the idempotency key had been used and nothing moved",
    labelNames: ["kind", "replayed"] as const,
    registers: [registry],
  });
  // Read when the scrape is serialized, after its own database read (metricsAnswer) has finished.
  new Gauge({
    name: "wld_db_pool_in_use",
    help: "Connections asked of the PostgreSQL pool now (statements outside a transaction + open transactions)",
    registers: [registry],
    collect() {
      this.set(poolUse().inUse);
    },
  });
  new Gauge({
    name: "wld_db_pool_max",
    help: "Size of the PostgreSQL pool (DB_POOL_MAX); 0 on the embedded database",
    registers: [registry],
    collect() {
      this.set(poolUse().max);
    },
  });
  const up = new Gauge({ name: "wld_db_up", help: "1 when the database answered this scrape", registers: [registry] });
  const pending = new Gauge({
    name: "wld_pending_requests",
    help: "Requests (deposit, transfer, withdraw …) waiting for an administrator, by type",
    labelNames: ["type"] as const,
    registers: [registry],
  });
  return { registry, requests, children: new Map(), postings, pending, up, defaults: false };
}

/** The scrape's one database read: pending requests by type, and whether the database answered at all. */
async function readPending(m: Metrics): Promise<void> {
  m.pending.reset();
  try {
    const db = await getDb();
    const rows = rowsOf<{ type: string; n: string }>(
      await db.execute(
        sql`SELECT type::text AS type, count(*)::text AS n FROM requests WHERE status = 'PENDING' GROUP BY type`,
      ),
    );
    // Every type is present, 0 included, so a quiet queue reads 0 rather than "no data".
    for (const type of requestTypeEnum.enumValues) m.pending.set({ type }, 0);
    for (const row of rows) m.pending.set({ type: row.type }, Number(row.n));
    m.up.set(1);
  } catch (e) {
    m.up.set(0); // the scrape still answers: the process metrics matter most during an outage
    if (!isDatabaseUnavailable(e)) log.error("metrics: pending requests unreadable", errorLogFields(e));
  }
}

// One registry per process even if this module is bundled into several route chunks.
const key = Symbol.for("wld.metrics");
function metrics(): Metrics {
  const holder = globalThis as typeof globalThis & { [key]?: Metrics };
  holder[key] ??= create();
  return holder[key];
}

/** Records one answered API request (lib/api/handler.ts). */
export function recordRequest(method: string, route: string, status: number, ms: number): void {
  const m = metrics();
  const verb = METHODS.has(method) ? method : "OTHER";
  const statusClass = `${Math.floor(status / 100)}xx`;
  const childKey = `${verb} ${statusClass} ${route}`;
  let child = m.children.get(childKey);
  if (!child) {
    child = m.requests.labels({ route, method: verb, status_class: statusClass });
    m.children.set(childKey, child);
  }
  child.observe(ms / 1000);
}

/** Counts one ledger posting (lib/ledger). */
export function countPosting(kind: string, replayed: boolean): void {
  metrics().postings.inc({ kind, replayed: replayed ? "true" : "false" });
}

function anchorGauges(registry: Registry): NonNullable<Metrics["anchor"]> {
  return {
    rows: new Gauge({
      name: "wld_audit_anchor_rows",
      help: "Audit log rows at the last anchor (audit:verify --anchor <rows>:<head>)",
      registers: [registry],
    }),
    info: new Gauge({
      name: "wld_audit_anchor_info",
      help: "The audit chain's newest row hash at the last anchor, as the head label (value 1)",
      labelNames: ["head"] as const,
      registers: [registry],
    }),
    at: new Gauge({
      name: "wld_audit_anchor_timestamp_seconds",
      help: "When the last anchor was read (Unix time)",
      registers: [registry],
    }),
  };
}

/** The audit chain's anchor just written to the log (lib/audit-chain.ts recordAuditAnchor): one head series. */
export function setAuditAnchor(a: { rows: number; head: string }): void {
  const m = metrics();
  m.anchor ??= anchorGauges(m.registry);
  const { anchor } = m;
  anchor.rows.set(a.rows);
  anchor.info.reset();
  anchor.info.set({ head: a.head }, 1);
  anchor.at.setToCurrentTime();
}

/**
 * GET /api/metrics: `Authorization: Bearer $METRICS_TOKEN`, compared in constant time. With METRICS_TOKEN unset
 * the endpoint does not exist (404, as the cron endpoint without CRON_SECRET); a missing or wrong token is 401.
 */
export async function metricsAnswer(req: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token) throw new AppError("NOT_FOUND");
  const sent = /^Bearer (.+)$/i.exec((req.headers.get("authorization") ?? "").trim())?.[1];
  // Fixed-length digests: neither the token's content nor its length leaks by timing.
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  if (!sent || !crypto.timingSafeEqual(digest(sent), digest(token)))
    throw new AppError("UNAUTHENTICATED", {}, { "www-authenticate": 'Bearer realm="metrics"' });
  const m = metrics();
  if (!m.defaults) {
    // Registered at the first scrape, so scripts that post to the ledger never start the event-loop monitor.
    collectDefaultMetrics({ register: m.registry });
    m.defaults = true;
  }
  await readPending(m);
  return new Response(await m.registry.metrics(), {
    headers: { "content-type": m.registry.contentType, "cache-control": "no-store" },
  });
}
