/**
 * `npm run admin:create [userId] [name]`: creates the first SUPERADMIN on the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR). The password is read from a hidden prompt on a
 * terminal, or from the first line of stdin otherwise (`printf '%s\n' "$PW" | npm run admin:create admin`);
 * it never appears in argv, the shell history or the logs.
 *
 * The first SUPERADMIN is the bootstrap: it may approve four-eyes proposals at once (users.approver_from stays
 * NULL) — there is nobody yet to wait for. Every later ADMIN or SUPERADMIN is a role proposal another SUPERADMIN
 * approves, and then waits 72 hours before it approves anything (lib/auth/approver-rules.ts); a SUPERADMIN made here
 * while any console account (an administrator or a staff member) is active waits the same 72 hours, so the script is
 * no way around the wait.
 */
import readline from "node:readline";
import { sql } from "drizzle-orm";
import { closeDb, getDb, rowsOf } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { users } from "@/db/schema";
import { audit } from "@/lib/audit";
import { APPROVER_WAIT_MS } from "@/lib/auth/approver-rules";
import { hashPassword } from "@/lib/auth/password-hash";
import { generateRefCode } from "@/lib/referral";
import { newPasswordSchema, USERID_PATTERN } from "@/lib/validation/auth";

async function ask(question: string, hidden = false): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(question);
    };
  }
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer;
}

async function readStdinLines(): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
}

async function main() {
  const tty = Boolean(process.stdin.isTTY);
  const stdinLines = tty ? [] : await readStdinLines();
  const userId = (process.argv[2] ?? (tty ? await ask("SUPERADMIN user ID: ") : "")).trim();
  const name = (process.argv[3] ?? (tty ? await ask("Name: ") : "") ?? "").trim() || "최고관리자";
  if (!USERID_PATTERN.test(userId) || userId.length > 30) {
    throw new Error("Give a user ID of letters and digits (max 30) as the first argument.");
  }
  let password: string;
  if (tty) {
    password = await ask("Password (hidden): ", true);
    const again = await ask("Repeat password: ", true);
    if (again !== password) throw new Error("The passwords do not match.");
  } else {
    password = stdinLines[0] ?? "";
  }
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) throw new Error("The password must be at least 8 characters and not a common one.");

  await migrateDatabase();
  const db = await getDb();
  const exists = rowsOf(await db.execute(sql`select 1 from users where lower(user_id) = lower(${userId})`));
  if (exists.length) throw new Error(`A member named ${userId} already exists; nothing changed.`);
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const admins = rowsOf(
      await tx.execute(sql`select 1 from users where role <> 'USER' and status = 'ACTIVE' limit 1`),
    );
    const approverFrom = admins.length ? new Date(Date.now() + APPROVER_WAIT_MS) : null;
    const [row] = await tx
      .insert(users)
      .values({ userId, name, passwordHash, role: "SUPERADMIN", refCode: generateRefCode(), approverFrom })
      .returning({ id: users.id, userId: users.userId, refCode: users.refCode });
    await audit(tx, {
      action: "ADMIN_CREATE",
      targetUserId: row!.id,
      ip: "cli",
      after: { userId, role: "SUPERADMIN", approverFrom: approverFrom?.toISOString() ?? null },
    });
    return row!;
  });
  console.log(`SUPERADMIN ${created.userId} created (id ${created.id}, referral code ${created.refCode}).`);
}

try {
  await main();
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
