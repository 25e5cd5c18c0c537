import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { seedDemo } from "@/lib/seed";
import { onPostgres } from "../support/setup-db";

// The real `npm run ledger:check` script against this file's database; it needs a database another
// process can open, so it runs on PostgreSQL (CI) and is skipped, saying so, on in-memory PGlite.
describe.runIf(onPostgres())("npm run ledger:check", () => {
  const runCheck = () =>
    spawnSync("npx", ["tsx", "scripts/ledger-check.ts"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
    });

  it("passes on the demo database and fails, naming the invariant, once an entry is tampered with", async () => {
    const db = await getDb();
    expect(await seedDemo(db)).toBe(true);
    const clean = runCheck();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/ledger check passed/);

    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update`);
      await tx.execute(
        sql`update ledger_entries set amount = amount + 1 where id = (select min(id) from ledger_entries)`,
      );
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update`);
    });
    const broken = runCheck();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/balance = sum\(entries\)/);
    expect(broken.stderr).toMatch(/ledger check failed/);
  });
});
