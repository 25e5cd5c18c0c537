/**
 * HTTP calls against the running servers, members seeded by SQL, and the facts the system tests read
 * straight from the database (balances, holds, pending requests).
 */
import crypto from "node:crypto";
import type postgres from "postgres";
import { hashPassword } from "@/lib/auth/password-hash";
import { fetchWithin } from "@/lib/fetch-within";
import { withDeadline } from "@/lib/deadline";

export type Outcome = {
  status: number;
  body: any;
  ms: number;
  error?: string;
  /** The server answered from a stored Idempotency-Key result (header `idempotent-replayed: true`). */
  replayed?: boolean;
};

/** Calls not settled yet, each with its age and client timeout (for a step's deadline message). */
const pending = new Map<number, { what: string; started: number; timeoutMs: number }>();
let callSeq = 0;
export function callsInFlight(): string {
  const now = performance.now();
  return [...pending.values()]
    .map((c) => `${c.what} for ${Math.round(now - c.started)} ms (client timeout ${c.timeoutMs} ms)`)
    .join("\n");
}

/** One HTTP call; a network failure (e.g. the server was killed) is status 0 with `error`. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Outcome> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const headers: Record<string, string> = { accept: "application/json", ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const id = ++callSeq;
  pending.set(id, { what: `${method} ${path}`, started, timeoutMs });
  try {
    // One deadline over headers and body that always settles (lib/fetch-within.ts): a plain fetch with a timeout
    // signal once left a 200's body read pending for good in this harness (the A8 test's 180 s timeouts).
    const { res, text } = await fetchWithin(
      `${base}${path}`,
      { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
      timeoutMs,
    );
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    const replayed = res.headers.get("idempotent-replayed") === "true";
    return { status: res.status, body, ms: performance.now() - started, replayed };
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: null, ms: performance.now() - started, error: cause ?? String(e) };
  } finally {
    pending.delete(id);
  }
}

/** POST /api/login → the session cookie (name=value pairs) for the next calls. */
export async function login(base: string, userId: string, password: string): Promise<string> {
  // A login that hangs fails here, naming itself, rather than as the whole test's timeout.
  const { res, text } = await fetchWithin(
    `${base}/api/login`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId, password }) },
    60_000,
  );
  if (res.status !== 200) throw new Error(`login ${userId} → ${res.status} ${text}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.length) throw new Error(`login ${userId}: no session cookie`);
  return cookies.join("; ");
}

export const PASSWORD = "System-Test-Pass-9";
/** A valid OP-network address text (fee 0.2). */
export const WALLET = "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7";

export type Member = { id: number; userId: string };

/** Inserts members directly (real argon2 hash of PASSWORD), like an operator's seed would. */
export async function seedMembers(
  sql: postgres.Sql,
  specs: { userId: string; role?: "USER" | "ADMIN"; idStatus?: "NONE" | "APPROVED"; walletAddr?: string | null }[],
): Promise<Member[]> {
  const hash = await hashPassword(PASSWORD);
  const out: Member[] = [];
  for (const s of specs) {
    const [row] = await sql<{ id: number; user_id: string }[]>`
      INSERT INTO users (user_id, name, password_hash, role, id_status, wallet_addr, ref_code)
      VALUES (${s.userId}, ${s.userId}, ${hash}, ${s.role ?? "USER"}, ${s.idStatus ?? "NONE"},
              ${s.walletAddr ?? null}, ${`S${crypto.createHash("sha256").update(s.userId).digest("hex").slice(0, 11)}`.toUpperCase()})
      RETURNING id, user_id`;
    out.push({ id: row!.id, userId: row!.user_id });
  }
  return out;
}

/**
 * A trusted WLD price (USDT/KRW 1400, a 1-hour candle closing at 2 USDT → 2800 KRW) stored as the feeds store
 * it. The instances reach no exchange, and transfer requests are valued at the known price (daily limit).
 */
export async function storeWldPrice(sql: postgres.Sql): Promise<void> {
  await sql`
    INSERT INTO price_snapshots (symbol, series, time, price_krw, usdt_krw, change_percent, source, fetched_at)
    VALUES ('USDT', 'ticker', now(), 1400, 1400, 0, 'upbit', now()),
           ('WLD', '1h', now(), 2800, 1400, NULL, 'binance', now())
    ON CONFLICT DO NOTHING`;
}

/** A member's WLD balances per account kind, as decimal strings ("0" when the account does not exist). */
export async function wld(sql: postgres.Sql, userId: number): Promise<Record<string, string>> {
  const rows = await sql<{ kind: string; balance: string }[]>`
    SELECT kind::text AS kind, balance::text AS balance FROM ledger_accounts WHERE user_id = ${userId} AND coin = 'WLD'`;
  const b: Record<string, string> = { holding: "0", staked: "0", held: "0", rewards: "0" };
  for (const r of rows) b[r.kind] = r.balance;
  return b;
}

/** Numeric comparison in the database (no JavaScript floats for money). */
export async function sameAmount(sql: postgres.Sql, a: string, b: string): Promise<boolean> {
  const [r] = await sql<{ eq: boolean }[]>`SELECT ${a}::numeric = ${b}::numeric AS eq`;
  return r!.eq;
}

/**
 * Orphan holds: every member's `held` balance per coin must equal the sum of totals of that member's
 * PENDING transfer/withdraw requests in that coin. Returns the mismatches (empty = none).
 */
export async function orphanHolds(sql: postgres.Sql) {
  return sql<{ user_id: number; coin: string; held: string; pending: string }[]>`
    WITH held AS (
      SELECT user_id, coin::text AS coin, balance FROM ledger_accounts WHERE user_id IS NOT NULL AND kind = 'held'
    ), pending AS (
      SELECT user_id, coin_symbol::text AS coin, SUM(total) AS total FROM requests
      WHERE status = 'PENDING' AND type IN ('TRANSFER', 'WITHDRAW') GROUP BY user_id, coin_symbol
    )
    SELECT COALESCE(h.user_id, p.user_id) AS user_id, COALESCE(h.coin, p.coin) AS coin,
           COALESCE(h.balance, 0)::text AS held, COALESCE(p.total, 0)::text AS pending
    FROM held h FULL OUTER JOIN pending p ON p.user_id = h.user_id AND p.coin = h.coin
    WHERE COALESCE(h.balance, 0) <> COALESCE(p.total, 0)`;
}

/** Counts statuses: { "200": 10, "409": 190, "0": 3 }. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of outcomes) t[o.status] = (t[o.status] ?? 0) + 1;
  return t;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** The scratch database's sessions other than ours that are in a transaction or waiting: for a failure's report. */
export async function openTransactions(sql: postgres.Sql): Promise<readonly unknown[]> {
  return await sql`
    SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS in_transaction, left(query, 120) AS query
    FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND (xact_start IS NOT NULL OR wait_event_type = 'Lock')`;
}

/**
 * `work`, or an error naming `what` once `ms` have passed, with `context()` (what the servers and the database were
 * doing then) in its message: a step that hangs fails by name, in the test's failure message — the part of a CI log
 * that is kept — instead of as the whole test's timeout.
 */
export function stepWithin<T>(what: string, ms: number, work: Promise<T>, context?: () => Promise<string>): Promise<T> {
  return withDeadline(ms, work, async () => {
    const more = context
      ? await withDeadline(5_000, context(), () => new Error("no context within 5 s")).catch(
          (e: Error) => `(${e.message})`,
        )
      : "";
    return new Error(`${what}: not done within ${ms} ms${more ? `\n${more}` : ""}`);
  });
}

/**
 * Waits until no other session on this database is inside a transaction (twice in a row, 250 ms apart),
 * so work the servers were still doing for abandoned requests — or a killed server's backends that
 * PostgreSQL has not reaped yet — has committed or rolled back before the test counts anything.
 */
export async function waitForQuiet(sql: postgres.Sql, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  while (Date.now() - started < timeoutMs) {
    const [r] = await sql<{ busy: number }[]>`
      SELECT count(*)::int AS busy FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`;
    quiet = r!.busy === 0 ? quiet + 1 : 0;
    if (quiet >= 2) return Date.now() - started;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`the database did not become quiet within ${timeoutMs} ms`);
}
