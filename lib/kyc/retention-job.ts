/**
 * The daily erasure of retained identities (./retention.ts), in-process: at 03:30 Asia/Seoul, and once shortly
 * after start to catch up days missed while the app was down. Safe on several instances at once: each member's
 * record is taken FOR UPDATE SKIP LOCKED and erased once. Also runnable by hand: `npm run retention:erase`.
 */
import { errorLogFields } from "@/lib/errors";
import { log, withLogScope } from "@/lib/log";
import { msUntilKst } from "@/lib/kst-day";
import { eraseExpiredIdentities } from "./retention";

const STARTUP_DELAY_MS = 60_000;
const timerKey = Symbol.for("wld.retention.timer");

/** One run, logged under the job's own id (lib/log.ts): how many members, never who. */
function runOnce(trigger: "startup" | "daily"): Promise<void> {
  return withLogScope("job:retention-erase", async () => {
    try {
      const erased = await eraseExpiredIdentities();
      log.info("retained identities erased", { trigger, members: erased.length });
    } catch (e) {
      log.error("retained identity erasure failed", errorLogFields(e));
    }
  });
}

/** Starts the daily erasure once per process (lib/jobs.ts calls this). */
export function startRetentionErasure(): void {
  const g = globalThis as typeof globalThis & { [timerKey]?: boolean };
  if (g[timerKey]) return;
  g[timerKey] = true;
  setTimeout(() => void runOnce("startup"), STARTUP_DELAY_MS).unref();
  const next = () => setTimeout(() => void runOnce("daily").finally(next), msUntilKst(new Date(), 3, 30)).unref();
  next();
}
