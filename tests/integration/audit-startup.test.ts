/**
 * The default start is no open door (docs/security.md) and the required-variables check, through the real start path:
 * `npm start` (scripts/start.ts) and the server's own start (lib/boot.ts boot(), what instrumentation.ts calls) are
 * spawned with a bad environment or a reachable HOST, on real embedded databases in temporary DATA_DIRs.
 * `--no-build` keeps the spawns fast: every refusal happens before the build would.
 */
import { type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const temps: string[] = [];
afterAll(() => {
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "wld-startup-"));
  temps.push(d);
  return d;
}

/** The parent's variables minus everything this app reads, plus `vars`. */
function cleanEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "DATA_DIR",
    "AUTH_SECRET",
    "FILE_ENCRYPTION_KEY",
    "HOST",
    "PORT",
    "NODE_ENV",
    "WLD_DISABLE_JOBS",
  ])
    delete env[k];
  return { ...env, UPBIT_API_URL: "http://127.0.0.1:9", BINANCE_API_URL: "http://127.0.0.1:9", ...vars };
}

function run(args: string[], vars: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [TSX, ...args], {
    cwd: ROOT,
    env: cleanEnv(vars),
    encoding: "utf8",
    timeout: 60_000,
  });
}

const npmStart = (vars: Record<string, string>) => run(["scripts/start.ts", "--no-build"], vars);
const serverBoot = (vars: Record<string, string>) =>
  run(["-e", 'import("./lib/boot.ts").then((m) => m.boot()).then(() => process.exit(0));'], vars);

const lines = (text: string) => text.split("\n").filter((l) => l.trim() && !l.startsWith("npm warn"));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

const SECRET = "a-secret-value-that-must-never-be-printed-0123456789";
const KEY = Buffer.alloc(32, 3).toString("base64");
const PG = "postgres://postgres@127.0.0.1:1/never-reached";

describe("required variables are checked at start (one line, exit 1)", () => {
  it("npm start with DATABASE_URL and no FILE_ENCRYPTION_KEY exits 1 naming it", () => {
    const r = npmStart({ DATABASE_URL: PG, AUTH_SECRET: SECRET });
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toEqual([
      'Cannot start: missing FILE_ENCRYPTION_KEY (required when DATABASE_URL is set). See "Configuration" in README.md.',
    ]);
    expect(r.stdout).not.toMatch(/Serving|Building/);
  });

  it("names every missing and malformed variable, never a value", () => {
    const r = npmStart({ DATABASE_URL: "not a url", FILE_ENCRYPTION_KEY: "c2hvcnQ=", PORT: "http", CRON_SECRET: "x" });
    expect(r.status).toBe(1);
    const out = lines(r.stderr);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/missing AUTH_SECRET \(required when DATABASE_URL is set\)/);
    expect(out[0]).toMatch(/malformed .*DATABASE_URL/);
    for (const name of ["PORT", "FILE_ENCRYPTION_KEY", "CRON_SECRET"]) expect(out[0]).toContain(name);
    expect(out[0]).not.toContain("c2hvcnQ=");
  });

  it("the server's own start (instrumentation → boot) refuses the same environment", () => {
    const r = serverBoot({ DATABASE_URL: PG, FILE_ENCRYPTION_KEY: KEY, WLD_DISABLE_JOBS: "1" });
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toEqual([
      'Cannot start: missing AUTH_SECRET (required when DATABASE_URL is set). See "Configuration" in README.md.',
    ]);
  });
});

describe("the demo's published passwords never face the network (finding 6)", () => {
  const dataDir = path.join(tempDir(), "data");

  it("embedded mode listens on 127.0.0.1 unless HOST is set", async () => {
    const port = await freePort();
    const r = await startUntilServing({ DATA_DIR: path.join(tempDir(), "data"), PORT: String(port) });
    expect(lines(r.stdout)[0]).toBe(`Serving on http://127.0.0.1:${port}`);
    expect(r.stderr).not.toContain("Refusing");
  });

  it("a non-loopback HOST on a fresh DATA_DIR seeds the demo, then refuses with one line", () => {
    const r = npmStart({ DATA_DIR: dataDir, HOST: "0.0.0.0", PORT: "3999" });
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toEqual([
      "Refusing to listen on 0.0.0.0: the demo account(s) superadmin, admin, demo still have the published password" +
        " (README, Demo accounts). Start without HOST (127.0.0.1 only), sign in and change those passwords, then set HOST again.",
    ]);
    expect(r.stdout).not.toContain("Serving");
    // Finding 12: the directory holding the database is open to this user only.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it("checks the stored hash: with two passwords changed it still names the third, on :: too", async () => {
    await changePasswords(dataDir, ["superadmin", "admin"]);
    const r = npmStart({ DATA_DIR: dataDir, HOST: "::", PORT: "3999" });
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/Refusing to listen on ::: the demo account\(s\) demo still have/);
  });

  it("the server's own start refuses too (HOST set, started without npm start)", () => {
    const r = serverBoot({ DATA_DIR: dataDir, HOST: "192.168.1.20", WLD_DISABLE_JOBS: "1" });
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^Refusing to listen on 192\.168\.1\.20: the demo account\(s\) demo still/);
  });

  it("starts on the requested address once every demo password has changed", async () => {
    await changePasswords(dataDir, ["demo"]);
    const port = await freePort();
    const { stdout, stderr } = await startUntilServing({ DATA_DIR: dataDir, HOST: "0.0.0.0", PORT: String(port) });
    expect(stdout).toContain(`Serving on http://0.0.0.0:${port}`);
    expect(stderr).not.toContain("Refusing");
  });
});

/**
 * Runs `npm start --no-build` until it names its address, then stops it and everything it started (`next
 * start` fails at once without a production build, and serves the last one when there is one).
 */
async function startUntilServing(vars: Record<string, string>) {
  const child = spawn(process.execPath, [TSX, "scripts/start.ts", "--no-build"], {
    cwd: ROOT,
    env: cleanEnv(vars),
    detached: true, // own process group: the kill below reaches the Next server too
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => {
    stdout += c;
  });
  child.stderr.on("data", (c) => {
    stderr += c;
  });
  const deadline = Date.now() + 45_000;
  while (!stdout.includes("Serving on") && child.exitCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
  return { stdout, stderr };
}

/** Sets new passwords for demo accounts directly in an embedded DATA_DIR (no server holds it now). */
async function changePasswords(dataDir: string, userIds: string[]) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { hashPassword } = await import("@/lib/auth/password-hash");
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    for (const u of userIds)
      await db.query("update users set password_hash = $1 where user_id = $2", [
        await hashPassword(`changed-${u}-Passw0rd!`),
        u,
      ]);
  } finally {
    await db.close();
  }
}

describe("secrets beside the data (finding 12)", () => {
  const saved = { ...process.env };
  const withEnv = async <T>(vars: Record<string, string | undefined>, fn: () => Promise<T> | T): Promise<T> => {
    for (const [k, v] of Object.entries(vars))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    try {
      return await fn();
    } finally {
      for (const k of Object.keys(vars))
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
    }
  };

  it("embedded mode: an existing world-readable DATA_DIR is tightened to 0700, secrets are 0600", async () => {
    const dir = path.join(tempDir(), "data");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, "file-key"), KEY, { mode: 0o644 });
    fs.chmodSync(path.join(dir, "file-key"), 0o644);
    const { authSecret, fileEncryptionKey } = await import("@/lib/secret");
    await withEnv(
      { DATABASE_URL: undefined, DATA_DIR: dir, AUTH_SECRET: undefined, FILE_ENCRYPTION_KEY: undefined },
      () => {
        expect(fileEncryptionKey().equals(Buffer.from(KEY, "base64"))).toBe(true);
        expect(authSecret().length).toBeGreaterThanOrEqual(32);
      },
    );
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "file-key")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("server mode: the secrets come only from the environment; DATA_DIR is never read or written", async () => {
    const dir = path.join(tempDir(), "never");
    const { authSecret, fileEncryptionKey } = await import("@/lib/secret");
    await withEnv({ DATABASE_URL: PG, DATA_DIR: dir, AUTH_SECRET: undefined, FILE_ENCRYPTION_KEY: undefined }, () => {
      expect(() => authSecret()).toThrow(/AUTH_SECRET must be set/);
      expect(() => fileEncryptionKey()).toThrow(/FILE_ENCRYPTION_KEY must be set/);
    });
    await withEnv({ DATABASE_URL: PG, DATA_DIR: dir, AUTH_SECRET: SECRET, FILE_ENCRYPTION_KEY: KEY }, () => {
      expect(authSecret()).toBe(SECRET);
      expect(fileEncryptionKey().equals(Buffer.from(KEY, "base64"))).toBe(true);
    });
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("loopback detection", async () => {
    const { isLoopbackHost } = await import("@/lib/boot");
    for (const h of ["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"]) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "example.com", "::ffff:10.0.0.1"])
      expect(isLoopbackHost(h)).toBe(false);
  });
});
