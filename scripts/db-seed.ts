// `npm run db:seed`: seed the demo accounts of DESIGN.md ("Running it") on purpose (embedded mode does it by itself).
import { closeDb, getDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { seedDemo } from "@/lib/seed";

await migrateDatabase();
const seeded = await seedDemo(await getDb());
await closeDb();
console.log(seeded ? "demo data seeded" : "demo data already present; nothing changed");
