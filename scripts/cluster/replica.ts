/**
 * A PostgreSQL streaming replica (hot standby) for the local deployment (npm run cluster, tests/cluster): Debian's
 * PostgreSQL binaries (/usr/lib/postgresql/<major>/bin), its data directory made by `pg_basebackup -R` (which
 * writes standby.signal and primary_conninfo) from the primary, its own port and socket directory under the run
 * directory. The app reads it through DATABASE_REPLICA_URL (docs/scaling.md, "Read replicas"; db/replica.ts).
 *
 * - PostgreSQL refuses to run as root: as root every binary runs as the `postgres` OS user (spawn's uid/gid, as
 *   runuser would, but with the server itself as our child, so a signal reaches it and not a wrapper).
 * - A physical replication slot on the primary (`pg_basebackup -C -S`) keeps the WAL the replica has not received
 *   yet, so a replica stopped for a while (a test's outage, a restart) catches up instead of needing a new base
 *   backup. `destroy()` drops the slot: a slot left behind would keep WAL on the primary for ever.
 * - The primary must allow replication connections (pg_hba.conf `replication` lines, wal_level replica,
 *   max_wal_senders): `replicaProblem` says why not. The shared server of a machine may not (and its base backup
 *   copies every database on it), so the cluster tests make a primary of their own with `startPrimary`.
 * - The replica listens on 127.0.0.1 with SCRAM passwords (the app role's hash comes with the backup); over its
 *   Unix socket (`socket`, in the run directory) the owner gets in without one (tests pause replay there).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

const isRoot = process.getuid?.() === 0;

/** The installed PostgreSQL majors, newest first (Debian's /usr/lib/postgresql/<major>). */
function installedMajors(): number[] {
  if (!fs.existsSync("/usr/lib/postgresql")) return [];
  return fs
    .readdirSync("/usr/lib/postgresql")
    .map(Number)
    .filter((m) => Number.isInteger(m) && fs.existsSync(`/usr/lib/postgresql/${m}/bin/pg_basebackup`))
    .sort((a, b) => b - a);
}

/** The servers' environment: a PATH and a locale, nothing of ours (no secret, no DATABASE_URL). */
const serverEnv = () =>
  ({ PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" }) as unknown as NodeJS.ProcessEnv;

const bin = (major: number, name: string) => `/usr/lib/postgresql/${major}/bin/${name}`;

/** uid/gid of the postgres OS user when we are root; nothing otherwise (the server runs as us). */
function runAs(): { uid?: number; gid?: number } {
  if (!isRoot) return {};
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

function run(cmd: string, args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(cmd, args, {
    ...runAs(),
    encoding: "utf8",
    timeout: 600_000,
    env: { ...serverEnv(), ...env },
    cwd: "/",
  });
  if (r.status !== 0)
    throw new Error(`${path.basename(cmd)} failed: ${(r.stderr || r.stdout || String(r.error)).trim()}`);
}

/** A directory the server's user owns, 0700 (PostgreSQL insists). */
function ownDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const { uid, gid } = runAs();
  if (uid !== undefined && gid !== undefined) fs.chownSync(dir, uid, gid);
}

/** Why PostgreSQL servers cannot be started here, or null. */
export function serverProblem(): string | null {
  if (!installedMajors().length) return "no PostgreSQL server binaries in /usr/lib/postgresql/<major>/bin";
  if (isRoot && spawnSync("id", ["-u", "postgres"]).status !== 0)
    return "running as root and there is no `postgres` OS user to run PostgreSQL as";
  return null;
}

export type Server = {
  port: number;
  dataDir: string;
  /** The owner over TCP (postgres://postgres@127.0.0.1:port/postgres; trust on a primary of startPrimary). */
  url: string;
  /** The owner over the Unix socket in the run directory (no password): postgres.js options. */
  socket: Target;
  /** Fast shutdown (SIGINT); resolves once the server has exited. */
  stop: () => Promise<void>;
  /** Starts the server again on the same directory and port; resolves once it accepts connections. */
  start: () => Promise<void>;
};

type ServerOpts = { dir: string; port: number; major: number; log: (line: string) => void; what: string };

function server(opts: ServerOpts, dataDir: string, ready: (s: Server) => Promise<boolean>): Server {
  const sockDir = path.join(opts.dir, "socket");
  ownDir(sockDir);
  let child: ChildProcess | undefined;
  const killNow = () => child?.pid && child.exitCode === null && process.kill(-child.pid, "SIGKILL");
  const self: Server = {
    port: opts.port,
    dataDir,
    url: `postgres://postgres@127.0.0.1:${opts.port}/postgres`,
    socket: { path: path.join(sockDir, `.s.PGSQL.${opts.port}`), user: "postgres", database: "postgres" },
    start: async () => {
      const out = fs.openSync(path.join(opts.dir, "server.log"), "a");
      const c = spawn(bin(opts.major, "postgres"), ["-D", dataDir, "-k", sockDir], {
        ...runAs(),
        detached: true,
        stdio: ["ignore", out, out],
        cwd: "/",
        env: serverEnv(),
      });
      fs.closeSync(out);
      child = c;
      process.once("exit", killNow);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (c.exitCode !== null) break;
        if (await ready(self).catch(() => false)) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${opts.what} on :${opts.port} did not start: ${tail(path.join(opts.dir, "server.log"))}`);
    },
    stop: async () => {
      process.off("exit", killNow);
      const c = child;
      if (!c?.pid || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once("exit", r));
      process.kill(-c.pid, "SIGINT");
      const late = setTimeout(() => c.exitCode === null && process.kill(-c.pid!, "SIGQUIT"), 30_000);
      await gone;
      clearTimeout(late);
    },
  };
  return self;
}

const tail = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-8).join("\n");
  } catch {
    return "";
  }
};

/** Where to connect: a URL, or postgres.js options (a Unix socket's path). */
export type Target = string | { path: string; user: string; database: string };

/** One statement on `target` (a short-lived connection). */
export async function once<T extends object>(target: Target, text: string): Promise<T[]> {
  const options = { max: 1, onnotice: () => {}, connect_timeout: 3 };
  const sql = typeof target === "string" ? postgres(target, options) : postgres({ ...target, ...options });
  try {
    return (await sql.unsafe(text)) as unknown as T[];
  } finally {
    await sql.end({ timeout: 2 });
  }
}

const accepts = async (s: Server) => (await once(s.socket, "SELECT 1")).length === 1;

/**
 * A primary of its own (initdb) in `dir`, on 127.0.0.1:`port`: trust for local connections, replication allowed,
 * wal_level replica — what the replica tests need without touching the machine's shared server.
 */
export async function startPrimary(dir: string, port: number, log: (line: string) => void): Promise<Server> {
  const major = installedMajors()[0]!;
  fs.rmSync(dir, { recursive: true, force: true });
  ownDir(dir);
  const dataDir = path.join(dir, "data");
  run(bin(major, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  fs.appendFileSync(
    path.join(dataDir, "postgresql.conf"),
    [
      "",
      "# scripts/cluster/replica.ts startPrimary",
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      "wal_level = replica",
      "max_wal_senders = 10",
      "max_connections = 200",
      "shared_buffers = 64MB",
      "fsync = off # a scratch primary for tests: a crash loses nothing anyone keeps",
      "",
    ].join("\n"),
  );
  fs.writeFileSync(
    path.join(dataDir, "pg_hba.conf"),
    "local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n",
  );
  const s = server({ dir, port, major, log, what: "PostgreSQL primary" }, dataDir, accepts);
  await s.start();
  log(`PostgreSQL ${major} primary (initdb) on 127.0.0.1:${port}`);
  return s;
}

/** Why `primaryUrl`'s server cannot feed a streaming replica, or null (asked as its owner). */
export async function replicaProblem(primaryUrl: string): Promise<string | null> {
  const problem = serverProblem();
  if (problem) return problem;
  const [row] = await once<{ wal_level: string; senders: number; major: number; hba: boolean | null }>(
    primaryUrl,
    `SELECT current_setting('wal_level') AS wal_level, current_setting('max_wal_senders')::int AS senders,
       current_setting('server_version_num')::int / 10000 AS major,
       (SELECT bool_or('replication' = ANY(database) AND type IN ('host', 'hostssl', 'hostnossl'))
          FROM pg_hba_file_rules WHERE error IS NULL) AS hba`,
  );
  if (!row) return "the primary did not answer";
  if (!fs.existsSync(bin(row.major, "postgres"))) return `no PostgreSQL ${row.major} server binaries for a replica`;
  if (row.wal_level === "minimal") return "the primary's wal_level is minimal (a replica needs replica)";
  if (row.senders < 1) return "the primary's max_wal_senders is 0";
  if (row.hba === false)
    return "the primary's pg_hba.conf has no `host replication …` line (add one for 127.0.0.1 and reload)";
  return null;
}

export type Replica = Server & {
  /** The slot on the primary that keeps the WAL this replica still needs. */
  slot: string;
  /** Stops the replica, drops its slot on the primary and removes its directory. */
  destroy: () => Promise<void>;
};

/**
 * A streaming replica of `primaryUrl`'s server (as its owner; a password in the URL is passed on) in `dir`, on
 * 127.0.0.1:`port`; resolves once it is in recovery and streaming.
 */
export async function startReplica(opts: {
  primaryUrl: string;
  dir: string;
  port: number;
  log: (line: string) => void;
}): Promise<Replica> {
  const p = new URL(opts.primaryUrl);
  const [pr] = await once<Record<string, string>>(
    opts.primaryUrl,
    `SELECT current_setting('server_version_num')::int / 10000 AS major,
       current_setting('max_connections') AS max_connections, current_setting('max_worker_processes') AS workers,
       current_setting('max_wal_senders') AS senders, current_setting('max_prepared_transactions') AS prepared,
       current_setting('max_locks_per_transaction') AS locks,
       pg_size_pretty((SELECT sum(pg_database_size(oid)) FROM pg_database)) AS size`,
  );
  const major = Number(pr!.major);
  const slot = `wld_replica_${opts.port}`;
  await once(
    opts.primaryUrl,
    `SELECT pg_drop_replication_slot('${slot}') FROM pg_replication_slots WHERE slot_name = '${slot}'`,
  );
  fs.rmSync(opts.dir, { recursive: true, force: true });
  ownDir(opts.dir);
  const dataDir = path.join(opts.dir, "data");
  const t0 = Date.now();
  const args = ["-h", p.hostname, "-p", p.port || "5432", "-U", decodeURIComponent(p.username || "postgres")];
  run(
    bin(major, "pg_basebackup"),
    [...args, "-D", dataDir, "-X", "stream", "-R", "-C", "-S", slot, "-c", "fast", "--no-sync"],
    {
      ...(p.password ? { PGPASSWORD: decodeURIComponent(p.password) } : {}),
    },
  );
  opts.log(`base backup of ${p.host} (${pr!.size}) in ${Date.now() - t0} ms; slot ${slot}`);
  // Debian keeps its configuration in /etc, so the backup has none (or the primary's, from startPrimary): the
  // replica's own. A hot standby needs these settings at least as high as the primary's.
  fs.writeFileSync(
    path.join(dataDir, "postgresql.conf"),
    [
      "# scripts/cluster/replica.ts: a hot standby (primary_conninfo and the slot are in postgresql.auto.conf)",
      "listen_addresses = '127.0.0.1'",
      `port = ${opts.port}`,
      `max_connections = ${pr!.max_connections}`,
      `max_worker_processes = ${pr!.workers}`,
      `max_wal_senders = ${pr!.senders}`,
      `max_prepared_transactions = ${pr!.prepared}`,
      `max_locks_per_transaction = ${pr!.locks}`,
      "shared_buffers = 64MB",
      "hot_standby = on",
      // Long console reads and exports are not cancelled by the primary's vacuum (docs/scaling.md).
      "hot_standby_feedback = on",
      "wal_receiver_status_interval = 1s",
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(dataDir, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n");
  const { uid, gid } = runAs();
  if (uid !== undefined && gid !== undefined)
    for (const f of ["postgresql.conf", "pg_hba.conf"]) fs.chownSync(path.join(dataDir, f), uid, gid);
  const streaming = async (s: Server) => {
    const [r] = await once<{ recovery: boolean; receiver: string | null }>(
      s.socket,
      "SELECT pg_is_in_recovery() AS recovery, (SELECT status FROM pg_stat_wal_receiver) AS receiver",
    );
    return r?.recovery === true && r.receiver === "streaming";
  };
  const s = server(
    { dir: opts.dir, port: opts.port, major, log: opts.log, what: "PostgreSQL replica" },
    dataDir,
    streaming,
  );
  await s.start();
  opts.log(`PostgreSQL ${major} streaming replica on 127.0.0.1:${opts.port} ready in ${Date.now() - t0} ms`);
  return {
    ...s,
    slot,
    destroy: async () => {
      await s.stop();
      await once(
        opts.primaryUrl,
        `SELECT pg_drop_replication_slot('${slot}') FROM pg_replication_slots WHERE slot_name = '${slot}'`,
      ).catch(() => {});
      fs.rmSync(opts.dir, { recursive: true, force: true });
    },
  };
}
