/**
 * The append-only tables hold against the database itself (SECURITY.md: the audit trail and the ledger are
 * append-only). On both databases, as the tables' owner: TRUNCATE, UPDATE and DELETE of audit_log, ledger_entries
 * and ledger_postings are refused by their triggers (migrations 0001, 0016). On PostgreSQL, as the app role that
 * `npm run db:roles` creates: the same statements are refused by privilege (permission denied) before any trigger,
 * and so are dropping, altering or disabling the guards; inserting works, and the app's ordinary money path — the
 * real routes, lib/ledger, the reward run, audit:verify — runs entirely on that role.
 * The money records that are never deleted but still updated (transactions, requests, request_events,
 * travel_rule_records: migration 0019, docs/operations.md) are refused DELETE and TRUNCATE the same way, and keep
 * their UPDATE; tests/integration/retention.test.ts holds the owner's side of them.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as deactivateRoute from "@/app/api/admin/users/[id]/route";
import * as cronRoute from "@/app/api/cron/accrue/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as uploadIdRoute from "@/app/api/upload-id/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import { closeDb, getDb, rowsOf } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { stakingProducts } from "@/db/schema";
import { verifyAuditChain } from "@/lib/audit-chain";
import { setTestClock } from "@/lib/clock";
import { eraseExpiredIdentities, RETENTION_IDENTITY_YEARS } from "@/lib/kyc/retention";
import { credit } from "@/lib/ledger";
import { lastEndedDay } from "@/lib/kst-day";
import { approvedMember, countOf, createDepositRequestRow, wld } from "../factories/money";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { loginAs } from "./auth-helpers";
import { form, pngImage } from "./kyc-images";

const APPEND_ONLY = ["audit_log", "ledger_entries", "ledger_postings"] as const;
const NO_DELETE = [
  "request_events",
  "requests",
  "transactions",
  "travel_rule_records",
  // Partitioned by month (migration 0029): the guard on the parent holds for every partition.
  "notifications",
  "staking_rewards",
] as const;

/** The database's error for what `run` sent (the driver's cause when drizzle wraps it), or null when it ran. */
async function refusal(run: () => Promise<unknown>): Promise<{ code?: string; message: string } | null> {
  try {
    await run();
    return null;
  } catch (e) {
    const err = e as { code?: string; message: string; cause?: { code?: string; message: string } };
    return err.cause?.message ? { code: err.cause.code, message: err.cause.message } : err;
  }
}

/** Some rows in every append-only table, through the ledger (a posting writes entries and its audit row). */
async function seedAppendOnlyRows() {
  const member = await approvedMember();
  await credit(await getDb(), {
    userId: member.id,
    coin: "WLD",
    amount: "5",
    audit: { action: "admin.coin.deposit", targetUserId: member.id },
  });
  for (const table of APPEND_ONLY)
    expect(await countOf(sql`select count(*)::text as n from ${sql.identifier(table)}`)).toBeGreaterThan(0);
}

/** Some rows in every never-deleted money table: a history row, a request with its event and Travel Rule record. */
async function seedNoDeleteRows() {
  const member = await approvedMember();
  const db = await getDb();
  await credit(db, {
    userId: member.id,
    coin: "WLD",
    amount: "5",
    memberTx: [{ userId: member.id, type: "DEPOSIT", coinSymbol: "WLD", amount: "5" }],
  });
  const request = await createDepositRequestRow(member.id);
  await db.execute(sql`INSERT INTO request_events (request_id, status) VALUES (${request}, 'PENDING')`);
  await db.execute(sql`
    INSERT INTO travel_rule_records (request_id, user_id, threshold_krw, amount, amount_krw, network, exchange,
      address, beneficiary_name, self_owned, ivms101, created_at)
    VALUES (${request}, ${member.id}, 1000000, 10, 1000000, 'OP', 'Upbit', '0x52908400098527886E0F7030069857D2E4169EE7',
      'Roles', true, '{}'::jsonb, now())`);
  await db.execute(sql`INSERT INTO notifications (user_id, kind) VALUES (${member.id}, 'roles')`);
  await db.execute(sql`INSERT INTO staking_rewards (user_id, coin_symbol, day, staked_balance, annual_rate, amount)
    VALUES (${member.id}, 'WLD', now()::date, 1, 12, 0.1)`);
  for (const table of NO_DELETE)
    expect(await countOf(sql`select count(*)::text as n from ${sql.identifier(table)}`)).toBeGreaterThan(0);
}

describe(`I41 append-only tables as their owner (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it.each(APPEND_ONLY)(
    "%s: TRUNCATE, UPDATE and DELETE are refused by its triggers, nothing changes",
    async (table) => {
      await seedAppendOnlyRows();
      const db = await getDb();
      const count = () => countOf(sql`select count(*)::text as n from ${sql.identifier(table)}`);
      const before = await count();
      const t = sql.identifier(table);
      // A plain TRUNCATE of a table another references stops at the foreign key; with CASCADE it reaches the trigger.
      for (const [what, statement, why] of [
        ["truncate", sql`truncate ${t}`, /append-only|immutable|referenced in a foreign key/],
        ["truncate cascade", sql`truncate ${t} cascade`, /append-only|immutable/],
        ["update", sql`update ${t} set id = id where id = (select min(id) from ${t})`, /append-only|immutable/],
        ["delete", sql`delete from ${t} where id = (select max(id) from ${t})`, /append-only|immutable/],
      ] as const) {
        const err = await refusal(() => db.execute(statement));
        expect(err?.message, what).toMatch(why);
      }
      expect(await count()).toBe(before);
    },
  );

  it("a TRUNCATE of a table they reference (users … CASCADE) is refused too", async () => {
    await seedAppendOnlyRows();
    const db = await getDb();
    const err = await refusal(() => db.execute(sql`truncate users cascade`));
    expect(err?.message).toMatch(/append-only|immutable|never deleted/);
    expect(await countOf(sql`select count(*)::text as n from users`)).toBeGreaterThan(0);
  });
});

describe.runIf(onPostgres())("I41 the app's database role (npm run db:roles)", () => {
  const role = `wld_t_app_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const password = crypto.randomBytes(18).toString("base64url");
  let ownerUrl: string;
  let appUrl: string;
  let app: postgres.Sql;

  const dbRoles = (args: string[] = [], env: Record<string, string> = {}) =>
    spawnSync("npx", ["tsx", "scripts/db-roles.ts", ...args], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: ownerUrl, DATABASE_APP_PASSWORD: password, ...env },
    });

  /** Switches every app module (getDb) to `url`: the next query opens the pool anew. */
  async function runAppAs(url: string) {
    await closeDb();
    process.env.DATABASE_URL = url;
  }

  beforeAll(async () => {
    ownerUrl = process.env.DATABASE_URL as string;
    const u = new URL(ownerUrl);
    u.username = role;
    u.password = password;
    appUrl = u.toString();
    await seedAppendOnlyRows();
    await seedNoDeleteRows();
    const first = dbRoles(["--role", role]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(role);
    // The guards sort the tables: UPDATE refused too → append-only; only DELETE (and TRUNCATE) → never deleted.
    const listed = (label: string) =>
      (first.stdout.split("\n").find((l) => l.includes(label)) ?? "").split(": ")[1]?.split(", ") ?? [];
    expect(listed("(never deleted)")).toEqual(expect.arrayContaining([...NO_DELETE]));
    expect(listed("(append-only)")).toEqual(expect.arrayContaining([...APPEND_ONLY]));
    for (const table of NO_DELETE) expect(listed("(append-only)")).not.toContain(table);
    // Safe to run again (after every migration): same grants, same password.
    const again = dbRoles(["--role", role]);
    expect(again.status, again.stderr).toBe(0);
    app = postgres(appUrl, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await app?.end({ timeout: 5 });
    await runAppAs(ownerUrl);
    // Roles belong to the whole server: this file's role goes with its grants.
    const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    try {
      await owner.unsafe(`DROP OWNED BY ${role}`);
      await owner.unsafe(`DROP ROLE IF EXISTS ${role}`);
    } finally {
      await owner.end();
    }
  });

  it("is a plain login role that owns nothing and is no member of the owner", async () => {
    const [r] = await app<{ super: boolean; createrole: boolean; createdb: boolean; bypassrls: boolean }[]>`
      SELECT rolsuper AS super, rolcreaterole AS createrole, rolcreatedb AS createdb, rolbypassrls AS bypassrls
      FROM pg_roles WHERE rolname = current_user`;
    expect(r).toEqual({ super: false, createrole: false, createdb: false, bypassrls: false });
    const [owned] = await app<{ n: number }[]>`
      SELECT (SELECT count(*) FROM pg_class WHERE relowner = current_user::regrole)
           + (SELECT count(*) FROM pg_proc WHERE proowner = current_user::regrole)
           + (SELECT count(*) FROM pg_namespace WHERE nspowner = current_user::regrole)
           + (SELECT count(*) FROM pg_type WHERE typowner = current_user::regrole) AS n`;
    expect(Number(owned!.n)).toBe(0);
    const [member] = await app<{ m: boolean }[]>`
      SELECT pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'audit_log'::regclass), 'MEMBER') AS m`;
    expect(member!.m).toBe(false);
  });

  /** Each of `what` on `table` is refused for lack of privilege (42501), before any trigger. */
  async function expectPermissionDenied(table: string, what: ("truncate" | "update" | "delete")[]) {
    const t = app(table);
    const statements = {
      truncate: () => app`TRUNCATE ${t}`,
      update: () => app`UPDATE ${t} SET id = id WHERE id = (SELECT min(id) FROM ${t})`,
      delete: () => app`DELETE FROM ${t} WHERE id = (SELECT max(id) FROM ${t})`,
    };
    for (const statement of what) {
      const err = await refusal(statements[statement]);
      expect(err?.code, `${statement} ${table}`).toBe("42501");
      expect(err?.message).toMatch(new RegExp(`permission denied for table ${table}`));
    }
  }

  it.each(APPEND_ONLY)(
    "%s: TRUNCATE, UPDATE and DELETE are refused for lack of privilege; INSERT and SELECT work",
    async (table) => {
      await expectPermissionDenied(table, ["truncate", "update", "delete"]);
      const t = app(table);
      const [row] = await app<{ n: string }[]>`SELECT count(*)::text AS n FROM ${t}`;
      expect(Number(row!.n)).toBeGreaterThan(0);
    },
  );

  it.each(NO_DELETE)(
    "%s: TRUNCATE and DELETE are refused for lack of privilege; UPDATE, INSERT and SELECT work",
    async (table) => {
      await expectPermissionDenied(table, ["truncate", "delete"]);
      const t = app(table);
      const updated = await app`UPDATE ${t} SET id = id WHERE id = (SELECT min(id) FROM ${t}) RETURNING id`;
      expect(updated).toHaveLength(1);
      const [held] = await app<{ insert: boolean; trigger: boolean }[]>`
        SELECT has_table_privilege(${table}, 'INSERT') AS insert, has_table_privilege(${table}, 'TRIGGER') AS trigger`;
      expect(held).toEqual({ insert: true, trigger: false });
    },
  );

  it("reaches the monthly partitions only through their parent, and may run ensure_month_partitions()", async () => {
    const partitions = () => app<{ name: string; any: boolean }[]>`
      SELECT c.relname AS name, has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE') AS any
      FROM pg_class c WHERE c.relispartition AND c.relnamespace = 'public'::regnamespace`;
    expect((await partitions()).map((p) => p.name)).toEqual(expect.arrayContaining(["notifications_default"]));
    expect((await partitions()).filter((p) => p.any)).toEqual([]);
    // Months created by the app's call (default privileges would grant it) keep none either.
    await app`SELECT ensure_month_partitions(now() + interval '10 months', 12)`;
    expect((await partitions()).filter((p) => p.name.includes(String(new Date().getFullYear() + 1)))).not.toEqual([]);
    expect((await partitions()).filter((p) => p.any)).toEqual([]);
    expect((await refusal(() => app`SELECT count(*) FROM notifications_default`))?.code).toBe("42501");
  });

  it("cannot drop, alter or switch off a guard, create objects, or become another role", async () => {
    const refused = [
      "DROP TABLE audit_log",
      "ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update",
      "ALTER TABLE audit_log DISABLE TRIGGER ALL",
      "DROP TRIGGER audit_log_no_truncate ON audit_log",
      "ALTER TABLE ledger_entries ADD COLUMN x int",
      "ALTER TABLE ledger_postings OWNER TO CURRENT_USER",
      "CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
      "SET session_replication_role = replica",
      "CREATE TABLE audit_log_copy (id int)",
      "CREATE SCHEMA wld_shadow",
      "SET ROLE postgres",
      "DELETE FROM drizzle.__drizzle_migrations",
    ];
    for (const statement of refused) {
      const err = await refusal(() => app.unsafe(statement));
      expect(err?.code, statement).toBe("42501");
    }
    // Granting itself more is a no-op (PostgreSQL only warns: it holds no grant option).
    await app.unsafe("GRANT UPDATE, DELETE, TRUNCATE ON audit_log, ledger_entries, ledger_postings TO CURRENT_USER");
    const [held] = await app<{ any: boolean }[]>`
      SELECT bool_or(has_table_privilege(t, p)) AS any
      FROM unnest(${APPEND_ONLY as unknown as string[]}::text[]) t, unnest(array['UPDATE', 'DELETE', 'TRUNCATE']) p`;
    expect(held!.any).toBe(false);
  });

  it("inserts into the audit log chain like any other row", async () => {
    const [row] = await app<{ prev: string | null; hash: string | null }[]>`
      INSERT INTO audit_log (action) VALUES ('LOGOUT')
      RETURNING encode(prev_hash, 'hex') AS prev, encode(row_hash, 'hex') AS hash`;
    expect(row!.prev).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the app runs on it: boot finds nothing to migrate, and money moves through the real routes and lib/ledger", async () => {
    await runAppAs(appUrl);
    try {
      const db = await getDb();
      expect(rowsOf<{ u: string }>(await db.execute(sql`select current_user as u`))).toEqual([{ u: role }]);
      // What every instance does at boot: the migrations were applied by the owner, so there is nothing to do.
      await migrateDatabase();

      await db.insert(stakingProducts).values({ coinSymbol: "WLD", name: "roles", annualRate: "10" });
      const member = await approvedMember();
      expect((await loginAs(member.userId, DEFAULT_PASSWORD)).status).toBe(200);
      await credit(db, { userId: member.id, coin: "WLD", amount: "100" });
      const swap = await call(swapRoute, "POST", `/api/users/${member.userId}/swap`, {
        cookie: member.cookie,
        params: { userId: member.userId },
        body: { amount: "60" },
      });
      expect(swap.status, JSON.stringify(swap.body)).toBe(200);
      const ask = await call(transferRoute, "POST", "/api/transfer-requests", {
        cookie: member.cookie,
        body: { amount: "10" },
      });
      expect(ask.status, JSON.stringify(ask.body)).toBe(201);
      const id = ask.body.request.id as number;
      const cancelled = await call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, {
        cookie: member.cookie,
        params: { id: String(id) },
      });
      expect(cancelled.status).toBe(200);
      expect(await wld(member.id)).toMatchObject({ holding: "40", staked: "60", held: "0" });

      // The reward run (its temporary table included) as the cron endpoint starts it.
      process.env.CRON_SECRET = "cron-secret-for-roles-0123456789";
      try {
        const run = await call(cronRoute, "POST", "/api/cron/accrue", {
          body: { date: lastEndedDay(new Date()) },
          headers: { authorization: `Bearer ${process.env.CRON_SECRET}` },
        });
        expect(run.status, JSON.stringify(run.body)).toBe(200);
      } finally {
        delete process.env.CRON_SECRET;
      }

      await expectLedgerConsistent();
      expect((await verifyAuditChain(db)).ok).toBe(true);
    } finally {
      await runAppAs(ownerUrl);
    }
  });

  it("deactivation keeps the identity and its image, and the daily erasure takes them, all on it", async () => {
    await runAppAs(appUrl);
    try {
      const admin = await createUser({ role: "ADMIN" });
      const member = await createUser();
      const uploaded = await call(uploadIdRoute, "POST", "/api/upload-id", {
        rawBody: form(await pngImage()),
        cookie: member.cookie,
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const gone = await call(deactivateRoute, "DELETE", `/api/admin/users/${member.id}`, {
        cookie: admin.cookie,
        params: { id: String(member.id) },
      });
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      const [kept] = await app<{ images: number }[]>`
        SELECT count(*)::int AS images FROM retained_id_images WHERE user_id = ${member.id}`;
      expect(kept!.images).toBe(1);
      setTestClock(new Date(Date.now() + (RETENTION_IDENTITY_YEARS + 1) * 366 * 86_400_000));
      expect(await eraseExpiredIdentities()).toContain(member.id);
      const [left] = await app<{ images: number; sealed: boolean }[]>`
        SELECT (SELECT count(*)::int FROM retained_id_images WHERE user_id = ${member.id}) AS images,
               (SELECT sealed IS NOT NULL FROM retained_identities WHERE user_id = ${member.id}) AS sealed`;
      expect(left).toEqual({ images: 0, sealed: false });
    } finally {
      setTestClock(null);
      await runAppAs(ownerUrl);
    }
  });

  it("at boot, a migration still pending stops the app role with the owner's command, and applies nothing", async () => {
    const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    const [newest] = await owner<{ id: number; hash: string; created_at: string }[]>`
      DELETE FROM drizzle.__drizzle_migrations
      WHERE id = (SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1)
      RETURNING id, hash, created_at::text`;
    await runAppAs(appUrl);
    try {
      await expect(migrateDatabase()).rejects.toThrow(/migrations are pending .* npm run db:migrate .* owner/);
    } finally {
      await runAppAs(ownerUrl);
      await owner`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
        VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`;
      await owner.end();
    }
  });

  it("refuses to make the tables' owner (or a superuser) the app role, and a name that is not a plain identifier", () => {
    const owner = decodeURIComponent(new URL(ownerUrl).username || "postgres");
    const self = dbRoles(["--role", owner]);
    expect(self.status).not.toBe(0);
    expect(self.stderr).toMatch(/owner|superuser/);
    const odd = dbRoles(["--role", 'x"; DROP TABLE users; --']);
    expect(odd.status).not.toBe(0);
    expect(odd.stderr).toMatch(/role name/);
  });
});
