/**
 * The work each benchmarked path does, written as plainly as possible with postgres.js: the floor the product
 * is compared with. Shared by the minimal Next app (app/) and the bare Node server (bare.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";

// postgres.js connects on the first query, so `next build` (which imports the routes) needs no database.
const url = process.env.DATABASE_URL ?? "postgres://127.0.0.1:1/no-database-url";
export const sql = postgres(url, {
  max: Number(process.env.BASELINE_POOL ?? 10),
  onnotice: () => {},
  debug: statementCounter(process.env.BASELINE_STATEMENT_COUNT_FILE),
});

/** As db/client.ts: counts statements into a JSON file for bench/hot-paths.ts (only when the file is named). */
function statementCounter(file: string | undefined) {
  if (!file) return undefined;
  const counts: Record<string, number> = {};
  let total = 0;
  setInterval(() => {
    try {
      fs.writeFileSync(file, JSON.stringify({ total, counts }));
    } catch {}
  }, 200).unref();
  return (_connection: number, query: string) => {
    total++;
    const text = query.slice(0, 200).replace(/\s+/g, " ").trim().slice(0, 100);
    counts[text] = (counts[text] ?? 0) + 1;
  };
}

/** What GET /api/price/WLD answers: a price kept in memory, refreshed elsewhere. */
const price = { symbol: "WLD", price: "1540", changePercent: "1.23", usdtKrw: "1400", stale: false, usable: true };
export function priceBody() {
  return JSON.stringify({ ...price, updatedAt: new Date().toISOString() });
}

/** A signed cookie `sid.hmac`: the cheapest honest session check (a MAC, then one indexed lookup). */
const KEY = process.env.BASELINE_KEY ?? "baseline-key-baseline-key-0123456789";
export const signSid = (sid: string) => `${sid}.${crypto.createHmac("sha256", KEY).update(sid).digest("base64url")}`;
function sidFrom(cookie: string | null | undefined): string | null {
  const m = /(?:^|;\s*)b=([^;]+)/.exec(cookie ?? "");
  if (!m?.[1]) return null;
  const [sid, mac] = m[1].split(".");
  if (!sid || !mac) return null;
  const want = crypto.createHmac("sha256", KEY).update(sid).digest();
  const got = Buffer.from(mac, "base64url");
  return got.length === want.length && crypto.timingSafeEqual(got, want) ? sid : null;
}

/** A member's coins: the session row, then the balances (2 queries, like the product). */
export async function coinsBody(cookie: string | null | undefined): Promise<[number, string]> {
  const sid = sidFrom(cookie);
  if (!sid) return [401, '{"error":"unauthorized"}'];
  const [s] = await sql`SELECT user_id FROM baseline_sessions WHERE id = ${sid} AND expires_at > now()`;
  if (!s) return [401, '{"error":"unauthorized"}'];
  const rows =
    await sql`SELECT coin AS symbol, balance::text AS amount FROM baseline_accounts WHERE user_id = ${s.user_id} ORDER BY coin`;
  return [200, JSON.stringify(rows)];
}

/** A transfer of `amount` from the member's holding to their lock: one transaction, balance checked in SQL. */
export async function transferBody(cookie: string | null | undefined, amount: string): Promise<[number, string]> {
  const sid = sidFrom(cookie);
  if (!sid) return [401, '{"error":"unauthorized"}'];
  const out = await sql.begin(async (tx) => {
    const [s] = await tx`SELECT user_id FROM baseline_sessions WHERE id = ${sid} AND expires_at > now()`;
    if (!s) return null;
    const [from] = await tx`UPDATE baseline_accounts SET balance = balance - ${amount}
      WHERE user_id = ${s.user_id} AND coin = 'WLD' AND balance >= ${amount} RETURNING id`;
    if (!from) return "insufficient";
    const [to] = await tx`UPDATE baseline_accounts SET balance = balance + ${amount}
      WHERE user_id = ${s.user_id} AND coin = 'WLD_LOCK' RETURNING id`;
    await tx`INSERT INTO baseline_entries (from_id, to_id, amount) VALUES (${from.id}, ${to!.id}, ${amount})`;
    return "ok";
  });
  if (out === null) return [401, '{"error":"unauthorized"}'];
  if (out === "insufficient") return [400, '{"error":"insufficient"}'];
  return [200, '{"ok":true}'];
}

/** One query for a dynamic page. */
export async function pageRow() {
  const [r] = await sql`SELECT count(*)::int AS n FROM baseline_accounts WHERE user_id = 1`;
  return r?.n ?? 0;
}

/** Creates the baseline's tables and `members` members with a session each; answers their cookies. */
export async function setupBaseline(members: number): Promise<string[]> {
  await sql`DROP TABLE IF EXISTS baseline_entries, baseline_accounts, baseline_sessions`;
  await sql`CREATE TABLE baseline_sessions (id text PRIMARY KEY, user_id int NOT NULL, expires_at timestamptz NOT NULL)`;
  await sql`CREATE TABLE baseline_accounts (id bigserial PRIMARY KEY, user_id int NOT NULL, coin text NOT NULL,
    balance numeric(38,18) NOT NULL CHECK (balance >= 0), UNIQUE (user_id, coin))`;
  await sql`CREATE TABLE baseline_entries (id bigserial PRIMARY KEY, from_id bigint NOT NULL, to_id bigint NOT NULL,
    amount numeric(38,18) NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`;
  const cookies: string[] = [];
  for (let i = 1; i <= members; i++) {
    const sid = crypto.randomBytes(32).toString("base64url");
    await sql`INSERT INTO baseline_sessions VALUES (${sid}, ${i}, now() + interval '1 day')`;
    await sql`INSERT INTO baseline_accounts (user_id, coin, balance) VALUES (${i}, 'WLD', 1000), (${i}, 'WLD_LOCK', 0)`;
    cookies.push(`b=${signSid(sid)}`);
  }
  return cookies;
}
