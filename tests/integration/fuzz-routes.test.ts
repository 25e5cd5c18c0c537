/**
 * A fuzzing pass over every JSON route. The routes are found, not listed: every
 * app/api/**\/route.ts whose source calls readJson, every body method it exports (POST, PUT, PATCH, DELETE).
 * Each route's zod schema is found through the route's own import from lib/validation, so the generated
 * bodies use its real field names (missing, extra, wrong types); its caller and path parameters come from the
 * authorization matrix's rows (tests/integration/authz), so a route added without a row fails there and a
 * route added with one is fuzzed here without a change to this file.
 *
 * For each route, as a caller the matrix lets through: fixed hostile bodies (over 64 KB, nesting past the
 * limit, prototype keys, NaN/Infinity text, broken JSON, a BOM …) and generated ones (fast-check, seeded:
 * FC_SEED=<n> replays). Every answer: never a 5xx; when not 2xx, a JSON `{ error, code }`. A body refused as
 * input (400, 413, 415, 422) changes nothing at all — the money and audit tables, the users and the
 * caller's and target's balances are fingerprinted before and after; any other refusal (401, 403, 404,
 * 409, 429 …) changes no money table. Object.prototype is never polluted.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { users } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { D } from "@/lib/money";
import { createTransferRequest } from "@/lib/wallet/requests";
import { createDepositRequestRow, setFreshWldPrice } from "../factories/money";
import { cookieFor, createUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { ALLOWED, type AuthzCtx, type AuthzRow, type Expectation, type Who } from "./authz/types";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "app/api");
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const SEED = Number(process.env.FC_SEED) || 15_2026;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS) || 25;
const CRON_SECRET = "fuzz-cron-secret-0123456789abcdef";

/**
 * Routes whose success ends every session of the caller (the panic button freezes the account and signs it out
 * everywhere): each call is sent from a fresh session, so the next body is judged on its own, not refused with 401.
 */
const ENDS_OWN_SESSION = new Set(["/api/account/freeze"]);

// ——— the routes ———

type JsonRoute = { path: string; file: string; methods: string[]; keys: string[]; schemaName: string | null };

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js)$/.test(e.name) ? [full] : [];
  });
}

/** Field names a zod (v4) schema reads: through objects, pipes, transforms, optionals, unions, intersections. */
function schemaKeys(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  if (def.type === "object") return Object.keys(def.shape as object);
  const out: string[] = [];
  for (const k of ["in", "out", "innerType", "schema", "left", "right"]) out.push(...schemaKeys(def[k], seen));
  for (const o of (def.options as unknown[] | undefined) ?? []) out.push(...schemaKeys(o, seen));
  return [...new Set(out)];
}

async function discover(): Promise<JsonRoute[]> {
  const out: JsonRoute[] = [];
  for (const file of routeFiles().sort()) {
    const src = fs.readFileSync(file, "utf8");
    if (!/\breadJson\s*\(/.test(src)) continue;
    const rel = path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep);
    const urlPath = `/${rel.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
    const mod = (await import(file)) as Record<string, unknown>;
    // The methods whose own handler reads the body (DELETE /walletAddr, beside a POST that does, reads none);
    // when no handler's text shows it (a shared helper reads it), every body method counts.
    const segments = src.split(
      /(?=\bexport\s+(?:const|async\s+function|function)\s+(?:GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)\b)/,
    );
    const reads = (m: string) =>
      segments.some(
        (seg) =>
          new RegExp(`^export\\s+(?:const|async\\s+function|function)\\s+${m}\\b`).test(seg) &&
          /\breadJson\s*\(/.test(seg),
      );
    const exported = BODY_METHODS.filter((m) => typeof mod[m] === "function");
    const methods = exported.some(reads) ? exported.filter(reads) : exported;
    // The schema: readJson(req, name), name imported from "@/lib/validation/…".
    const schemaName = /\breadJson\s*\(\s*\w+\s*,\s*(\w+)\s*\)/.exec(src)?.[1] ?? null;
    let keys: string[] = [];
    if (schemaName) {
      for (const m of src.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@\/(lib\/validation\/[^"']+)["']/g)) {
        const names = m[1]!.split(",").map((s) =>
          s
            .trim()
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        );
        if (!names.includes(schemaName)) continue;
        const vmod = (await import(path.join(ROOT, `${m[2]}.ts`))) as Record<string, unknown>;
        keys = schemaKeys(vmod[schemaName]);
      }
    }
    out.push({ path: urlPath, file, methods, keys, schemaName });
  }
  return out;
}

async function loadRows(): Promise<AuthzRow[]> {
  const dir = path.join(import.meta.dirname, "authz");
  const rows: AuthzRow[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith(".ts") || name === "types.ts") continue;
    rows.push(...(((await import(path.join(dir, name))) as { rows?: AuthzRow[] }).rows ?? []));
  }
  return rows;
}

const routes = await discover();
const rows = await loadRows();
const modules = new Map<string, Record<string, unknown>>();
for (const r of routes) modules.set(r.path, (await import(r.file)) as Record<string, unknown>);
const allKeys = [...new Set(routes.flatMap((r) => r.keys))].sort();

/** A caller the matrix lets past authorization: the member themself first, then the administrators. */
const PREFERENCE: Who[] = ["self", "superadmin", "admin", "other", "guest"];
const usable = (e: Expectation) =>
  e === ALLOWED || (typeof e === "number" ? [e] : [...e]).every((s) => s !== 401 && s !== 403 && s !== 404);

function pickCaller(method: string, p: string): { row: AuthzRow; who: Who } | null {
  for (const row of rows.filter((r) => r.method === method && r.path === p))
    for (const who of PREFERENCE) if (usable(row.expect[who])) return { row, who };
  // The cron endpoint answers no session, only its bearer secret (set below): any row of it will do.
  const row = rows.find((r) => r.method === method && r.path === p);
  return row && p === "/api/cron/accrue" ? { row, who: "guest" } : null;
}

// ——— bodies ———

/** A JSON token written as is (numbers the way a client may spell them, NaN, broken literals). */
class Raw {
  constructor(readonly text: string) {}
}
function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(",")}}`;
  return JSON.stringify(v) ?? "null";
}
/** An object literal whose keys may be `__proto__` and friends (an own property, as JSON.parse makes it). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}
const nest = (depth: number, leaf: unknown, asArray: boolean): unknown =>
  depth === 0 ? leaf : asArray ? [nest(depth - 1, leaf, asArray)] : { a: nest(depth - 1, leaf, asArray) };

const PROTO_KEYS = ["__proto__", "constructor", "prototype"];
const POLLUTION = objectOf([
  ["isAdmin", true],
  ["role", "SUPERADMIN"],
  ["polluted", "yes"],
]);

/** Values a field might plausibly take: lets a generated body pass some fields and fail one. */
const plausible = fc.constantFrom<unknown>(
  "WLD",
  "wld",
  "BTC",
  "KRW",
  "TRANSFER",
  "WITHDRAW",
  "DEPOSIT",
  "APPROVE",
  "reject",
  "ADMIN",
  "USER",
  "SUPERADMIN",
  "10",
  10,
  "5.5",
  "0.01",
  "1000000000000",
  "2026-01-01",
  "123456",
  "Correct-Horse-9",
  "New-Horse-Battery-7",
  "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
  "ABCD1234",
  "010-1234-5678",
  "a reason long enough to count",
  1,
  true,
);
const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u0007\u0008",
    "\u001b[31mred\u001b[0m",
    "line\r\nbreak",
    "\u2028\u2029",
    "\u202eRTL",
    "\u200b\ufeff",
    "한글 텍스트",
    "🙂👍🏽",
    "ｗｌｄ",
    "٣٣",
    "<script>alert(1)</script>",
    "'; DROP TABLE users; --",
    "../../../../etc/passwd",
    "%00%0a",
    "$" + "{7*7}{{7*7}}", // template-injection probe
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "-0",
    "0x10",
    " 10 ",
    "+5",
    "1,000",
    "null",
    "true",
    "__proto__",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.integer({ min: 100, max: 20_000 }).map((n) => "x".repeat(n)),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(
    new Raw("1e999"),
    new Raw("-1e999"),
    new Raw("1e-999"),
    new Raw("5e0"),
    new Raw("-0"),
    new Raw("0.1"),
    new Raw("123456789012345678901234567890"),
    new Raw("5.0000000000000001"),
    new Raw("9007199254740993"),
    new Raw("-5"),
    new Raw("0"),
    new Raw("1.5E+3"),
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const leaf = fc.oneof(
  { arbitrary: plausible, weight: 4 },
  { arbitrary: nastyString, weight: 3 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}), weight: 1 },
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: leaf, weight: 6 },
    { arbitrary: fc.array(tie("v"), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie("v"), { maxKeys: 3 }), weight: 1 },
    { arbitrary: fc.integer({ min: 20, max: 40 }).chain((d) => fc.boolean().map((a) => nest(d, 1, a))), weight: 1 },
  ),
})).v;

/** What a field of that name usually takes: a body made of these passes validation, one wrong value fails it. */
const FIELD_VALUES: [RegExp, unknown[]][] = [
  [/^(amount|krwReceived|limitKrw|minAmount)$/, ["10", "5.5", 10, "100", "0.01", 1000000, "1000000000000"]],
  [/^(symbol|coinSymbol)$/, ["WLD", "wld", "BTC"]],
  [/^action$/, ["DEPOSIT", "WITHDRAW", "APPROVE", "REJECT", "deposit", "withdraw"]],
  [/^type$/, ["TRANSFER", "WITHDRAW", "DEPOSIT"]],
  [/^(reason|note)$/, ["fuzz: a reason long enough to count", "x"]],
  [/^(rate|annualRate)$/, ["5", "12.5", 0, "1000"]],
  [/^date$/, ["2026-01-01", "2025-12-31", new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)]],
  [/^lockEnd$/, ["2027-01-01T00:00:00+09:00"]],
  [/^(lockDays|maxUses|documentId)$/, [30, 1, 2]],
  [/^active$/, [true, false]],
  [/^(code|otp)$/, ["123456", "ABCD1234"]],
  [/^(password|currentPassword)$/, ["Correct-Horse-9"]],
  [/^(newPassword|newPasswordConfirm|passwordConfirm)$/, ["New-Horse-Battery-7"]],
  [/^(refCode|refId)$/, ["ABCD1234", "fuzz_1"]],
  [/^phone$/, ["010-1234-5678"]],
  [/^walletAddr$/, ["OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7", "ERC20|Upbit|0x0"]],
  [/^role$/, ["USER", "ADMIN"]],
  [/^(name|userId)$/, ["fuzzname1", "Fuzz Name"]],
];
const fieldValue = (key: string): fc.Arbitrary<unknown> => {
  const known = FIELD_VALUES.find(([re]) => re.test(key))?.[1];
  return known ? fc.constantFrom(...known) : plausible;
};

/** Near-valid bodies: most of the schema's fields with plausible values, now and then one wrong, missing or extra. */
function nearValidArb(keys: string[]): fc.Arbitrary<string> {
  const fields = keys.map((k) =>
    fc.option(
      fc
        .oneof({ arbitrary: fieldValue(k), weight: 4 }, { arbitrary: value, weight: 1 })
        .map((v): [string, unknown] => [k, v]),
      { freq: 6, nil: null },
    ),
  );
  const extras = fc.array(
    fc.tuple(
      fc.constantFrom(...PROTO_KEYS, "extra", "role", "isAdmin", "userId", "id"),
      fc.oneof(value, fc.constant(POLLUTION)),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...fields), extras)
    .map(([fs, ex]) => toJson(objectOf([...fs.filter((f): f is [string, unknown] => f !== null), ...ex])));
}

/** A generated body: an object over the schema's own field names (near-valid or wild), sometimes anything at all. */
function bodyArb(keys: string[]): fc.Arbitrary<string> {
  const names = [...keys, ...keys, ...PROTO_KEYS, ...allKeys.slice(0, 40), "extra", "role", "userId", "id"];
  const entry = fc.tuple(
    fc.oneof(
      { arbitrary: fc.constantFrom(...names), weight: 5 },
      { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
    ),
    fc.oneof({ arbitrary: value, weight: 5 }, { arbitrary: fc.constant(POLLUTION), weight: 1 }),
  );
  const obj = fc.array(entry, { maxLength: 7 }).map((es) => toJson(objectOf(es)));
  const other = fc.oneof(
    value.map(toJson),
    fc.constantFrom(
      "NaN",
      "Infinity",
      "undefined",
      "{",
      "[",
      '{"a":}',
      "{'a':1}",
      "\ufeff{}",
      '{"a":1,"a":2}',
      "true",
      "null",
      "",
    ),
    fc.string({ maxLength: 30 }),
  );
  return fc.oneof(
    { arbitrary: nearValidArb(keys), weight: 4 },
    { arbitrary: obj, weight: 4 },
    { arbitrary: other, weight: 1 },
  );
}

/** Bodies every route gets, whatever its schema. */
function fixedBodies(keys: string[]): [string, string][] {
  const k = keys[0] ?? "amount";
  return [
    ["empty text", ""],
    ["an empty object", "{}"],
    ["an array", "[]"],
    ["null", "null"],
    ["a string", '"x"'],
    ["a number", "1"],
    ["NaN", "NaN"],
    ["Infinity", `{${JSON.stringify(k)}:Infinity}`],
    ["broken JSON", `{${JSON.stringify(k)}:`],
    ["a BOM", `\ufeff{${JSON.stringify(k)}:"1"}`],
    ["over 64 KB", JSON.stringify(Object.fromEntries(keys.map((x) => [x, "y".repeat(70_000)])))],
    ["just under 64 KB of padding", JSON.stringify({ [k]: "z".repeat(60_000) })],
    ["nesting 40 deep", toJson(objectOf([[k, nest(40, 1, false)]]))],
    ["arrays 40 deep", toJson(nest(40, 1, true))],
    ["__proto__", `{"__proto__":{"isAdmin":true,"role":"SUPERADMIN"},${JSON.stringify(k)}:"1"}`],
    ["constructor.prototype", `{"constructor":{"prototype":{"isAdmin":true}},${JSON.stringify(k)}:"1"}`],
    ["a control character", `{${JSON.stringify(k)}:"a\\u0000b"}`],
    ["every field wrong-typed", toJson(Object.fromEntries(keys.map((x) => [x, { nested: [x] }])))],
    [
      "numbers as strings and strings as numbers",
      toJson(Object.fromEntries(keys.map((x, i) => [x, i % 2 ? "12.5" : 12.5]))),
    ],
    ["1e999 everywhere", `{${keys.map((x) => `${JSON.stringify(x)}:1e999`).join(",") || '"a":1e999'}}`],
  ];
}

// ——— what must not change ———

const FULL_TABLES = [
  "users",
  "ledger_accounts",
  "ledger_postings",
  "ledger_entries",
  "transactions",
  "requests",
  "request_events",
  "staking_products",
  "member_staking_rates",
  "staking_rewards",
  "staking_runs",
  "audit_log",
  "proposals",
  "signup_codes",
  "idempotency_keys",
  "notifications",
  "id_documents",
  "two_factor_recovery_codes",
];
const MONEY_TABLES = [
  "ledger_accounts",
  "ledger_postings",
  "ledger_entries",
  "transactions",
  "requests",
  "staking_rewards",
  "staking_runs",
];

/** Refusals that judge a secret (a password, a one-time code): audited on purpose, so the audit trail may grow. */
const CREDENTIAL_CODES = ["WRONG_PASSWORD", "INVALID_OTP", "INVALID_CREDENTIALS"];

/** Count and md5 of every row of each table: any insert, update or delete shows. */
async function fingerprint(tables: string[], userIds: number[]): Promise<Record<string, string>> {
  const db = await getDb();
  const parts = tables.map(
    (t) =>
      sql`SELECT ${t}::text AS t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS f FROM ${sql.identifier(t)} x`,
  );
  const out = Object.fromEntries(
    rowsOf<{ t: string; f: string }>(await db.execute(sql.join(parts, sql` UNION ALL `))).map((r) => [r.t, r.f]),
  );
  for (const id of userIds) out[`balances of ${id}`] = JSON.stringify(await memberBalances(db, id));
  return out;
}

// ——— the pass ———

const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();
const where = onPostgres() ? "PostgreSQL" : "PGlite";
const stats = { calls: 0, byStatus: new Map<number, number>(), byRoute: new Map<string, Record<number, number>>() };

describe(`C22/D25 fuzzing every JSON route (${where})`, () => {
  const savedCron = process.env.CRON_SECRET;
  beforeAll(() => {
    process.env.CRON_SECRET = CRON_SECRET;
  });
  afterAll(() => {
    if (savedCron === undefined) delete process.env.CRON_SECRET;
    else process.env.CRON_SECRET = savedCron;
    console.log(
      `[fuzz on ${where}] ${routes.length} JSON routes, ${stats.calls} calls, seed ${SEED}; statuses ${JSON.stringify(
        Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])),
      )}`,
    );
    if (process.env.FUZZ_VERBOSE) for (const [k, v] of stats.byRoute) console.log(`  ${k}: ${JSON.stringify(v)}`);
  });

  it("finds the JSON routes, each with a body method, its schema's fields and a caller from the matrix", () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const problems = routes.flatMap((r) => [
      ...(r.methods.length ? [] : [`${r.path}: reads JSON but exports no POST/PUT/PATCH/DELETE`]),
      ...(r.keys.length ? [] : [`${r.path}: schema ${r.schemaName ?? "?"} not found through a lib/validation import`]),
      ...r.methods
        .filter((m) => !pickCaller(m, r.path))
        .map((m) => `${m} ${r.path}: no usable caller in tests/integration/authz`),
    ]);
    expect(problems).toEqual([]);
  });

  for (const r of routes) {
    for (const method of r.methods) {
      it(`${method} ${r.path} (${r.schemaName}: ${r.keys.join(", ")})`, async () => {
        const picked = pickCaller(method, r.path);
        expect(picked, "a caller").not.toBeNull();
        const { row, who } = picked!;
        const db = await getDb();
        const ctx: AuthzCtx = {
          self: await createUser({
            idStatus: "APPROVED",
            walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
          }),
          other: await createUser(),
          admin: await createUser({ role: "ADMIN" }),
          superadmin: await createUser({ role: "SUPERADMIN" }),
          support: await createUser({ role: "SUPPORT" }),
          finance: await createUser({ role: "FINANCE" }),
          compliance: await createUser({ role: "COMPLIANCE" }),
          data: {},
        };
        // Money to lose: the target member holds and stakes coins, so a body that slipped through would show.
        await credit(db, { userId: ctx.self.id, coin: "WLD", amount: "100", to: "staked" });
        await credit(db, { userId: ctx.self.id, coin: "WLD", amount: "50", to: "holding" });
        // A fresh WLD price: a valid deposit or transfer is then served, so a 503 would be a real failure.
        await setFreshWldPrice();
        await row.prepare?.(ctx);
        const params = (row.params?.(ctx) ?? {}) as Record<string, string>;
        const query = typeof row.query === "function" ? row.query(ctx) : (row.query ?? "");
        const url = `${r.path.replace(/\[\.{0,3}([^\]]+)\]/g, (_, k: string) => encodeURIComponent(String(params[k] ?? k)))}${query ? `?${query}` : ""}`;
        const headers = {
          ...(typeof row.headers === "function" ? row.headers(ctx) : (row.headers ?? {})),
          ...(r.path === "/api/cron/accrue" ? { authorization: `Bearer ${CRON_SECRET}` } : {}),
        };
        const cookie = who === "guest" ? undefined : ctx[who].cookie;
        const watched = [ctx.self.id, ...(who === "guest" ? [] : [ctx[who].id])];
        const mod = modules.get(r.path)!;

        const freshCookie = async () => {
          if (!cookie || !ENDS_OWN_SESSION.has(r.path)) return cookie;
          const [u] = await db
            .select()
            .from(users)
            .where(eq(users.id, ctx[who as Exclude<Who, "guest">].id));
          return cookieFor(u!);
        };

        const send = async (label: string, text: string) => {
          const before = await fingerprint(FULL_TABLES, watched);
          const res = await call(mod, method, url, {
            cookie: await freshCookie(),
            params,
            rawBody: text,
            headers: { "content-type": "application/json", ...headers },
          });
          stats.calls++;
          stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
          const seen = stats.byRoute.get(`${method} ${r.path}`) ?? {};
          seen[res.status] = (seen[res.status] ?? 0) + 1;
          stats.byRoute.set(`${method} ${r.path}`, seen);
          const what = `${method} ${url} as ${who} with ${label}: ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, what).toBeLessThan(500);
          expect(Object.getOwnPropertyNames(Object.prototype).sort(), "Object.prototype polluted").toEqual(
            protoKeysBefore,
          );
          expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
          if (res.status >= 200 && res.status < 300) return res.status;
          expect(res.body, what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
          expect((res.body as { error: string }).error.length, what).toBeGreaterThan(0);
          const after = await fingerprint(FULL_TABLES, watched);
          const code = (res.body as { code: string }).code;
          if (CREDENTIAL_CODES.includes(code)) {
            // A wrong password or code is audited and counted by design (SECURITY B16): that row and nothing else.
            const { audit_log: _a, ...restAfter } = after;
            const { audit_log: _b, ...restBefore } = before;
            expect(restAfter, `${what}: a refused credential changed more than the audit trail`).toEqual(restBefore);
          } else if ([400, 413, 415, 422].includes(res.status))
            expect(after, `${what}: a refused body changed something`).toEqual(before);
          else {
            const pick = (f: Record<string, string>) =>
              Object.fromEntries(
                Object.entries(f).filter(([k]) => MONEY_TABLES.includes(k) || k.startsWith("balances")),
              );
            expect(pick(after), `${what}: a refusal moved money`).toEqual(pick(before));
          }
          return res.status;
        };

        for (const [label, text] of fixedBodies(r.keys)) {
          const status = await send(label, text);
          if (label === "over 64 KB") expect(status).toBe(413);
          if (label === "nesting 40 deep" || label === "arrays 40 deep" || label === "broken JSON")
            expect(status).toBe(400);
        }
        await fc.assert(
          fc.asyncProperty(bodyArb(r.keys), async (text) => {
            await send(`generated body ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`, text);
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE },
        );
        await expectLedgerConsistent();
      });
    }
  }

  // Found by this pass: a decision carrying krwReceived read a fresh price before anything else, so while the
  // price feed was down a rejection (or an approval of a transfer) with a stray krwReceived answered 503
  // instead of the decision's own 400 VALIDATION. Only an approval of a deposit re-prices now.
  it("a decision with a stray krwReceived is 400 VALIDATION even while no price is known, and changes nothing", async () => {
    const db = await getDb();
    const [member, admin] = [await createUser(), await createUser({ role: "SUPERADMIN" })];
    await db
      .update(users)
      .set({ idStatus: "APPROVED", walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7" })
      .where(eq(users.id, member.id));
    await credit(db, { userId: member.id, coin: "WLD", amount: "20" });
    await move(db, { userId: member.id, coin: "WLD", amount: "20", from: "holding", to: "staked" });
    const req = await db.transaction((tx) =>
      createTransferRequest(tx, {
        userId: member.id,
        type: "TRANSFER",
        coin: "WLD",
        amount: new D("5"),
        priceKrw: "2800",
      }),
    );
    const deposit = await createDepositRequestRow(member.id); // its quote has 10 minutes to run
    const mod = (await import("@/app/api/admin/requests/[id]/route")) as Record<string, unknown>;
    for (const [id, action] of [
      [req.id, "reject"],
      [req.id, "approve"],
      [deposit, "reject"],
      // A deposit's approval names the KRW received (krwReceived is no longer stray there): see requests-deposit.
    ] as const) {
      const before = await fingerprint(FULL_TABLES, [member.id]);
      const res = await call(mod, "PATCH", `/api/admin/requests/${id}`, {
        cookie: admin.cookie,
        params: { id: String(id) },
        body: { action, krwReceived: 1000 },
      });
      expect(res.status, `${action} ${id}: ${res.text}`).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", error: expect.any(String) });
      expect(await fingerprint(FULL_TABLES, [member.id])).toEqual(before);
    }
    await expectLedgerConsistent();
  });
});
