/**
 * What the server does once at start (instrumentation.ts): migrate, seed the demo in embedded mode,
 * and start the background jobs that register themselves in lib/jobs.
 */
import { getDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { isEmbedded } from "@/lib/env";
import { seedDemo } from "@/lib/seed";

export async function boot(): Promise<void> {
  await migrateDatabase();
  if (isEmbedded()) {
    const seeded = await seedDemo(await getDb());
    if (seeded) console.log(JSON.stringify({ level: "info", msg: "embedded database seeded with demo accounts" }));
  }
  const { startJobs } = await import("@/lib/jobs");
  startJobs();
}
