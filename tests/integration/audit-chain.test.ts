/**
 * The audit trail is tamper-evident. Every audit_log row, whichever path writes it (lib/audit.ts,
 * the login's closing statement, ledger_post()), carries the previous row's hash and its own (migration 0009);
 * lib/audit-chain.ts / `npm run audit:verify` recomputes the chain and names the first broken row. Rows are
 * written by the real route handlers; tampering is done as a superuser would (the append-only trigger disabled).
 */
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as roleRoute from "@/app/api/admin/users/[id]/toggle-role/route";
import { getDb, rowsOf } from "@/db/client";
import { verifyAuditChain } from "@/lib/audit-chain";
import { countOf } from "../factories/money";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { loginAs } from "./auth-helpers";

type ChainRow = { id: string; prev_hash: string | null; row_hash: string | null };

async function chainRows(): Promise<ChainRow[]> {
  const db = await getDb();
  return rowsOf<ChainRow>(
    await db.execute(sql`select id::text as id, encode(prev_hash, 'hex') as prev_hash,
      encode(row_hash, 'hex') as row_hash from audit_log order by id`),
  );
}

/** Runs `sql` with the append-only trigger off, as someone with the table owner's rights could. */
async function asOwner(statement: ReturnType<typeof sql>, triggers = ["audit_log_no_update"]) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const t of triggers) await tx.execute(sql`alter table audit_log disable trigger ${sql.raw(t)}`);
    await tx.execute(statement);
    for (const t of triggers) await tx.execute(sql`alter table audit_log enable trigger ${sql.raw(t)}`);
  });
}

const runScript = () =>
  spawnSync("npx", ["tsx", "scripts/audit-verify.ts"], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
  });

describe(`audit chain (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("rows written by real routes chain: each prev_hash is the row before's row_hash, and verify passes", async () => {
    const admin = await createUser({ role: "SUPERADMIN" });
    const member = await createUser();
    expect((await loginAs(member.userId, DEFAULT_PASSWORD)).status).toBe(200); // LOGIN_SUCCESS (closing statement)
    expect((await loginAs(member.userId, "wrong-password-1")).status).toBe(401); // LOGIN_FAILURE
    const deposit = await call(coinRoute, "PATCH", `/api/admin/users/${member.id}/coin`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
      body: { symbol: "WLD", amount: "12.5", action: "DEPOSIT" },
    }); // admin.coin.deposit, written inside ledger_post()
    expect(deposit.status).toBe(200);
    const role = await call(roleRoute, "PATCH", `/api/admin/users/${member.id}/toggle-role`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
      body: { role: "ADMIN", reason: "운영 인력" },
    }); // a grant is a proposal (proposal.create) …
    expect(role.status).toBe(202);
    const second = await createUser({ role: "SUPERADMIN" });
    const approved = await call(approveRoute, "POST", `/api/admin/proposals/${role.body.proposal.id}/approve`, {
      cookie: second.cookie,
      params: { id: String(role.body.proposal.id) },
    }); // … and ROLE_CHANGE once another SUPERADMIN approves it (lib/audit.ts audit())
    expect(approved.status).toBe(200);
    await expectLedgerConsistent();

    const rows = await chainRows();
    const actions = rowsOf<{ action: string }>(
      await (await getDb()).execute(sql`select action from audit_log order by id`),
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(["LOGIN_SUCCESS", "LOGIN_FAILURE", "admin.coin.deposit", "ROLE_CHANGE"]),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows[0]!.prev_hash).toBeNull();
    for (let i = 0; i < rows.length; i++) {
      expect(rows[i]!.row_hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.row_hash);
    }
    expect(await verifyAuditChain(await getDb())).toEqual({ ok: true, rows: rows.length });
    // Batches join up: the same answer a row at a time.
    expect(await verifyAuditChain(await getDb(), { batchSize: 1 })).toEqual({ ok: true, rows: rows.length });
  });

  it("the hashes are the trigger's: values an insert supplies for prev_hash and row_hash are replaced", async () => {
    const db = await getDb();
    const [last] = (await chainRows()).slice(-1);
    const [row] = rowsOf<ChainRow>(
      await db.execute(sql`insert into audit_log (action, prev_hash, row_hash) values ('LOGOUT', '\\x00', '\\x00')
        returning id::text as id, encode(prev_hash, 'hex') as prev_hash, encode(row_hash, 'hex') as row_hash`),
    );
    expect(row!.prev_hash).toBe(last!.row_hash);
    expect(row!.row_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("editing one row directly makes verify fail naming that row; restoring it heals the chain", async () => {
    const db = await getDb();
    const rows = await chainRows();
    const victim = rows[Math.floor(rows.length / 2)]!;
    const [orig] = rowsOf<{ ip: string | null }>(
      await db.execute(sql`select ip from audit_log where id = ${victim.id}::bigint`),
    );
    await asOwner(sql`update audit_log set ip = '203.0.113.66' where id = ${victim.id}::bigint`);
    expect(await verifyAuditChain(db)).toEqual({
      ok: false,
      rows: rows.findIndex((r) => r.id === victim.id),
      broken: { id: Number(victim.id), reason: "hash" },
    });
    if (onPostgres()) {
      const broken = runScript();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(`audit chain broken at row ${victim.id}`);
    }
    await asOwner(sql`update audit_log set ip = ${orig!.ip} where id = ${victim.id}::bigint`);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("deleting a row directly breaks the chain at the next row", async () => {
    const db = await getDb();
    const rows = await chainRows();
    const gone = rows[1]!;
    const next = rows[2]!;
    const saved = rowsOf<{ row: string }>(
      await db.execute(sql`select row_to_json(a)::text as row from audit_log a where id = ${gone.id}::bigint`),
    );
    expect(saved).toHaveLength(1);
    await asOwner(sql`delete from audit_log where id = ${gone.id}::bigint`);
    expect(await verifyAuditChain(db)).toEqual({ ok: false, rows: 1, broken: { id: Number(next.id), reason: "link" } });
    if (onPostgres()) {
      const broken = runScript();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(`audit chain broken at row ${next.id}`);
    }
    // Put the very row back (both triggers off, so nothing is recomputed): the chain verifies again.
    await asOwner(
      sql`insert into audit_log select * from json_populate_record(null::audit_log, ${saved[0]!.row}::json)`,
      ["audit_log_no_update", "audit_log_chain"],
    );
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("an audit row is refused outside READ COMMITTED (a stale snapshot could fork the chain)", async () => {
    const db = await getDb();
    const before = await countOf(sql`select count(*)::text as n from audit_log`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read`);
        await tx.execute(sql`insert into audit_log (action) values ('LOGOUT')`);
      }),
    ).rejects.toThrow();
    expect(await countOf(sql`select count(*)::text as n from audit_log`)).toBe(before);
  });

  it.runIf(onPostgres())(
    "concurrent audit writes still chain: 20 parallel logins, 20 wrong guesses and 10 admin deposits (PostgreSQL)",
    async () => {
      const admin = await createUser({ role: "SUPERADMIN" });
      const members = await Promise.all(Array.from({ length: 20 }, () => createUser()));
      const before = await countOf(sql`select count(*)::text as n from audit_log`);
      const answers = await Promise.all([
        ...members.map((m) => loginAs(m.userId, DEFAULT_PASSWORD)),
        ...members.map((m) => loginAs(m.userId, "wrong-password-1")),
        ...members.slice(0, 10).map((m) =>
          call(coinRoute, "PATCH", `/api/admin/users/${m.id}/coin`, {
            cookie: admin.cookie,
            params: { id: String(m.id) },
            body: { symbol: "WLD", amount: "1.25", action: "DEPOSIT" },
          }),
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual([
        ...Array(20).fill(200),
        ...Array(20).fill(401),
        ...Array(10).fill(200),
      ]);
      expect(await countOf(sql`select count(*)::text as n from audit_log`)).toBe(before + 50);
      await expectLedgerConsistent();
      const result = await verifyAuditChain(await getDb(), { batchSize: 7 });
      expect(result).toEqual({ ok: true, rows: (await chainRows()).length });
      const clean = runScript();
      expect(clean.status, clean.stderr).toBe(0);
      expect(clean.stdout).toMatch(/audit chain verified/);
    },
  );
});
