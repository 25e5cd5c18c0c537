/**
 * `npm start`: build when the sources changed since the last build, then serve on PORT.
 * In embedded mode the server migrates and seeds itself at start (lib/boot.ts); with DATABASE_URL
 * it migrates and expects AUTH_SECRET.
 */
import { spawnSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

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

const port = process.env.PORT ?? "3000";
const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
