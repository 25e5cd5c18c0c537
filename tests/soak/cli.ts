/**
 * npm run test:soak -- --seed N --ops 10000 [--workers 8] [--shrink-seconds 120]
 *
 * The seeded soak (tests/soak/runner.ts) against a scratch database on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), migrated and dropped at the end. Prints the counts of every
 * operation and answer; on a failure the seed, the failing step and the shortest operation log that replays
 * it (also written to .test-data/soak/seed-N.json), and exits 1.
 */
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  const v = inline ? inline.split("=")[1] : i >= 0 ? args[i + 1] : undefined;
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} wants a whole number, got ${v}`);
  return n;
};
const seed = arg("seed", 1);
const ops = arg("ops", 10_000);
const workers = arg("workers", 8);
const shrinkSeconds = arg("shrink-seconds", 120);

// The app's test mode: the clock can be moved, administrators use a password session, no background jobs.
Object.assign(process.env, { NODE_ENV: "test", WLD_DISABLE_JOBS: "1", ADMIN_2FA: "optional" });
process.env.AUTH_SECRET ??= "soak-secret-soak-secret-soak-secret-0123456789";
process.env.FILE_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.UPBIT_API_URL ??= "http://127.0.0.1:9";
process.env.BINANCE_API_URL ??= "http://127.0.0.1:9";
process.env.DATA_DIR ??= path.resolve(".test-data/soak/files");

const { soak } = await import("./runner");
console.log(`soak: seed ${seed}, ${ops} operations, ${workers} clients`);
const result = await soak({ seed, ops, workers, shrinkSeconds });
const counts = Object.entries(result.counts).sort(([a], [b]) => a.localeCompare(b));
for (const [k, n] of counts) console.log(`  ${k.padEnd(40)} ${n}`);
console.log(
  `soak seed ${seed}: ${result.ok ? "PASSED" : "FAILED"} — ${result.ops} operations, ${result.members} members, ${result.seconds.toFixed(1)} s`,
);
if (!result.ok) {
  const f = result.failure!;
  console.log(`seed: ${seed}`);
  console.log(`failing step ${f.seq}: ${f.op ? JSON.stringify(f.op) : "(the final check)"}`);
  console.log(`why: ${f.detail}`);
  if (result.shrunk) {
    console.log(`shortest log that replays it (${result.shrunk.length} operations, single-threaded):`);
    for (const op of result.shrunk) console.log(`  ${JSON.stringify(op)}`);
  }
  const dir = path.resolve(".test-data/soak");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `seed-${seed}.json`);
  fs.writeFileSync(file, JSON.stringify({ seed, failure: f, shrunk: result.shrunk ?? null }, null, 2));
  console.log(`written to ${file}`);
}
process.exit(result.ok ? 0 : 1);
