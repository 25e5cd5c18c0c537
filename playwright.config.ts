/**
 * Browser tests against the production build, served on the embedded database in a throwaway
 * DATA_DIR, with the price feeds pointed at the local fake upstream and the OP network at a local Hardhat
 * node (tests/e2e/evm-server.ts: the test WLD token, payouts verified and confirmed against it).
 *
 * Two lanes: the spec files are split between two projects, each with its own server, database, fake upstream
 * and Hardhat node, and each runs its files one at a time, in order, as a single lane always did. A test
 * mostly waits (pages, networks, timers), so two lanes finish in about half the time on two cores, and no
 * test ever shares a server with a test of the other lane (a paused feature, a pinned notice, a failing price
 * feed stay in their lane). E2E_LANES=1 runs every file in one lane; it is the default when files are named on
 * the command line (one server to start instead of two).
 */
import fs from "node:fs";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

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

// Decided once in the runner and handed to its workers through the environment (they load this file again).
const namedFiles = process.argv.some((a) => /\.spec\.ts(:\d+)*$/.test(a));
const LANES = process.env.E2E_LANES === "1" || (!process.env.E2E_LANES && namedFiles) ? 1 : 2;
process.env.E2E_LANES = String(LANES);

/**
 * The second lane's files, about half of the suite's time (measured per file). The specs that steer the fake
 * upstream or the Hardhat node through E2E_FAKE_PORT / E2E_EVM_PORT (money, send-flow, look, bank-and-chain) stay
 * in the first lane, whose servers listen there; a new spec joins the first lane until it is listed here.
 */
const SECOND_LANE = [
  "a11y.spec.ts",
  "admin-ops.spec.ts",
  "admin-tables.spec.ts",
  "approvals.spec.ts",
  "bank-admin.spec.ts",
  "forms.spec.ts",
  "kyc.spec.ts",
  "member.spec.ts",
  "onboarding.spec.ts",
  "path-tricks.spec.ts",
  "prices.spec.ts",
  "support.spec.ts",
  "told-and-hidden.spec.ts",
  "travel-rule.spec.ts",
];

/** A lane's ports: the first lane's are E2E_PORT, E2E_FAKE_PORT and E2E_EVM_PORT; the second's are beside them. */
const lanePorts = (lane: number) => ({
  app: PORT + lane - 1,
  fake: FAKE_PORT - 2 * (lane - 1),
  evm: EVM_PORT - 2 * (lane - 1),
});

/** The fake upstream, the Hardhat node and the app on its own DATA_DIR, for one lane. */
function laneServers(lane: number): NonNullable<PlaywrightTestConfig["webServer"]> {
  const ports = lanePorts(lane);
  const dataDir = lane === 1 ? DATA_DIR : `${DATA_DIR}-lane${lane}`;
  return [
    {
      command: `npx tsx tests/support/fake-upstream-server.ts`,
      url: `http://127.0.0.1:${ports.fake}/health`,
      env: { FAKE_UPSTREAM_PORT: String(ports.fake) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tests/e2e/evm-server.ts`,
      url: `http://127.0.0.1:${ports.evm}/health`,
      env: { E2E_EVM_PORT: String(ports.evm) },
      reuseExistingServer: false,
      timeout: 90_000,
    },
    {
      command: `rm -rf ${dataDir} && npm start`,
      url: `http://127.0.0.1:${ports.app}/api/health`,
      env: {
        PORT: String(ports.app),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        UPBIT_API_URL: `http://127.0.0.1:${ports.fake}`,
        BINANCE_API_URL: `http://127.0.0.1:${ports.fake}`,
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
        RPC_URL_OP: `http://127.0.0.1:${ports.evm}`,
        WLD_TOKEN_OP: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        PAYOUT_CONFIRMATIONS_OP: "2",
        // The confirmations job checks every 3 s here (30 s by default), so 송금 중 → 완료 is seen quickly.
        PAYOUT_CHECK_INTERVAL_MS: "3000",
      },
      reuseExistingServer: false,
      // The first lane's start builds the production app when the sources changed; the second's finds it built.
      timeout: 600_000,
      stdout: "pipe",
    },
  ];
}

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per lane (each project's `workers: 1`): a lane's files run one at a time, in order.
  workers: LANES,
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
  projects:
    LANES === 1
      ? [{ name: "chromium", use: { browserName: "chromium" } }]
      : [
          {
            name: "chromium",
            workers: 1,
            testIgnore: SECOND_LANE.map((f) => `**/${f}`),
            use: { browserName: "chromium" },
          },
          {
            name: "chromium-lane2",
            workers: 1,
            testMatch: SECOND_LANE.map((f) => `**/${f}`),
            use: { browserName: "chromium", baseURL: `http://127.0.0.1:${lanePorts(2).app}` },
          },
        ],
  webServer: Array.from({ length: LANES }, (_, i) => laneServers(i + 1)).flat(),
});
