/**
 * `npm run bench`: runs every bench/*.ts except this file, one after another, and fails if any fails.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== path.basename(import.meta.filename))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n── bench/${script}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, script)], { stdio: "inherit" });
  if (r.status !== 0) {
    failed++;
    console.error(`bench/${script} failed (${r.status ?? r.signal})`);
  }
}
process.exit(failed ? 1 : 0);
