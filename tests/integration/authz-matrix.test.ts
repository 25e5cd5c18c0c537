/**
 * The authorization matrix: every exported method of every app/api/**\/route.ts must have a row in
 * tests/integration/authz/*.ts, and every row is run against the real handler as a guest, the member
 * themself, another member, the three staff roles (SUPPORT, FINANCE, COMPLIANCE), an ADMIN and a SUPERADMIN (fresh
 * members per row). A row that names no expectation for a staff role expects what `other` gets. See
 * authz/README.md.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { ALLOWED, type AuthzCtx, type AuthzRow, type Caller, type Expectation } from "./authz/types";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
// Staff run right after `other`: a refused call changes nothing, and the callers after them accept a changed state.
const ORDER: Caller[] = ["guest", "other", "support", "finance", "compliance", "self", "admin", "superadmin"];
const SECRET_LEAK = /\$argon2|passwordhash|password_hash/i;

type Route = { path: string; file: string };

function discoverRoutes(dir = API_DIR): Route[] {
  const out: Route[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...discoverRoutes(full));
    else if (/^route\.(ts|tsx|js)$/.test(entry.name)) {
      const rel = path.relative(path.join(ROOT, "app"), path.dirname(full)).split(path.sep);
      // Route groups "(x)" do not appear in the URL.
      out.push({ path: `/${rel.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`, file: full });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

async function loadRows(): Promise<(AuthzRow & { source: string })[]> {
  const dir = path.join(import.meta.dirname, "authz");
  const rows: (AuthzRow & { source: string })[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith(".ts") || name === "types.ts") continue;
    const mod = (await import(path.join(dir, name))) as { rows?: AuthzRow[] };
    for (const r of mod.rows ?? []) rows.push({ ...r, source: name });
  }
  return rows;
}

const routes = discoverRoutes();
const modules = new Map<string, Record<string, unknown>>();
for (const r of routes) modules.set(r.path, (await import(r.file)) as Record<string, unknown>);
const rows = await loadRows();

const exported = routes.flatMap((r) =>
  METHODS.filter((m) => typeof modules.get(r.path)?.[m] === "function").map((m) => `${m} ${r.path}`),
);

function matches(status: number, e: Expectation): boolean {
  if (e === ALLOWED) return status !== 401 && status !== 403 && status < 500;
  if (typeof e === "number") return status === e;
  return e.includes(status);
}
const refusal = (e: Expectation) =>
  e !== ALLOWED && (typeof e === "number" ? [e] : [...e]).every((s) => s === 401 || s === 403 || s === 404);

describe("B10/C17/C18/C19/C20 authorization matrix", () => {
  it("has a row for every exported method of every API route", () => {
    const covered = new Set(rows.map((r) => `${r.method} ${r.path}`));
    const missing = exported.filter((k) => !covered.has(k));
    expect(missing, `add rows to tests/integration/authz/<domain>.ts (see README.md)`).toEqual([]);
  });

  it("has no row for a route or method that does not exist", () => {
    const known = new Set(exported);
    const stale = rows
      .filter((r) => !known.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path} (${r.source})`);
    expect(stale).toEqual([]);
  });

  for (const row of rows) {
    const known = exported.includes(`${row.method} ${row.path}`);
    it.skipIf(!known)(`${row.method} ${row.path}${row.note ? ` — ${row.note}` : ""} [${row.source}]`, async () => {
      const mod = modules.get(row.path)!;
      const [self, other, admin, superadmin, support, finance, compliance] = [
        await createUser(),
        await createUser(),
        await createUser({ role: "ADMIN" }),
        await createUser({ role: "SUPERADMIN" }),
        await createUser({ role: "SUPPORT" }),
        await createUser({ role: "FINANCE" }),
        await createUser({ role: "COMPLIANCE" }),
      ];
      const ctx: AuthzCtx = { self, other, admin, superadmin, support, finance, compliance, data: {} };
      await row.prepare?.(ctx);
      const params = (row.params?.(ctx) ?? {}) as Record<string, string>;
      const query = typeof row.query === "function" ? row.query(ctx) : (row.query ?? "");
      const url = `${row.path.replace(/\[\.{0,3}([^\]]+)\]/g, (_, k: string) => {
        const v = params[k] as unknown;
        return encodeURIComponent(Array.isArray(v) ? v.join("/") : String(v ?? k));
      })}${query ? `?${query}` : ""}`;
      const baseHeaders = typeof row.headers === "function" ? row.headers(ctx) : (row.headers ?? {});
      const send = async (who: Caller, extra: Record<string, string> = {}) => {
        const cookie = who === "guest" ? undefined : ctx[who].cookie;
        const body = typeof row.body === "function" ? (row.body as (c: AuthzCtx) => unknown)(ctx) : row.body;
        const res = await call(mod, row.method, url, {
          cookie,
          params,
          body,
          rawBody: row.rawBody?.(ctx),
          headers: { ...baseHeaders, ...extra },
        });
        expect(res.text, `${who}: an answer must never carry a password or hash`).not.toMatch(SECRET_LEAK);
        return res.status;
      };

      const want = (w: Caller): Expectation => row.expect[w] ?? row.expect.other;
      const got: Partial<Record<Caller, number>> = {};
      for (const who of ORDER) got[who] = await send(who);
      const failures = ORDER.filter((w) => !matches(got[w]!, want(w)));
      expect(
        failures.map((w) => `${w}: got ${got[w]}, expected ${JSON.stringify(want(w))}`),
        `${row.method} ${url}`,
      ).toEqual([]);

      // Forged identity headers and the middleware-bypass header never change a guest's answer.
      if (row.expect.guest !== ALLOWED) {
        const forged = await send("guest", {
          "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware",
          "x-user-id": self.userId,
          "x-role": "SUPERADMIN",
        });
        expect(matches(forged, row.expect.guest), `guest with forged headers got ${forged}`).toBe(true);
      }
      // Another member claiming to be `self` through x-user-id is still refused.
      if (refusal(row.expect.other)) {
        const forged = await send("other", { "x-user-id": self.userId });
        expect([401, 403, 404], `other with x-user-id=self got ${forged}`).toContain(forged);
      }
    });
  }
});
