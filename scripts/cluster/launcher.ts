/**
 * The local deployment as a reusable module (npm run cluster, tests/cluster, the instance benchmark):
 * PgBouncer in transaction pooling in front of one PostgreSQL database, N app instances of the staged standalone
 * build (`node server.js`, one port each) and nginx in front of them — PgBouncer and nginx run on the files in
 * deploy/, rendered into the run directory. Every process is a child in its own process group, so a fault can be
 * aimed at one of them: killInstance (SIGKILL), stopInstance (SIGTERM, in-flight requests finish),
 * startInstance (again, same port), restartPgbouncer. stop() ends them all.
 *
 * The database must exist and be migrated (directly, not through the pooler: see createDatabase), and the app's
 * role granted on it (grantAppRole: `npm run db:roles`, as the owner). Everything the instances send goes as that
 * role, which owns nothing and may only insert into the append-only tables (db/roles.ts): PgBouncer's user, and
 * DATABASE_DIRECT_URL too, where each instance checks at boot that nothing is left to migrate (db/migrate.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";
import { renderFile } from "./render";
import { DRAIN, ROOT } from "./standalone";

export type ClusterOptions = {
  /** App instances behind nginx. */
  instances: number;
  /** PostgreSQL itself (the migrated database), as the tables' owner: PgBouncer's server. */
  directUrl: string;
  /** The role the instances connect as (grantAppRole). */
  appRole: AppRole;
  /** The staged standalone build (stageStandalone) the instances run from. */
  appDir: string;
  /** Working files: rendered configurations, logs, pid files, the auth file. */
  runDir: string;
  /** nginx's port (on 127.0.0.1 unless `listen` says otherwise). */
  port: number;
  listen?: string;
  /** Ports of the instances (one each); default port+1 … port+N. */
  appPorts?: number[];
  pgbouncerPort: number;
  /** Server connections PgBouncer keeps per database (default_pool_size). */
  poolSize?: number;
  /** The server secrets every instance shares (sessions are signed with AUTH_SECRET). */
  secrets: { AUTH_SECRET: string; FILE_ENCRYPTION_KEY: string };
  /** A streaming replica's server (scripts/cluster/replica.ts): the instances read it as the app role, directly. */
  replicaUrl?: string;
  /** More environment for the instances (e.g. ADMIN_2FA=optional in tests). */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

export type AppInstance = {
  index: number;
  port: number;
  /** http://127.0.0.1:port — the instance itself, bypassing nginx. */
  base: string;
  child: ChildProcess;
  alive: () => boolean;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>;
};

export type Cluster = {
  /** What members reach: nginx. */
  url: string;
  /** PostgreSQL itself, as the owner. */
  directUrl: string;
  /** DATABASE_URL of the instances: PgBouncer, as the app role. */
  poolerUrl: string;
  instances: AppInstance[];
  /** Starts instance i (again), waits until it is healthy; returns the time it took in ms. */
  startInstance: (i: number) => Promise<number>;
  /** SIGTERM to instance i; resolves when it has exited (with its exit code). */
  stopInstance: (i: number) => Promise<number | string>;
  /** SIGKILL to instance i's process group; resolves when it has gone. */
  killInstance: (i: number) => Promise<void>;
  /** PgBouncer stopped at once (SIGTERM: immediate shutdown, clients cut) and started again; ms until it answers. */
  restartPgbouncer: () => Promise<number>;
  /** Last lines of an instance's log (for failure reports). */
  logTail: (i: number, lines?: number) => string;
  stop: () => Promise<void>;
};

const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const PGBOUNCER = fs.existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : "pgbouncer";
const DEPLOY = path.join(ROOT, "deploy");
const isRoot = process.getuid?.() === 0;

/** Runs the apt install script when nginx or PgBouncer is missing. */
export function installPackages(): void {
  const r = spawnSync("bash", [path.join(ROOT, "scripts/cluster/install-packages.sh")], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("nginx and pgbouncer could not be installed");
}

/** Creates `name` next to `serverUrl`'s database when missing; returns its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!row) await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The app's database role and its password (PgBouncer's userlist wants one). */
export type AppRole = { name: string; password: string };

/**
 * `npm run db:roles -- --role <name>` as the owner (directUrl): creates the role, or updates it, with a fresh
 * password, and grants it on this database. Run after every migration.
 */
export function grantAppRole(directUrl: string, name: string): AppRole {
  const password = crypto.randomBytes(18).toString("base64url");
  const r = spawnSync("npm", ["run", "--silent", "db:roles", "--", "--role", name], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: directUrl,
      DATABASE_POOLER: "",
      DATABASE_DIRECT_URL: "",
      DATABASE_APP_PASSWORD: password,
    },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`npm run db:roles failed: ${r.stderr || r.stdout}`);
  return { name, password };
}

/** Drops a role the cluster used, once no database holds a privilege of it (after its database is dropped). */
export async function dropRole(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`DROP ROLE IF EXISTS ${admin(name)}`;
  } finally {
    await admin.end();
  }
}

/** `url` with another user and password. */
function asRole(url: string, role: AppRole): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role.name);
  u.password = encodeURIComponent(role.password);
  return u.toString();
}

/** `npm run db:migrate` against PostgreSQL itself (the session-level migration lock needs a real session). */
export function migrateDirect(directUrl: string): void {
  const r = spawnSync("npm", ["run", "--silent", "db:migrate"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: directUrl, DATABASE_POOLER: "", DATABASE_DIRECT_URL: "" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`npm run db:migrate failed: ${r.stderr || r.stdout}`);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? ((l: string) => console.log(`[cluster] ${l}`));
  const runDir = path.resolve(opts.runDir);
  const direct = new URL(opts.directUrl);
  const dbName = direct.pathname.slice(1);
  const { name: dbUser, password } = opts.appRole;
  const appPorts = opts.appPorts ?? Array.from({ length: opts.instances }, (_, i) => opts.port + 1 + i);
  const children = new Set<ChildProcess>();

  // ── PgBouncer: its own directory, owned by the user it runs as (it refuses to run as root) ──
  const bouncerDir = path.join(runDir, "pgbouncer");
  fs.mkdirSync(bouncerDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(bouncerDir, "userlist.txt"), `"${dbUser}" "${password}"\n`, { mode: 0o600 });
  renderFile(path.join(DEPLOY, "pgbouncer.ini"), path.join(bouncerDir, "pgbouncer.ini"), {
    WLD_DB_NAME: dbName,
    WLD_PG_HOST: direct.hostname,
    WLD_PG_PORT: direct.port || "5432",
    WLD_PGBOUNCER_ADDR: "127.0.0.1",
    WLD_PGBOUNCER_PORT: String(opts.pgbouncerPort),
    WLD_PGBOUNCER_DIR: bouncerDir,
    WLD_POOL_SIZE: String(opts.poolSize ?? 20),
  });
  if (isRoot) chownTree(bouncerDir, "postgres");
  const poolerUrl = `postgres://${encodeURIComponent(dbUser)}:${password}@127.0.0.1:${opts.pgbouncerPort}/${dbName}`;

  let bouncer: ChildProcess | undefined;
  const startBouncer = async () => {
    const args = [...(isRoot ? ["-u", "postgres"] : []), path.join(bouncerDir, "pgbouncer.ini")];
    fs.rmSync(path.join(bouncerDir, "pgbouncer.pid"), { force: true });
    bouncer = track(spawn(PGBOUNCER, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] }));
    const t0 = Date.now();
    await waitFor(`PgBouncer on :${opts.pgbouncerPort}`, bouncer, async () => {
      const c = postgres(poolerUrl, { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
      try {
        await c`SELECT 1`;
        return true;
      } finally {
        await c.end({ timeout: 1 });
      }
    });
    return Date.now() - t0;
  };

  function track(child: ChildProcess): ChildProcess {
    children.add(child);
    child.once("exit", () => children.delete(child));
    return child;
  }

  // ── App instances ──
  const instances: AppInstance[] = [];
  const logFile = (i: number) => path.join(runDir, `app-${i}.log`);
  const startInstance = async (i: number): Promise<number> => {
    const t0 = Date.now();
    const port = appPorts[i]!;
    const out = fs.openSync(logFile(i), "a");
    const child = track(
      spawn(process.execPath, ["--require", `./${DRAIN}`, "server.js"], {
        cwd: opts.appDir,
        detached: true,
        stdio: ["ignore", out, out],
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: String(port),
          HOSTNAME: "127.0.0.1",
          DATABASE_URL: poolerUrl,
          DATABASE_POOLER: "transaction",
          DATABASE_DIRECT_URL: asRole(opts.directUrl, opts.appRole),
          ...(opts.replicaUrl ? { DATABASE_REPLICA_URL: asRole(`${opts.replicaUrl}/${dbName}`, opts.appRole) } : {}),
          TRUSTED_PROXIES: "127.0.0.1",
          ...opts.secrets,
          ...opts.env,
        },
      }),
    );
    fs.closeSync(out);
    let exited!: (v: number | string) => void;
    const inst: AppInstance = {
      index: i,
      port,
      base: `http://127.0.0.1:${port}`,
      child,
      alive: () => child.exitCode === null && child.signalCode === null,
      exited: new Promise((r) => {
        exited = r;
      }),
    };
    child.once("exit", (code, signal) => exited(code ?? signal ?? "unknown"));
    instances[i] = inst;
    await waitFor(`instance ${i} on :${port}`, child, async () => {
      const r = await fetch(`${inst.base}/api/health`, { signal: AbortSignal.timeout(3_000) });
      return r.ok;
    });
    return Date.now() - t0;
  };

  // ── nginx ──
  const nginxDir = path.join(runDir, "nginx");
  fs.mkdirSync(nginxDir, { recursive: true });
  const nginxConf = path.join(nginxDir, "nginx.conf");
  renderFile(path.join(DEPLOY, "nginx.conf"), nginxConf, {
    WLD_NGINX_USER: isRoot ? "www-data" : (process.env.USER ?? "nobody"),
    WLD_NGINX_DIR: nginxDir,
    WLD_LISTEN: opts.listen ?? `127.0.0.1:${opts.port}`,
    WLD_APP_SERVERS: appPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n    "),
  });
  if (isRoot) chownTree(nginxDir, "www-data");
  let nginx: ChildProcess | undefined;

  const killAllNow = () => {
    for (const c of children) signalGroup(c, "SIGKILL");
  };
  const stop = async () => {
    process.off("exit", killAllNow);
    // nginx first (no new requests), then the instances (SIGTERM: they finish what they have), then PgBouncer.
    if (nginx?.pid && nginx.exitCode === null) signalGroup(nginx, "SIGQUIT");
    const running = instances.filter((x) => x?.alive());
    for (const x of running) signalGroup(x.child, "SIGTERM");
    await Promise.all(running.map((x) => x.exited));
    if (bouncer?.pid && bouncer.exitCode === null) signalGroup(bouncer, "SIGINT");
    const deadline = Date.now() + 10_000;
    while (children.size && Date.now() < deadline) await sleep(100);
    for (const c of children) signalGroup(c, "SIGKILL");
  };
  // Nothing outlives this process, and a stopped cluster leaves no listener behind (the bench starts many).
  process.once("exit", killAllNow);

  try {
    const tb = await startBouncer();
    log(`PgBouncer (transaction pooling) on 127.0.0.1:${opts.pgbouncerPort} → ${direct.host}/${dbName} in ${tb} ms`);
    const times = await Promise.all(appPorts.map((_, i) => startInstance(i)));
    log(
      `${appPorts.length} instances on ${appPorts.map((p) => `:${p}`).join(" ")} healthy in ${Math.max(...times)} ms`,
    );
    const check = spawnSync(NGINX, ["-t", "-q", "-c", nginxConf, "-e", path.join(nginxDir, "error.log")], {
      encoding: "utf8",
    });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = track(
      spawn(NGINX, ["-c", nginxConf, "-e", path.join(nginxDir, "error.log"), "-g", "daemon off;"], {
        detached: true,
        stdio: ["ignore", "ignore", "pipe"],
      }),
    );
    await waitFor(`nginx on :${opts.port}`, nginx, async () => {
      const r = await fetch(`http://127.0.0.1:${opts.port}/api/health`, { signal: AbortSignal.timeout(3_000) });
      return r.ok;
    });
  } catch (e) {
    await stop();
    throw e;
  }

  return {
    url: `http://127.0.0.1:${opts.port}`,
    directUrl: opts.directUrl,
    poolerUrl,
    instances,
    startInstance,
    stopInstance: async (i) => {
      const inst = instances[i]!;
      signalGroup(inst.child, "SIGTERM");
      return inst.exited;
    },
    killInstance: async (i) => {
      const inst = instances[i]!;
      signalGroup(inst.child, "SIGKILL");
      await inst.exited;
    },
    restartPgbouncer: async () => {
      const old = bouncer!;
      const gone = new Promise((r) => old.once("exit", r));
      signalGroup(old, "SIGTERM");
      await gone;
      return startBouncer();
    },
    logTail: (i, lines = 40) => {
      try {
        return fs.readFileSync(logFile(i), "utf8").trimEnd().split("\n").slice(-lines).join("\n");
      } catch {
        return "";
      }
    },
    stop,
  };
}

/** A signal to the child's whole process group (it was started detached), or to the child alone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}

/** Polls `ready` until it answers true; fails at once if the process exits, after 90 s otherwise. */
async function waitFor(what: string, child: ChildProcess, ready: () => Promise<boolean>): Promise<void> {
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready: ${stderr}`);
    try {
      if (await ready()) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${what} was not ready within 90 s: ${stderr}`);
}

function chownTree(dir: string, user: string): void {
  spawnSync("chown", ["-R", `${user}:`, dir]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on right now (the OS's choice). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
