import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// System tests (tests/system) start real production servers on a scratch PostgreSQL database. They join a
// plain `vitest run` only when TEST_DATABASE_URL is set and a production build exists in .next; asked for
// by name (`--project system`) they always run, and skip with the reason when they cannot.
const askedForSystem = process.argv.some(
  (a, i, all) => a === "--project=system" || (a === "--project" && all[i + 1] === "system"),
);
const systemProject =
  askedForSystem ||
  (Boolean(process.env.TEST_DATABASE_URL) && fs.existsSync(path.resolve(import.meta.dirname, ".next/BUILD_ID")));

// Cluster tests (tests/cluster) start nginx, PgBouncer and three instances of the standalone build; they run only
// when asked for by name (`npm run test:cluster`, i.e. `--project cluster`) and skip with the reason when they cannot.
const askedForCluster = process.argv.some(
  (a, i, all) => a === "--project=cluster" || (a === "--project" && all[i + 1] === "cluster"),
);

const resolve = {
  alias: {
    "@": path.resolve(import.meta.dirname),
    // `server-only` throws outside React Server Components; under Vitest it is a no-op.
    "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
  },
};

export default defineConfig({
  resolve,
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // ADMIN_2FA: on PostgreSQL the default is `required` (DESIGN.md, "Running it"); tests that are not about two-factor sign
    // administrators in with the password alone, as the embedded demo does. tests/integration/two-factor.test.ts
    // sets it per test.
    env: { NODE_ENV: "test", WLD_DISABLE_JOBS: "1", ADMIN_2FA: "optional" },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Each file gets a fresh migrated database (PGlite in memory, or a PostgreSQL clone).
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-db.ts"],
        },
      },
      ...(systemProject
        ? [
            {
              extends: true as const,
              test: {
                name: "system",
                include: ["tests/system/**/*.test.ts"],
                // One file at a time (each starts two servers), after the other projects.
                maxWorkers: 1,
                sequence: { groupOrder: 1 },
                testTimeout: 300_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
      ...(askedForCluster
        ? [
            {
              extends: true as const,
              test: {
                name: "cluster",
                include: ["tests/cluster/**/*.test.ts"],
                maxWorkers: 1,
                testTimeout: 600_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
    ],
  },
});
