/**
 * GET /api/metrics through the real route handlers: 404 without METRICS_TOKEN, 401 for a missing
 * or wrong bearer token, and with the right one a Prometheus text exposition that parses line by line; a route's
 * request count grows by the calls made, its histogram has every bucket up to +Inf, two members' calls land in one
 * route series (no member id in any label), ledger postings are counted by kind, the pending-requests gauge equals
 * the PENDING rows, and the pool gauge sees a transaction held open (PostgreSQL).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import * as metricsRoute from "@/app/api/metrics/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as coinsRoute from "@/app/api/users/by-id/[userId]/coins/route";
import { closeDb, getDb, rowsOf } from "@/db/client";
import { approvedMember, fund } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const TOKEN = "metrics-token-for-tests-0123456789";
const saved = process.env.METRICS_TOKEN;
beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
});
afterAll(() => {
  if (saved === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = saved;
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * The text exposition format 0.0.4, strictly: `# HELP name text`, `# TYPE name counter|gauge|histogram|…`, and
 * sample lines `name{label="value",…} number`; every sample belongs to a family declared by TYPE before it.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
  const sampleLine = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (-?(?:\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?|[+-]?inf|nan))$`, "i");
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const help = new RegExp(`^# HELP (${NAME}) .*$`).exec(line);
    if (help) continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const m = sampleLine.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[2]) {
      label.lastIndex = 0;
      let consumed = 0;
      for (let l = label.exec(m[2]); l; l = label.exec(m[2])) {
        labels[l[1]!] = l[2]!;
        consumed = label.lastIndex;
      }
      if (consumed !== m[2].length) throw new Error(`bad labels: ${line}`);
    }
    const family = m[1]!.replace(/_(bucket|sum|count|total|created)$/, "");
    if (!types.has(m[1]!) && !types.has(family)) throw new Error(`sample before its TYPE: ${line}`);
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { samples, types };
}

async function scrape() {
  const r = await call(metricsRoute, "GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: r.text, ...parseExposition(r.text) };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  find(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

const COINS = "/api/users/by-id/[userId]/coins";
const coins = (u: TestUser) =>
  call(coinsRoute, "GET", `/api/users/by-id/${u.userId}/coins`, { cookie: u.cookie, params: { userId: u.userId } });

describe("the bearer token", () => {
  it("METRICS_TOKEN unset: the endpoint does not exist (404)", async () => {
    delete process.env.METRICS_TOKEN;
    try {
      const r = await call(metricsRoute, "GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("NOT_FOUND");
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
    }
  });

  it("missing, wrong, or a prefix of the token: 401 { error, code } with WWW-Authenticate, no metric", async () => {
    for (const authorization of [undefined, "Bearer nope", `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const r = await call(metricsRoute, "GET", "/api/metrics", {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(r.status, String(authorization)).toBe(401);
      expect(r.body).toEqual({ error: expect.any(String), code: "UNAUTHENTICATED" });
      expect(r.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(r.text).not.toContain("wld_");
    }
  });
});

describe(`the exposition (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("parses, and carries the request histogram, pool, ledger, pending and process families", async () => {
    const { types, samples } = await scrape();
    // Already on the process's first scrape: the database read happens before the text is written.
    expect(value(samples, "wld_db_up")).toBe(1);
    expect(find(samples, "wld_pending_requests")).toHaveLength(3);
    expect(types.get("wld_http_request_duration_seconds")).toBe("histogram");
    expect(types.get("wld_ledger_postings_total")).toBe("counter");
    expect(types.get("wld_pending_requests")).toBe("gauge");
    expect(types.get("wld_db_pool_in_use")).toBe("gauge");
    expect(types.get("wld_db_pool_max")).toBe("gauge");
    expect(types.get("wld_db_up")).toBe("gauge");
    expect(types.get("process_cpu_seconds_total")).toBe("counter");
    expect(types.get("nodejs_heap_size_used_bytes")).toBe("gauge");
  });

  it("a route's count grows by the calls made; two members share one route series; buckets up to +Inf", async () => {
    const a = await createUser();
    const b = await createUser();
    const labels = { route: COINS, method: "GET", status_class: "2xx" };
    const before = value((await scrape()).samples, "wld_http_request_duration_seconds_count", labels);
    for (const u of [a, b, a]) expect((await coins(u)).status).toBe(200);
    const unauth = await call(coinsRoute, "GET", `/api/users/by-id/${a.userId}/coins`, {
      params: { userId: a.userId },
    });
    expect(unauth.status).toBe(401);

    const { samples, text } = await scrape();
    expect(value(samples, "wld_http_request_duration_seconds_count", labels)).toBe(before + 3);
    expect(
      value(samples, "wld_http_request_duration_seconds_count", { ...labels, status_class: "4xx" }),
    ).toBeGreaterThanOrEqual(1);
    // Bounded cardinality: the route label is the pattern, whoever called; no member id anywhere.
    const routes = new Set(find(samples, "wld_http_request_duration_seconds_count").map((s) => s.labels.route));
    expect([...routes].filter((r) => r?.includes("coins"))).toEqual([COINS]);
    expect(text).not.toContain(a.userId);
    expect(text).not.toContain(b.userId);

    const buckets = find(samples, "wld_http_request_duration_seconds_bucket", labels);
    expect(buckets.map((s) => s.labels.le)).toEqual([
      "0.001",
      "0.0025",
      "0.005",
      "0.01",
      "0.025",
      "0.05",
      "0.1",
      "0.25",
      "0.5",
      "1",
      "2.5",
      "5",
      "10",
      "+Inf",
    ]);
    const counts = buckets.map((s) => s.value);
    expect(counts).toEqual([...counts].sort((x, y) => x - y)); // cumulative
    expect(counts.at(-1)).toBe(before + 3);
    expect(value(samples, "wld_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
  });

  it("a catch-all route's segments make one label: /api/auth/[...nextauth]", async () => {
    for (const action of ["session", "csrf", "providers", "no-such-action"])
      await call(authRoute, "GET", `/api/auth/${action}`, { params: { nextauth: [action] } as never });
    const { samples } = await scrape();
    const auth = find(samples, "wld_http_request_duration_seconds_count").filter((s) =>
      s.labels.route?.startsWith("/api/auth"),
    );
    expect(new Set(auth.map((s) => s.labels.route))).toEqual(new Set(["/api/auth/[...nextauth]"]));
    expect(auth.reduce((n, s) => n + s.value, 0)).toBe(4);
  });

  it("ledger postings are counted by kind; the pending gauge equals the PENDING rows", async () => {
    const db = await getDb();
    const first = await scrape();
    const members = [await approvedMember(), await approvedMember()];
    for (const u of members) {
      await fund(u.id, { staked: "50" }); // two postings each: CREDIT, then MOVE
      const r = await call(transferRoute, "POST", "/api/transfer-requests", {
        cookie: u.cookie,
        body: { userId: u.userId, coinSymbol: "WLD", amount: "10", type: "TRANSFER" },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const { samples } = await scrape();
    const grew = (kind: string) =>
      value(samples, "wld_ledger_postings_total", { kind, replayed: "false" }) -
      value(first.samples, "wld_ledger_postings_total", { kind, replayed: "false" });
    expect(grew("CREDIT")).toBe(2);
    expect(grew("MOVE")).toBe(2);
    const postings = rowsOf<{ kind: string; n: string }>(
      await db.execute(sql`SELECT kind, count(*)::text AS n FROM ledger_postings GROUP BY kind`),
    );
    const holds = postings.find((p) => p.kind !== "CREDIT" && p.kind !== "MOVE");
    expect(holds, "the transfer's hold posting").toBeDefined();
    expect(value(samples, "wld_ledger_postings_total", { kind: holds!.kind })).toBeGreaterThanOrEqual(2);

    const pending = rowsOf<{ type: string; n: string }>(
      await db.execute(
        sql`SELECT type::text AS type, count(*)::text AS n FROM requests WHERE status = 'PENDING' GROUP BY type`,
      ),
    );
    expect(pending.length).toBeGreaterThan(0);
    // Every request type has its series, 0 when none waits.
    expect(
      find(samples, "wld_pending_requests")
        .map((s) => s.labels.type)
        .sort(),
    ).toEqual(["DEPOSIT", "TRANSFER", "WITHDRAW"]);
    for (const type of ["DEPOSIT", "TRANSFER", "WITHDRAW"])
      expect(value(samples, "wld_pending_requests", { type }), type).toBe(
        Number(pending.find((p) => p.type === type)?.n ?? 0),
      );
    expect(value(samples, "wld_pending_requests")).toBe(pending.reduce((s, p) => s + Number(p.n), 0));
    expect(value(samples, "wld_db_up")).toBe(1);
  });

  it.runIf(onPostgres())("the pool gauge counts a transaction held open, and returns when it ends", async () => {
    const db = await getDb();
    const idle = await scrape();
    expect(value(idle.samples, "wld_db_pool_max")).toBe(Number(process.env.DB_POOL_MAX ?? 10));
    const baseline = value(idle.samples, "wld_db_pool_in_use");
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => {
      opened = r;
    });
    const tx = db.transaction(async (t) => {
      await t.execute(sql`SELECT 1`);
      opened();
      await held;
    });
    await isOpen;
    const during = await scrape();
    expect(value(during.samples, "wld_db_pool_in_use")).toBe(baseline + 1);
    release();
    await tx;
    const after = await scrape();
    expect(value(after.samples, "wld_db_pool_in_use")).toBe(baseline);
  });
});

describe("during a database outage", () => {
  const saved = { url: process.env.DATABASE_URL, dir: process.env.DATA_DIR };
  afterAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = saved.url;
    process.env.DATA_DIR = saved.dir;
  });

  it("the scrape still answers: wld_db_up 0, no pending series, the process metrics", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nowhere"; // nothing listens on port 1
    const { samples } = await scrape();
    expect(value(samples, "wld_db_up")).toBe(0);
    expect(find(samples, "wld_pending_requests")).toEqual([]);
    expect(value(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
  });
});
