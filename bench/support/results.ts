/**
 * Each bench script leaves its figures in bench/results/<name>.json (not committed); `npm run bench`
 * (bench/run.ts) gathers them into one table, and bench/check.ts compares a short run with the committed
 * figures (bench/committed.json).
 */
import fs from "node:fs";
import path from "node:path";

export const RESULTS_DIR = path.resolve(import.meta.dirname, "..", "results");

export function saveResult(name: string, figures: unknown): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(RESULTS_DIR, `${name}.json`),
    `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`,
  );
}

export function readResult<T>(name: string): { at: string; figures: T } | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, `${name}.json`), "utf8"));
  } catch {
    return null;
  }
}
