/**
 * What the server does once at start (instrumentation.ts), and what `npm start` checks before it builds
 * (scripts/start.ts): the environment is complete, the database is migrated, the demo is seeded in embedded
 * mode, and an embedded server that others can reach has no demo account with its published password.
 * Then the background jobs that register themselves in lib/jobs start.
 */
import { getDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { env, isEmbedded, startupEnvProblem } from "@/lib/env";
import { log } from "@/lib/log";
import { demoAccountsWithPublishedPassword, seedDemo } from "@/lib/seed";

/** Where `npm start` listens: HOST, else 127.0.0.1 in embedded mode (the demo is for this machine), else Next's default (every interface). */
export function listenHost(): string | undefined {
  return env().HOST ?? (isEmbedded() ? "127.0.0.1" : undefined);
}

/** True for addresses only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Migrates, seeds the demo in embedded mode, and answers one line explaining why the server must not start
 * (an embedded server on a reachable address while a demo account keeps its published password), or null.
 */
export async function prepareDatabase(): Promise<string | null> {
  await migrateDatabase();
  if (!isEmbedded()) return null;
  const db = await getDb();
  if (await seedDemo(db)) log.info("embedded database seeded with demo accounts");
  const host = listenHost();
  if (!host || isLoopbackHost(host)) return null;
  const exposed = await demoAccountsWithPublishedPassword(db);
  if (!exposed.length) return null;
  return (
    `Refusing to listen on ${host}: the demo account(s) ${exposed.join(", ")} still have the published password` +
    " (README, Demo accounts). Start without HOST (127.0.0.1 only), sign in and change those passwords, then set HOST again."
  );
}

/** A refusal to start is the operator's one plain line on stderr, as `npm start` prints it (not a JSON log line). */
function exitWith(line: string): never {
  console.error(line);
  process.exit(1);
}

export async function boot(): Promise<void> {
  const problem = startupEnvProblem();
  if (problem) exitWith(problem);
  const refusal = await prepareDatabase();
  if (refusal) exitWith(refusal);
  const { startJobs } = await import("@/lib/jobs");
  startJobs();
}
