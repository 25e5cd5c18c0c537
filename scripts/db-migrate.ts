// `npm run db:migrate`: apply the committed migrations, then the SQL functions of db/functions, to DATABASE_URL (or
// the embedded database).
import { closeDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

await migrateDatabase();
await closeDb();
console.log("migrations and functions applied");
