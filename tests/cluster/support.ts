/**
 * The cluster tests' harness: a scratch database (tests/system's createScratchDatabase: created and migrated
 * directly, as the owner), the app's role granted on it (`npm run db:roles`, named after the database: roles are
 * server-wide), the standalone build staged in a directory of this run, and the deployment of scripts/cluster
 * (nginx → 3 instances → PgBouncer → PostgreSQL, the instances connecting as the app role) on free ports.
 * `[cluster] …` lines are the figures measured.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { type Cluster, dropRole, freePort, grantAppRole, startCluster } from "@/scripts/cluster/launcher";
import { stageStandalone, standaloneProblem } from "@/scripts/cluster/standalone";
import { createScratchDatabase, ROOT, type ScratchDatabase } from "../system/support/cluster";

export function report(line: string): void {
  console.log(`[cluster] ${line}`);
}

/** The checkout whose standalone build is staged (CLUSTER_BUILD_ROOT: another checkout's, e.g. a clean build). */
const buildRoot = () => process.env.CLUSTER_BUILD_ROOT || ROOT;

/** Why the cluster tests cannot run here, or null. */
export function clusterSkipReason(): string | null {
  if (!process.env.TEST_DATABASE_URL)
    return "TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)";
  for (const bin of ["/usr/sbin/nginx", "/usr/sbin/pgbouncer"])
    if (!fs.existsSync(bin)) return `${bin} is missing: bash scripts/cluster/install-packages.sh`;
  return standaloneProblem(buildRoot());
}

export type TestCluster = { cluster: Cluster; db: ScratchDatabase; stop: () => Promise<void> };

/**
 * A scratch database and a cluster of `instances` on it; `env` goes to every instance. `replicaUrl`: a streaming
 * replica's server (postgres://host:port) the instances read the console's lists from (scripts/cluster/replica.ts).
 */
export async function startTestCluster(
  prefix: string,
  instances: number,
  env: Record<string, string> = {},
  { replicaUrl }: { replicaUrl?: string } = {},
): Promise<TestCluster> {
  const t0 = performance.now();
  const runDir = path.join(ROOT, ".test-data", `cluster-${prefix}-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true, mode: 0o755 });
  fs.chmodSync(path.join(ROOT, ".test-data"), 0o755); // PgBouncer runs as another user and must reach runDir
  const appDir = path.join(runDir, "app");
  await dropOrphanRoles();
  const db = await createScratchDatabase(prefix);
  const roleName = `${db.name}_app`;
  const dropAll = async () => {
    await db.drop();
    await dropRole(process.env.TEST_DATABASE_URL as string, roleName);
  };
  try {
    const appRole = grantAppRole(db.url, roleName);
    stageStandalone(appDir, buildRoot());
    const ports = await Promise.all(Array.from({ length: instances + 2 }, () => freePort()));
    const cluster = await startCluster({
      instances,
      directUrl: db.url,
      appRole,
      appDir,
      runDir,
      port: ports[0]!,
      pgbouncerPort: ports[1]!,
      appPorts: ports.slice(2),
      replicaUrl,
      secrets: {
        AUTH_SECRET: crypto.randomBytes(48).toString("base64url"),
        FILE_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
      },
      env: {
        // No exchange is reachable here; the tests store the price. No background jobs: reward runs are the
        // load's own, so the model knows which days were paid.
        UPBIT_API_URL: "http://127.0.0.1:9",
        BINANCE_API_URL: "http://127.0.0.1:9",
        WLD_DISABLE_JOBS: "1",
        // Administrators sign in with a password alone here; two-factor is proven by the integration tests.
        ADMIN_2FA: "optional",
        // One administrator funds every member (seedStakers, the load's credits): more in a day than four-eyes lets
        // one person move; its rolling limit is proven by tests/integration/four-eyes-rolling.test.ts.
        FOUR_EYES_LIMIT: "1000000000",
        ...env,
      },
      log: report,
    });
    report(
      `${prefix}: ${instances} instances behind nginx ${cluster.url}, PgBouncer on ${new URL(cluster.poolerUrl).port}, ` +
        `database ${db.name}; ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return {
      cluster,
      db,
      stop: async () => {
        await cluster.stop();
        await dropAll();
        fs.rmSync(appDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await dropAll();
    throw e;
  }
}

/** App roles of scratch databases that are gone (a run killed before its afterAll). */
async function dropOrphanRoles(): Promise<void> {
  const server = process.env.TEST_DATABASE_URL as string;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  let orphans: { rolname: string }[];
  try {
    orphans = await admin<{ rolname: string }[]>`
      SELECT r.rolname FROM pg_roles r
      WHERE r.rolname LIKE 'wld\\_sys\\_%\\_app'
        AND NOT EXISTS (SELECT 1 FROM pg_database d WHERE d.datname || '_app' = r.rolname)`;
  } finally {
    await admin.end();
  }
  for (const { rolname } of orphans) await dropRole(server, rolname).catch(() => {});
}
