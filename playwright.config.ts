/**
 * Browser tests against the production build, served on the embedded database in a throwaway
 * DATA_DIR, with the price feeds pointed at the local fake upstream and the OP network at a local Hardhat
 * node (tests/e2e/evm-server.ts: the test WLD token, payouts verified and confirmed against it).
 */
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  try {
    // Playwright's own browser, if one was installed with `npx playwright install chromium`.
    const { chromium } = require("@playwright/test") as typeof import("@playwright/test");
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {}
  throw new Error(
    "No Chromium found: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
  );
}

const PORT = Number(process.env.E2E_PORT ?? 3210);
const FAKE_PORT = Number(process.env.E2E_FAKE_PORT ?? 3219);
const EVM_PORT = Number(process.env.E2E_EVM_PORT ?? 3218);
const DATA_DIR = `.test-data/e2e-${process.env.E2E_RUN_ID ?? "run"}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-gpu",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      command: `npx tsx tests/support/fake-upstream-server.ts`,
      url: `http://127.0.0.1:${FAKE_PORT}/health`,
      env: { FAKE_UPSTREAM_PORT: String(FAKE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tests/e2e/evm-server.ts`,
      url: `http://127.0.0.1:${EVM_PORT}/health`,
      env: { E2E_EVM_PORT: String(EVM_PORT) },
      reuseExistingServer: false,
      timeout: 90_000,
    },
    {
      command: `rm -rf ${DATA_DIR} && npm start`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        DATABASE_URL: "",
        UPBIT_API_URL: `http://127.0.0.1:${FAKE_PORT}`,
        BINANCE_API_URL: `http://127.0.0.1:${FAKE_PORT}`,
        CRON_SECRET: "e2e-cron-secret-0123456789",
        // Every browser test signs up from 127.0.0.1; the default 20 an hour is tested in auth-signup.test.ts.
        SIGNUP_LIMIT_PER_HOUR: "1000",
        // Funded members set their first payout address and send in the same test; the 24-hour cool-down that
        // address starts is tested through the route handlers (audit-insider-low.test.ts, T4).
        FIRST_ADDRESS_COOLDOWN_HOURS: "0",
        // A second SUPERADMIN (superadmin2), so a role grant can be approved by another person (staff-roles.spec.ts).
        DEMO_SECOND_SUPERADMIN: "1",
        // Payouts on OP are read from the local node (the test WLD that account 0 deployed first) and read PAID
        // after 2 confirmations (tests/e2e/bank-and-chain.spec.ts).
        RPC_URL_OP: `http://127.0.0.1:${EVM_PORT}`,
        WLD_TOKEN_OP: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        PAYOUT_CONFIRMATIONS_OP: "2",
        // The confirmations job checks every 3 s here (30 s by default), so 송금 중 → 완료 is seen quickly.
        PAYOUT_CHECK_INTERVAL_MS: "3000",
      },
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: "pipe",
    },
  ],
});
