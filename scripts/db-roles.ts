// `npm run db:roles [-- --role wld_app]`: creates or updates the app's database role (db/roles.ts) on DATABASE_URL,
// which must be the tables' owner (or a superuser) on PostgreSQL itself. DATABASE_APP_PASSWORD, when set, becomes
// the role's password (else an existing role keeps its own). Safe to repeat; run it after every `db:migrate`.
import { closeDb, dbKind, getDb } from "@/db/client";
import { AppRoleRefused, DEFAULT_APP_ROLE, grantAppRole } from "@/db/roles";

const args = process.argv.slice(2);
const at = args.indexOf("--role");
const role = at >= 0 ? (args[at + 1] ?? "") : DEFAULT_APP_ROLE;

try {
  if ((await dbKind()) !== "postgres")
    throw new AppRoleRefused("db:roles is for a PostgreSQL server: set DATABASE_URL to the owner's connection");
  const g = await grantAppRole(await getDb(), {
    role,
    password: process.env.DATABASE_APP_PASSWORD || undefined,
  });
  console.log(
    `app role ${g.role} ${g.created ? "created" : "updated"} on database ${g.database} (tables owned by ${g.owner})` +
      `${g.passwordSet ? ", password set" : ""}`,
  );
  console.log(`  SELECT, INSERT, UPDATE, DELETE: ${g.tables.length} tables`);
  console.log(`  SELECT, INSERT, UPDATE (never deleted): ${g.noDelete.join(", ")}`);
  console.log(`  SELECT, INSERT only (append-only): ${g.appendOnly.join(", ")}`);
  console.log(`  USAGE on ${g.sequences} sequences, EXECUTE on ${g.functions} functions; owns nothing`);
  console.log(
    `  tables ${g.owner} creates later get SELECT, INSERT, UPDATE, DELETE by default: run again after db:migrate`,
  );
} catch (e) {
  if (!(e instanceof AppRoleRefused)) throw e;
  console.error(`✗ ${e.message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
