import path from "node:path";
import { defineConfig } from "vitest/config";

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
    env: { NODE_ENV: "test", WLD_DISABLE_JOBS: "1" },
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
    ],
  },
});
