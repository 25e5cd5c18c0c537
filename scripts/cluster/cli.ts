/**
 * `npm run cluster [-- --instances 3 --port 8080 --app-port 8081 --pgbouncer-port 6433 --database wld_cluster
 *   --app-role wld_cluster_app --pg-url postgres://postgres@127.0.0.1:5432/postgres --replica-port 6434
 *   --no-replica]`
 *
 * The deployment of deploy/ on this machine: installs nginx and PgBouncer (Debian's packages) when missing,
 * builds when there is no standalone build, stages it in .cluster/app, creates and migrates the database directly
 * on PostgreSQL as --pg-url's user (the owner), grants the app's role on it (`npm run db:roles`; roles are
 * server-wide, so it is named after the database), then starts PgBouncer (transaction pooling), N instances
 * connecting as that role, and nginx (scripts/cluster/launcher.ts), and prints the URL.
 * A streaming replica of --pg-url's server (scripts/cluster/replica.ts: pg_basebackup, a replication slot, its own
 * port and directory in .cluster/replica) serves the console's lists (DATABASE_REPLICA_URL) when that server allows
 * replication connections; when it does not, the line says why and the cluster runs without one. `--no-replica`
 * skips it (a base backup copies every database of the server). Ctrl-C also drops the replica and its slot. Ctrl-C stops everything. The server secrets are generated once into .cluster/secrets.json
 * (0600), so sessions outlive a restart of the cluster. Create the first administrator with
 * `DATABASE_URL=<the direct URL printed> npm run admin:create`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createDatabase, grantAppRole, installPackages, migrateDirect, startCluster } from "./launcher";
import { type Replica, replicaProblem, startReplica } from "./replica";
import { buildIfNeeded, ROOT, stageStandalone } from "./standalone";

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline ? inline.slice(name.length + 3) : i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}
function portOption(name: string, fallback: number): number {
  const n = Number(option(name, String(fallback)));
  if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new Error(`--${name} wants a port, got ${option(name, "")}`);
  return n;
}

const instances = Number(option("instances", "3"));
if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error("--instances wants 1–16");
const port = portOption("port", 8080);
const appPort = portOption("app-port", port + 1);
const pgbouncerPort = portOption("pgbouncer-port", 6433);
const replicaPort = portOption("replica-port", 6434);
const database = option("database", "wld_cluster");
const appRoleName = option("app-role", `${database}_app`);
const pgUrl = option("pg-url", process.env.CLUSTER_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const runDir = path.join(ROOT, ".cluster");
const log = (l: string) => console.log(`[cluster] ${l}`);

const t0 = performance.now();
installPackages();
buildIfNeeded(log);
fs.mkdirSync(runDir, { recursive: true, mode: 0o755 });
const buildId = stageStandalone(path.join(runDir, "app"));
log(`standalone build ${buildId} staged in ${path.relative(ROOT, runDir)}/app`);

const directUrl = await createDatabase(pgUrl, database);
migrateDirect(directUrl);
const appRole = grantAppRole(directUrl, appRoleName);
log(`database ${database} migrated directly on ${new URL(directUrl).host}; the instances connect as ${appRole.name}`);

let replica: Replica | undefined;
const noReplica = args.includes("--no-replica") ? "--no-replica" : await replicaProblem(pgUrl);
if (noReplica) log(`no read replica: ${noReplica}`);
else
  replica = await startReplica({ primaryUrl: pgUrl, dir: path.join(runDir, "replica"), port: replicaPort, log }).catch(
    (e: Error) => {
      log(`no read replica: ${e.message}`);
      return undefined;
    },
  );

const secretsFile = path.join(runDir, "secrets.json");
if (!fs.existsSync(secretsFile))
  fs.writeFileSync(
    secretsFile,
    JSON.stringify({
      AUTH_SECRET: crypto.randomBytes(48).toString("base64url"),
      FILE_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
    }),
    { mode: 0o600 },
  );
const secrets = JSON.parse(fs.readFileSync(secretsFile, "utf8"));

const cluster = await startCluster({
  instances,
  directUrl,
  appRole,
  appDir: path.join(runDir, "app"),
  runDir,
  port,
  appPorts: Array.from({ length: instances }, (_, i) => appPort + i),
  pgbouncerPort,
  replicaUrl: replica ? `postgres://127.0.0.1:${replicaPort}` : undefined,
  secrets,
  log,
});
log(
  `ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${cluster.url}  (logs in ${path.relative(ROOT, runDir)}/)`,
);
log(`first administrator: DATABASE_URL=${directUrl} npm run admin:create <userId>`);
log(`Ctrl-C stops nginx, the instances and PgBouncer${replica ? ", and removes the replica and its slot" : ""}`);

let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    log("stopping…");
    void cluster
      .stop()
      .then(() => replica?.destroy())
      .then(() => process.exit(0));
  });
