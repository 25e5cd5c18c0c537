/**
 * Which database answers the console's reads (docs/scaling.md, "Read replicas"; db/replica.ts, lib/read.ts), on
 * this file's database with no real standby (tests/cluster/replica.test.ts proves a real one):
 *
 * - no DATABASE_REPLICA_URL, or the embedded database: every read is the primary's, /api/health says nothing of
 *   a replica;
 * - on PostgreSQL, a replica that is down, or a "replica" that is not in recovery (a primary): the console's lists
 *   still answer, from the primary, and /api/health says why the replica is not in use;
 * - read your own writes (lib/read-your-writes.ts): an administrator's successful change through the real
 *   withAdmin answers with the HttpOnly cookie, a refused one does not, and the next admin read carrying a recent
 *   one reads the primary only — an old or far-future one does not.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import * as health from "@/app/api/health/route";
import * as noticesRoute from "@/app/api/admin/notices/route";
import * as membersRoute from "@/app/api/admin/users/paginated/route";
import { closeDb, getDb } from "@/db/client";
import { replicaHealth } from "@/db/replica";
import { withAdmin } from "@/lib/api/with-auth";
import { readStale } from "@/lib/read";
import { primaryReadsOnly, readYourWritesWindowMs, WROTE_COOKIE } from "@/lib/read-your-writes";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
/** Nothing listens on port 9 here (the price feeds' URLs use it too). */
const DOWN_URL = "postgres://postgres@127.0.0.1:9/none";

afterEach(async () => {
  delete process.env.DATABASE_REPLICA_URL;
  // The replica's pool and its checked state go with the handles (PGlite's in-memory database would go too).
  if (onPostgres()) await closeDb();
});
afterAll(() => {
  delete process.env.DATABASE_REPLICA_URL;
});

/** The handle a stale-allowed read ran on is the primary's. */
const readsPrimary = async () => (await readStale(async (db) => db)) === (await getDb());

describe(`read routing without a usable replica (${kind})`, () => {
  it("no DATABASE_REPLICA_URL: the primary, and /api/health says nothing of a replica", async () => {
    expect(await readsPrimary()).toBe(true);
    expect(await replicaHealth()).toBeNull();
    const r = await call(health, "GET", "/api/health");
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("replica");
  });

  it.skipIf(onPostgres())(
    "embedded database with DATABASE_REPLICA_URL set: still the primary, no replica",
    async () => {
      process.env.DATABASE_REPLICA_URL = DOWN_URL;
      expect(await readsPrimary()).toBe(true);
      expect(await replicaHealth()).toBeNull();
    },
  );

  it.runIf(onPostgres())("a replica that is down: the lists answer from the primary at once", async () => {
    const admin = await createUser({ role: "ADMIN" });
    process.env.DATABASE_REPLICA_URL = DOWN_URL;
    const t0 = performance.now();
    const r = await call(membersRoute, "GET", "/api/admin/users/paginated", { cookie: admin.cookie });
    expect(r.status).toBe(200);
    expect(r.body.users.map((u: { userId: string }) => u.userId)).toContain(admin.userId);
    expect(performance.now() - t0).toBeLessThan(1_500); // a refused connection is not waited on
    expect(await readsPrimary()).toBe(true);
    const h = await call(health, "GET", "/api/health");
    expect(h.status).toBe(200);
    expect(h.body.replica).toMatchObject({ reachable: false, inUse: false, reason: "unreachable", maxLagMs: 5_000 });
    expect(h.body.replica.reads.primary).toBeGreaterThanOrEqual(2);
    expect(h.body.replica.reads.replica).toBe(0);
  });

  it.runIf(onPostgres())("a 'replica' that is not in recovery (a primary, say promoted) is not read", async () => {
    const admin = await createUser({ role: "ADMIN" });
    process.env.DATABASE_REPLICA_URL = process.env.DATABASE_URL;
    const r = await call(dashboardRoute, "GET", "/api/admin/dashboard", { cookie: admin.cookie });
    expect(r.status).toBe(200);
    expect(await readsPrimary()).toBe(true);
    expect(await replicaHealth()).toMatchObject({ reachable: true, inUse: false, reason: "not in recovery" });
  });
});

describe(`read your own writes (${kind})`, () => {
  /** A real withAdmin route answering whether its reads are held to the primary. */
  const probe = { GET: withAdmin(async () => ({ primaryOnly: primaryReadsOnly() }), { permission: "members.list" }) };
  const notice = { category: "general", titleKo: "공지", bodyKo: "본문" };

  it("a successful admin change sets the cookie; the author's next reads are the primary's until the window ends", async () => {
    process.env.DATABASE_REPLICA_URL = DOWN_URL;
    const admin = await createUser({ role: "SUPERADMIN" });
    const wrote = await call(noticesRoute, "POST", "/api/admin/notices", { cookie: admin.cookie, body: notice });
    expect(wrote.status).toBe(201);
    const set = wrote.headers.getSetCookie().find((c) => c.startsWith(`${WROTE_COOKIE}=`));
    expect(set).toMatch(/^wld-wrote=\d+; Path=\/; Max-Age=7; HttpOnly; SameSite=Lax$/);
    const mark = set!.split(";")[0]!;
    expect(readYourWritesWindowMs()).toBe(7_000);

    const read = (cookie: string) => call(probe, "GET", "/api/probe", { cookie });
    expect((await read(`${admin.cookie}; ${mark}`)).body).toEqual({ primaryOnly: true });
    expect((await read(admin.cookie)).body).toEqual({ primaryOnly: false });
    const old = `${WROTE_COOKIE}=${Date.now() - 8_000}`;
    expect((await read(`${admin.cookie}; ${old}`)).body).toEqual({ primaryOnly: false });
    const future = `${WROTE_COOKIE}=${Date.now() + 3_600_000}`;
    expect((await read(`${admin.cookie}; ${future}`)).body).toEqual({ primaryOnly: false });
    expect((await read(`${admin.cookie}; ${WROTE_COOKIE}=garbage`)).body).toEqual({ primaryOnly: false });
  });

  it("a refused change sets no cookie; without a replica configured no change does", async () => {
    process.env.DATABASE_REPLICA_URL = DOWN_URL;
    const admin = await createUser({ role: "SUPERADMIN" });
    const bad = await call(noticesRoute, "POST", "/api/admin/notices", {
      cookie: admin.cookie,
      body: { ...notice, category: "nonsense" },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.getSetCookie().some((c) => c.startsWith(`${WROTE_COOKIE}=`))).toBe(false);
    delete process.env.DATABASE_REPLICA_URL;
    const plain = await call(noticesRoute, "POST", "/api/admin/notices", { cookie: admin.cookie, body: notice });
    expect(plain.status).toBe(201);
    expect(plain.headers.getSetCookie().some((c) => c.startsWith(`${WROTE_COOKIE}=`))).toBe(false);
  });
});
