/**
 * `npm start`: check the environment, build when the sources changed since the last build, then serve on
 * HOST:PORT. Embedded mode listens on 127.0.0.1 unless HOST is set; on any other address it first migrates
 * and seeds here and refuses to start while a demo account keeps its published password. The server
 * migrates, seeds and checks again at start (lib/boot.ts), also when started without this script.
 * Each refusal is one line on stderr and exit code 1.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { closeDb } from "@/db/client";
import { isLoopbackHost, listenHost, prepareDatabase } from "@/lib/boot";
import { env, isEmbedded, startupEnvProblem } from "@/lib/env";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, ".next", "wld-source-stamp");
const SOURCES = [
  "app",
  "components",
  "lib",
  "db",
  "messages",
  "public",
  "middleware.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function sourceStamp(): string {
  const hash = crypto.createHash("sha256");
  const walk = (p: string) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    const st = fs.statSync(full);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) walk(path.join(p, name));
    } else {
      hash.update(p);
      hash.update(fs.readFileSync(full));
    }
  };
  for (const s of SOURCES) walk(s);
  return hash.digest("hex");
}

const problem = startupEnvProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
const host = listenHost();
if (isEmbedded() && host && !isLoopbackHost(host)) {
  // Before the (slow) build: refuse at once. closeDb releases the embedded database for the server.
  const refusal = await prepareDatabase();
  await closeDb();
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
}

const noBuild = process.argv.includes("--no-build");
const stamp = sourceStamp();
const built =
  fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, "utf8") === stamp;
if (!built && !noBuild) {
  console.log("Building the production app (sources changed since the last build)…");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stampFile, stamp);
}

const port = String(env().PORT);
const args = ["start", "-p", port, ...(host ? ["-H", host] : [])];
console.log(
  host
    ? `Serving on http://${host.includes(":") ? `[${host}]` : host}:${port}`
    : `Serving on port ${port}, every interface`,
);
const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), ...args], {
  cwd: root,
  stdio: "inherit",
  // HOST tells the server's own start check (lib/boot.ts) where it listens.
  env: { ...process.env, ...(host ? { HOST: host } : {}), NEXT_TELEMETRY_DISABLED: "1" },
});
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
