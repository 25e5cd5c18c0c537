/**
 * `npm test`: every test — unit and integration (Vitest) on the embedded database, the integration
 * tests again on PostgreSQL when TEST_DATABASE_URL is set, the browser tests (Playwright) against the production
 * build, then (with TEST_DATABASE_URL) the system tests: two production servers on one PostgreSQL database, and
 * the cluster tests: nginx, three instances and PgBouncer under load and faults.
 * Every part runs in turn. TEST_ASIDE=1 runs the Vitest passes beside the browser tests instead, at a lower CPU
 * priority (nice 5), their logs printed whole when they end: faster on a machine with cores to spare, but on two
 * cores a Vitest test that times something (the price feed's 2.5 s answer under hanging exchanges) can miss its
 * bound, so CI runs them in turn.
 * Ends with one line: "N passed, N failed", after the name of every test that failed (or passed only on a retry),
 * so a CI log cut to its tail still says which.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const outDir = path.resolve(".test-data/reports");
fs.mkdirSync(outDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
let exitCode = 0;
const ASIDE_NICE = 5;

/**
 * Runs one part and reads its report. `aside`: the part runs beside the others at nice ASIDE_NICE with its output
 * in `<report>.log`, printed whole when it ends (two live logs interleaved would be unreadable).
 */
async function run(
  label: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
  report: string,
  read: (j: any) => void,
  aside = false,
) {
  const line = `\n▶ ${label}: ${cmd} ${args.join(" ")}`;
  const logFile = `${report}.log`;
  if (aside)
    console.log(`${line}\n  (beside the browser tests, at nice ${ASIDE_NICE}; its log is printed when it ends)`);
  else console.log(line);
  fs.rmSync(report, { force: true });
  const out = aside ? fs.openSync(logFile, "w") : undefined;
  const child = spawn(cmd, args, {
    stdio: out === undefined ? "inherit" : ["ignore", out, out],
    env: { ...process.env, ...env },
  });
  // Before npx has started anything: every process of the part inherits the priority.
  if (aside && child.pid) os.setPriority(child.pid, ASIDE_NICE);
  const status = await new Promise<number | null>((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code));
  });
  if (out !== undefined) {
    fs.closeSync(out);
    console.log(`${line}  (ran beside the browser tests)\n${fs.readFileSync(logFile, "utf8")}`);
  }
  if (status !== 0) exitCode = status ?? 1;
  try {
    read(JSON.parse(fs.readFileSync(report, "utf8")));
  } catch {
    console.error(`${label}: no report was written (the run failed before testing)`);
    failures.push(`${label}: no report was written`);
    totals.failed += 1;
    exitCode ||= 1;
  }
}

/**
 * The first lines of a failure's message, indented under its name: the end of a CI log is what is kept, and a
 * test's own message (a step's deadline with what the servers were doing, an assertion's values) says why.
 */
function excerpt(message: string | undefined, lines = 24): string {
  if (!message) return "";
  const plain = stripVTControlCharacters(message).trimEnd().split("\n");
  const shown = plain.slice(0, lines).map((l) => `      ${l}`);
  if (plain.length > lines) shown.push(`      … ${plain.length - lines} more lines in the report`);
  return `\n${shown.join("\n")}`;
}

const readVitest = (j: any) => {
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const file of j.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed")
        failures.push(`${path.relative(".", file.name)} › ${t.fullName}${excerpt(t.failureMessages?.[0])}`);
    }
  }
};

/** Playwright's JSON nests suites (files, describes) holding specs; a spec's tests are its projects' runs. */
function readPlaywrightFailures(suite: any) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === "unexpected" || t.status === "flaky") {
        const error = (t.results ?? []).find((r: any) => r.error)?.error?.message;
        failures.push(
          `${spec.file} › ${spec.title} (${t.status === "flaky" ? "passed only on a retry" : "failed"})${excerpt(error)}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) readPlaywrightFailures(child);
}

const only = process.argv.slice(2); // e.g. `npm test -- unit` or `-- e2e`
const want = (part: string) => only.length === 0 || only.includes(part);
const pg = process.env.TEST_DATABASE_URL;
const aside = want("e2e") && process.env.TEST_ASIDE === "1";

/** The Vitest passes, one after the other. */
async function vitestPasses() {
  if (want("unit")) {
    const report = path.join(outDir, "vitest-embedded.json");
    await run(
      "unit + integration (PGlite)",
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
      { TEST_DATABASE_URL: "" },
      report,
      readVitest,
      aside,
    );
  }
  if (pg && want("pg")) {
    const report = path.join(outDir, "vitest-postgres.json");
    await run(
      "integration (PostgreSQL)",
      "npx",
      ["vitest", "run", "tests/integration", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
      { TEST_DATABASE_URL: pg },
      report,
      readVitest,
      aside,
    );
  }
}

async function browserTests() {
  if (!want("e2e")) return;
  const report = path.join(outDir, "playwright.json");
  await run(
    "browser (Playwright)",
    "npx",
    ["playwright", "test", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    report,
    (j) => {
      totals.passed += j.stats?.expected ?? 0;
      totals.failed += (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0);
      totals.skipped += j.stats?.skipped ?? 0;
      for (const suite of j.suites ?? []) readPlaywrightFailures(suite);
    },
  );
}

if (aside) await Promise.all([browserTests(), vitestPasses()]);
else {
  await vitestPasses();
  await browserTests();
}

// System tests (tests/system): two real `next start` servers on a scratch PostgreSQL database, run on the
// production build the Playwright run leaves in .next. Only with TEST_DATABASE_URL (CI sets it).
if (want("system")) {
  if (!pg) {
    console.log(
      "\n⏭ system tests skipped: TEST_DATABASE_URL is not set (they need a PostgreSQL server, " +
        "e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)",
    );
  } else if (!fs.existsSync(path.resolve(".next/BUILD_ID"))) {
    console.log("\n⏭ system tests skipped: no production build in .next (build with `npx next build`)");
  } else {
    const report = path.join(outDir, "vitest-system.json");
    const args = ["vitest", "run", "--project", "system", "--reporter=default", "--reporter=json"];
    args.push(`--outputFile.json=${report}`);
    await run("system (2 production servers, PostgreSQL)", "npx", args, { TEST_DATABASE_URL: pg }, report, readVitest);
  }
}

// Cluster tests (tests/cluster): nginx → three standalone instances → PgBouncer → PostgreSQL under a seeded load
// with faults (an instance SIGKILLed, one SIGTERMed, PgBouncer restarted, connections cut). Same build, same
// condition as the system tests; a fixed seed (CLUSTER_SEED, default 1) so a CI failure replays.
if (want("cluster")) {
  if (!pg) {
    console.log("\n⏭ cluster tests skipped: TEST_DATABASE_URL is not set (they need a PostgreSQL server)");
  } else if (!fs.existsSync(path.resolve(".next/standalone/server.js"))) {
    console.log("\n⏭ cluster tests skipped: no standalone build in .next/standalone (build with `npx next build`)");
  } else {
    const report = path.join(outDir, "vitest-cluster.json");
    const args = ["vitest", "run", "--project", "cluster", "--reporter=default", "--reporter=json"];
    args.push(`--outputFile.json=${report}`);
    const env = { TEST_DATABASE_URL: pg, CLUSTER_SEED: process.env.CLUSTER_SEED ?? "1" };
    await run("cluster (nginx, 3 instances, PgBouncer, faults)", "npx", args, env, report, readVitest);
  }
}

if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed ? 1 : 0));
