/**
 * System-test harness: the REAL production server (`next start` on the build in .next) as separate
 * processes sharing one scratch PostgreSQL database on TEST_DATABASE_URL's server.
 *
 * - `systemSkipReason()` says why the suite cannot run here (no TEST_DATABASE_URL, no build) — the
 *   tests then skip with that message instead of passing silently.
 * - `createScratchDatabase()` → CREATE DATABASE + `npm run db:migrate`; `drop()` removes it (WITH FORCE).
 * - `startInstance()` spawns `node node_modules/next/dist/bin/next start -p PORT` directly (never a rebuild)
 *   in its own process group, waits for /api/health, keeps the last output for failure reports.
 * - `ledgerCheck()` runs the real `npm run ledger:check` against the scratch database.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { fetchWithin } from "@/lib/fetch-within";
import { freePort } from "../../../scripts/cluster/launcher";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const BUILD_ID = path.join(ROOT, ".next/BUILD_ID");

export const AUTH_SECRET = `system-test-secret-${crypto.randomBytes(16).toString("hex")}`;
const FILE_ENCRYPTION_KEY = crypto.randomBytes(32).toString("base64");

/** `[system] …` lines: the figures this suite measures. */
export function report(line: string): void {
  console.log(`[system] ${line}`);
}

/** Why the system tests cannot run in this environment, or null when they can. */
export function systemSkipReason(): string | null {
  if (!process.env.TEST_DATABASE_URL)
    return "TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)";
  if (!fs.existsSync(BUILD_ID))
    return "no production build in .next — build it first: `flock /tmp/wld-e2e.lock npx next build`";
  return null;
}

/** Warns (does not fail) when the sources changed since the build stamp that `npm start` writes. */
export function warnIfBuildStale(): void {
  const stamp = path.join(ROOT, ".next/wld-source-stamp");
  if (!fs.existsSync(stamp)) return;
  const built = fs.statSync(BUILD_ID).mtimeMs;
  const newer: string[] = [];
  const walk = (p: string) => {
    const full = path.join(ROOT, p);
    if (!fs.existsSync(full) || newer.length > 3) return;
    const st = fs.statSync(full);
    if (st.isDirectory()) for (const n of fs.readdirSync(full)) walk(path.join(p, n));
    else if (st.mtimeMs > built) newer.push(p);
  };
  for (const s of ["app", "lib", "db", "middleware.ts", "instrumentation.ts"]) walk(s);
  if (newer.length)
    report(
      `warning: the build in .next is older than ${newer.join(", ")}… — the servers run the build, not these sources`,
    );
}

export type ScratchDatabase = {
  name: string;
  url: string;
  sql: postgres.Sql;
  drop: () => Promise<void>;
};

/** A fresh database on TEST_DATABASE_URL's server, migrated with the real `npm run db:migrate`. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `wld_sys_${prefix}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    // Scratch databases left by an earlier run on this machine that was killed before its afterAll.
    const old = await admin<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE 'wld\_sys\_%'`;
    for (const { datname } of old) {
      const pid = Number(/^wld_sys_[a-z0-9]+_(\d+)_[0-9a-f]+$/.exec(datname)?.[1]);
      if (pid && pid !== process.pid && !isAlive(pid))
        await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(base);
  target.pathname = `/${name}`;
  const url = target.toString();
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await sql.end({ timeout: 5 }).catch(() => {});
    const a = postgres(base, { max: 1, onnotice: () => {} });
    try {
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await a.end();
    }
  };
  try {
    const migrate = spawnSync("npm", ["run", "--silent", "db:migrate"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
      timeout: 180_000,
    });
    if (migrate.status !== 0)
      throw new Error(`npm run db:migrate failed (${migrate.status}): ${migrate.stderr || migrate.stdout}`);
  } catch (e) {
    await drop();
    throw e;
  }
  return { name, url, sql, drop };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Runs the real `npm run ledger:check` against the database. */
export async function ledgerCheck(url: string, timeoutMs = 120_000): Promise<{ ok: boolean; output: string }> {
  // Asynchronous on purpose: while it runs, this process must keep reading the servers' output pipes (a server
  // whose pipe is full blocks in write(2)), and the test's own timers must keep running.
  const child = spawn("npm", ["run", "--silent", "ledger:check"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    timeout: timeoutMs,
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => {
    child.on("error", (e) => {
      output += String(e);
      resolve(null);
    });
    child.on("close", (status) => resolve(status));
  });
  return { ok: code === 0, output: output.trim() };
}

// freePort: a port nobody listens on right now; the deployment's launcher owns the one copy.
export { freePort };

export type Instance = {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** The last lines the server printed (for failure messages). */
  output: () => string;
  alive: () => boolean;
  /** SIGKILL the whole process group (the server and anything it forked). */
  kill: () => void;
};

const running = new Set<Instance>();
/** Kills every server this process started (afterAll, and on exit as a last resort). */
export function killAll(): void {
  for (const inst of running) inst.kill();
  running.clear();
}
process.once("exit", killAll);
// The servers run in their own process groups, so an interrupted run must stop them itself.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.once(sig, () => {
    killAll();
    process.exit(128 + (sig === "SIGINT" ? 2 : sig === "SIGTERM" ? 15 : 1));
  });

/** Starts one production server on a free port against `databaseUrl` and waits for /api/health. */
export async function startInstance(
  name: string,
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    detached: true, // own process group, so kill() reaches every process the server started
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      FILE_ENCRYPTION_KEY,
      WLD_DISABLE_JOBS: "1",
      DATA_DIR: path.join(ROOT, ".test-data", `system-${name}-${process.pid}`),
      // No real exchange calls from the system tests.
      UPBIT_API_URL: "http://127.0.0.1:9",
      BINANCE_API_URL: "http://127.0.0.1:9",
      APP_ORIGIN: "",
      TEST_DATABASE_URL: "",
      // The races' administrator credits and approves with a password session; two-factor enrolment is
      // proven by the integration and browser tests (ADMIN_2FA=required is the server default).
      ADMIN_2FA: "optional",
      ...extraEnv,
    },
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const inst: Instance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => log,
    alive: () => !exited,
    kill: () => {
      if (exited || child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        try {
          child.kill("SIGKILL");
        } catch {}
      }
    },
  };
  running.add(inst);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`instance ${name} exited before it was healthy:\n${log}`);
    try {
      const { res: r, text } = await fetchWithin(`${inst.base}/api/health`, {}, 5_000);
      if (r.ok) {
        const body = JSON.parse(text) as { db?: string };
        if (body.db !== "postgres") throw new Error(`instance ${name} is not on PostgreSQL: ${JSON.stringify(body)}`);
        return inst;
      }
    } catch (e) {
      if (String(e).includes("not on PostgreSQL")) {
        inst.kill();
        throw e;
      }
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  inst.kill();
  throw new Error(`instance ${name} did not answer /api/health within 90 s:\n${log}`);
}

/** Waits until the process has really gone (after kill()). */
export async function waitForExit(inst: Instance, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (inst.alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}
