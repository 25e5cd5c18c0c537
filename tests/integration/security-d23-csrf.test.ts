/**
 * SECURITY.md D23 (CSRF, ASVS 3.5.x) over every route, not a sample: each state-changing method of every
 * app/api route, called with a SUPERADMIN's session cookie from a foreign or `null` Origin (or a browser's
 * `Sec-Fetch-Site: cross-site`), as JSON and as each form content type a page elsewhere can post without a
 * preflight, is refused 403 BAD_ORIGIN and changes no row of any table. And no GET changes money, members,
 * requests or anything else a forged link could want changed.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { createDepositRequestRow, createUser, fund, setFreshWldPrice, wld } from "../factories/money";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "app/api");
const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"] as const;

type Route = { path: string; mod: Record<string, unknown> };

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return /^route\.ts$/.test(e.name) ? [full] : [];
  });
}

const routes: Route[] = [];
for (const file of routeFiles().sort()) {
  const rel = path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep);
  routes.push({ path: `/${rel.join("/")}`, mod: (await import(file)) as Record<string, unknown> });
}

/** Every table of the schema, each as a digest of all its rows: any insert, update or delete shows. */
async function fingerprint(): Promise<Record<string, string>> {
  const db = await getDb();
  const tables = rowsOf<{ t: string }>(
    await db.execute(
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((r) => r.t);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const [row] = rowsOf<{ h: string | null }>(
      await db.execute(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`),
      ),
    );
    out[t] = row?.h ?? "";
  }
  return out;
}

const changed = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t]);

/** A URL and params for a route folder: ids point at the given member's own data, so nothing else refuses first. */
function target(route: string, v: { userId: string; id: number; requestId: number }) {
  const params: Record<string, string | string[]> = {};
  const url = route.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, key: string) => {
    const value =
      key === "userId"
        ? v.userId
        : key === "nextauth"
          ? ["signout"]
          : key === "code" || key === "handle" || key === "key"
            ? "ABCDEF12"
            : route.startsWith("/api/transfer-requests") || route.startsWith("/api/admin/requests")
              ? String(v.requestId)
              : String(v.id);
    params[key] = rest ? (value as string[]) : (value as string);
    return Array.isArray(value) ? value.join("/") : encodeURIComponent(value);
  });
  // A catch-all segment is an array, as Next passes it; the test helper types params as strings.
  return { url, params: params as Record<string, string> };
}

/** The bodies a page on another site can make a browser send: JSON (needs a preflight) and the three form types. */
function bodies(): { name: string; rawBody: BodyInit; headers: Record<string, string> }[] {
  const form = new FormData();
  form.set("amount", "1");
  form.set("role", "SUPERADMIN");
  return [
    {
      name: "application/json",
      rawBody: JSON.stringify({ amount: "1", role: "SUPERADMIN" }),
      headers: { "content-type": "application/json" },
    },
    { name: "text/plain", rawBody: '{"amount":"1"}', headers: { "content-type": "text/plain" } },
    {
      name: "application/x-www-form-urlencoded",
      rawBody: "amount=1&role=SUPERADMIN",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
    { name: "multipart/form-data", rawBody: form, headers: {} },
  ];
}

const FOREIGN: Record<string, string>[] = [
  { origin: "https://evil.example" },
  { origin: "null" },
  { origin: "http://localhost:3000.evil.example" },
  { "sec-fetch-site": "cross-site" },
];

describe(`D23 CSRF on every state-changing route (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("D23 a foreign, null or cross-site origin is 403 BAD_ORIGIN on every POST/PUT/PATCH/DELETE, for every content type, and no row changes", async () => {
    const member = await createUser({ idStatus: "APPROVED" });
    const superadmin = await createUser({ role: "SUPERADMIN" });
    await fund(member.id, { holding: "50", staked: "50" });
    await setFreshWldPrice();
    const requestId = await createDepositRequestRow(member.id);
    const before = await fingerprint();

    const unexpected: string[] = [];
    let calls = 0;
    for (const r of routes) {
      for (const method of UNSAFE) {
        if (typeof r.mod[method] !== "function") continue;
        // Member routes are called as their owner, admin routes as a SUPERADMIN: the origin check alone refuses.
        const caller = r.path.startsWith("/api/admin") ? superadmin : member;
        const { url, params } = target(r.path, { userId: member.userId, id: member.id, requestId });
        for (const foreign of FOREIGN)
          for (const b of bodies()) {
            const res = await call(r.mod, method, url, {
              cookie: caller.cookie,
              params,
              rawBody: b.rawBody,
              headers: { ...b.headers, ...foreign },
            });
            calls += 1;
            if (res.status !== 403 || res.body?.code !== "BAD_ORIGIN")
              unexpected.push(`${method} ${url} ${JSON.stringify(foreign)} ${b.name} → ${res.status} ${res.text}`);
          }
      }
    }
    console.log(JSON.stringify({ d23ForeignOriginCalls: calls }));
    expect(calls).toBeGreaterThan(40 * FOREIGN.length * 4);
    expect(unexpected).toEqual([]);
    expect(changed(before, await fingerprint())).toEqual([]);

    // The check is what refused: the same swap from the app's own origin goes through and the fingerprint sees it.
    const own = await call(swapRoute, "POST", `/api/users/${member.userId}/swap`, {
      cookie: member.cookie,
      params: { userId: member.userId },
      body: { amount: "1" },
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
    expect(await wld(member.id)).toMatchObject({ holding: "49", staked: "51" });
    expect(changed(before, await fingerprint())).toContain("ledger_entries");
  });

  it("D23 no GET changes state: every GET route as the member, another member, an ADMIN and a SUPERADMIN", async () => {
    const member = await createUser({ idStatus: "APPROVED" });
    const other = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const superadmin = await createUser({ role: "SUPERADMIN" });
    await fund(member.id, { holding: "50", staked: "50" });
    await setFreshWldPrice();
    const requestId = await createDepositRequestRow(member.id);
    const before = await fingerprint();

    const fiveXx: string[] = [];
    for (const r of routes) {
      if (typeof r.mod.GET !== "function") continue;
      const { url, params } = target(r.path, { userId: member.userId, id: member.id, requestId });
      for (const who of [member, other, admin, superadmin]) {
        const res = await call(r.mod, "GET", url, {
          cookie: who.cookie,
          params,
          headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        });
        if (res.status >= 500) fiveXx.push(`GET ${url} as ${who.role} → ${res.status}`);
      }
    }
    expect(fiveXx).toEqual([]);
    // What a GET may write, and why: the audit of an administrator's views of ID documents (E29) and of exports,
    // and the throttle counters of lookups (a referral code per address). Nothing that moves money or changes a
    // member, a request or a session.
    const mayWrite = new Set(["audit_log", "rate_limits"]);
    const written = changed(before, await fingerprint());
    console.log(JSON.stringify({ d23TablesWrittenByGet: written }));
    expect(written.filter((t) => !mayWrite.has(t))).toEqual([]);
  });
});
