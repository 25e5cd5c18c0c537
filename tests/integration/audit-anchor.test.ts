/**
 * The audit chain checked against an anchor kept outside the table (SECURITY.md: the audit trail is
 * tamper-evident). The chain alone cannot tell a whole rewrite from the truth: TRUNCATE (or a DELETE of the newest
 * rows) followed by fresh inserts leaves a shorter chain whose every hash and link verify. The daily reward run
 * therefore writes the chain's length and head hash — the anchor `<rows>:<head>` — into the log and /api/metrics,
 * and `audit:verify --anchor <rows>:<head>` fails when the chain no longer contains it. The rewrite is done as the
 * tables' owner could (the TRUNCATE guard switched off); the app's own role cannot (tests/integration/db-roles).
 */
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as metricsRoute from "@/app/api/metrics/route";
import { getDb, rowsOf } from "@/db/client";
import { type AuditAnchor, verifyAuditChain } from "@/lib/audit-chain";
import { credit } from "@/lib/ledger";
import { startRewardTimer } from "@/lib/staking/timer";
import { createUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { streamLines } from "../support/log-lines";
import { onPostgres } from "../support/setup-db";

const TOKEN = "metrics-token-for-anchor-0123456789";
const saved = { token: process.env.METRICS_TOKEN, level: process.env.LOG_LEVEL };
beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
  process.env.LOG_LEVEL = "info";
});
afterAll(() => {
  for (const [key, value] of [
    ["METRICS_TOKEN", saved.token],
    ["LOG_LEVEL", saved.level],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
});

async function scrape(): Promise<string> {
  const r = await call(metricsRoute, "GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  return r.text;
}

/** The chain as it stands: its length and the newest row's hash. */
async function chainHead(): Promise<AuditAnchor> {
  const [row] = rowsOf<{ rows: string; head: string }>(
    await (await getDb()).execute(sql`
      SELECT (SELECT count(*) FROM audit_log)::text AS rows,
             (SELECT encode(row_hash, 'hex') FROM audit_log ORDER BY id DESC LIMIT 1) AS head`),
  );
  return { rows: Number(row!.rows), head: row!.head };
}

/** As the owner could: the TRUNCATE guard off, the table emptied, the guard on again; then `n` fresh rows. */
async function rewriteChain(n: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate`);
    await tx.execute(sql`TRUNCATE audit_log`);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate`);
  });
  for (let i = 0; i < n; i++) await db.execute(sql`INSERT INTO audit_log (action, memo) VALUES ('LOGOUT', ${`r${i}`})`);
}

const verifyScript = (...args: string[]) =>
  spawnSync("npx", ["tsx", "scripts/audit-verify.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
  });

describe(`I41 audit anchor (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let anchor: AuditAnchor;

  it("the daily reward run writes the anchor (rows:head) to the log and to /api/metrics", async () => {
    const admin = await createUser({ role: "SUPERADMIN" });
    for (let i = 0; i < 3; i++) {
      const member = await createUser();
      await credit(await getDb(), {
        userId: member.id,
        coin: "WLD",
        amount: "5",
        actorId: admin.id,
        audit: { action: "admin.coin.deposit", actorId: admin.id, targetUserId: member.id },
      });
    }
    expect(await scrape()).not.toMatch(/^wld_audit_anchor_rows /m);

    let exposition = "";
    const lines = await streamLines(async () => {
      // The timer as the server starts it (lib/jobs.ts); its first run comes 30 s after start.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      try {
        startRewardTimer();
        vi.advanceTimersByTime(30_000);
      } finally {
        vi.useRealTimers();
      }
      await vi.waitFor(
        async () => {
          exposition = await scrape();
          expect(exposition).toMatch(/^wld_audit_anchor_rows /m);
        },
        { timeout: 30_000, interval: 100 },
      );
    });
    const logged = lines
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === "audit anchor");
    expect(logged).toHaveLength(1);
    anchor = await chainHead();
    expect(anchor.rows).toBeGreaterThanOrEqual(3);
    expect(logged[0]).toMatchObject({
      level: "info",
      requestId: "job:reward-run",
      anchor: `${anchor.rows}:${anchor.head}`,
      rows: anchor.rows,
    });
    expect(exposition).toMatch(new RegExp(`^wld_audit_anchor_rows ${anchor.rows}$`, "m"));
    expect(exposition).toMatch(new RegExp(`^wld_audit_anchor_info\\{head="${anchor.head}"\\} 1$`, "m"));
    expect(exposition).toMatch(/^# TYPE wld_audit_anchor_timestamp_seconds gauge$/m);
    expect(exposition).toMatch(/^wld_audit_anchor_timestamp_seconds \d+/m);
    await expectLedgerConsistent();
  });

  it("verify with the anchor passes while the chain holds it, also once the chain has grown", async () => {
    const db = await getDb();
    expect(await verifyAuditChain(db, { anchor })).toEqual({ ok: true, rows: anchor.rows });
    await db.execute(sql`INSERT INTO audit_log (action) VALUES ('LOGOUT')`);
    expect(await verifyAuditChain(db, { anchor, batchSize: 2 })).toEqual({ ok: true, rows: anchor.rows + 1 });
    if (onPostgres()) {
      const ok = verifyScript("--anchor", `${anchor.rows}:${anchor.head}`);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`contains the anchor ${anchor.rows}:${anchor.head}`);
    }
  });

  it("after a TRUNCATE and a shorter chain written afresh, verify passes alone and fails with the anchor", async () => {
    const db = await getDb();
    await rewriteChain(2);
    // Every hash and link of the new chain is right: on its own the chain cannot tell.
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 2 });
    expect(await verifyAuditChain(db, { anchor })).toEqual({ ok: false, rows: 2, anchorMiss: { anchor, found: null } });
    if (onPostgres()) {
      const plain = verifyScript();
      expect(plain.status, plain.stderr).toBe(0);
      const anchored = verifyScript("--anchor", `${anchor.rows}:${anchor.head}`);
      expect(anchored.status).toBe(1);
      expect(anchored.stderr).toContain(
        `✗ audit chain does not contain the anchor ${anchor.rows}:${anchor.head}: it has only 2 row(s)`,
      );
    }
  });

  it("a chain rewritten to the anchor's length or longer fails too: the row at that count has another hash", async () => {
    const db = await getDb();
    await rewriteChain(anchor.rows + 1);
    const now = await chainHead();
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: anchor.rows + 1 });
    const result = await verifyAuditChain(db, { anchor });
    expect(result).toMatchObject({ ok: false, rows: anchor.rows + 1, anchorMiss: { anchor } });
    const found = (result as { anchorMiss: { found: string } }).anchorMiss.found;
    expect(found).toMatch(/^[0-9a-f]{64}$/);
    expect(found).not.toBe(anchor.head);
    expect(now.head).not.toBe(anchor.head);
    if (onPostgres()) {
      const anchored = verifyScript("--anchor", `${anchor.rows}:${anchor.head}`);
      expect(anchored.status).toBe(1);
      expect(anchored.stderr).toContain(`row ${anchor.rows} has hash ${found}`);
    }
  });

  it.runIf(onPostgres())("audit:verify refuses an anchor it cannot read (exit 2, with the usage)", () => {
    for (const bad of [["--anchor"], ["--anchor", `0:${"a".repeat(64)}`]]) {
      const r = verifyScript(...bad);
      expect(r.status, bad.join(" ")).toBe(2);
      expect(r.stderr).toContain("usage: npm run audit:verify -- [--anchor <rows>:<head hash>]");
    }
  });
});
