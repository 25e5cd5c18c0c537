/**
 * One upstream feed behind a guard that protects the exchange and our answer time:
 * - at most one upstream call per refresh interval, however many requests arrive (they share one
 *   in-flight promise);
 * - after a failure, exponential back-off: at most one probe per back-off period;
 * - the last good value (from memory, else from price_snapshots, seeded history included) is served
 *   while the feed is down, marked stale.
 */
import { errorLogFields } from "@/lib/errors";
import { log as logLine } from "@/lib/log";
import "server-only";

export type Snapshot<T> = {
  value: T;
  /** When we obtained the value from the exchange (for seeded history: when it was seeded). */
  updatedAt: Date;
  /** 'upbit' / 'binance' for real prices, 'seed' for the demo history. */
  source: string;
};

export type FeedRead<T> = { snapshot: Snapshot<T> | null; stale: boolean };

export type FeedTiming = { refreshMs: number; timeoutMs: number; maxBackoffMs: number };

type FeedOptions<T> = {
  name: string;
  /** Calls the exchange; throws on any failure. `reference` is the last good real value, for jump checks. */
  fetch: (timing: FeedTiming, reference: Snapshot<T> | undefined) => Promise<T>;
  /** Stores a good value, in the background (errors are logged, never fail the read). */
  persist: (value: T, at: Date) => Promise<void>;
  /** The newest stored value, seeded or real. */
  load: () => Promise<Snapshot<T> | null>;
  timing: () => FeedTiming;
};

/** A stored real price older than this is no reference for the jump check any more. */
const REFERENCE_MAX_AGE_MS = 6 * 3_600_000;

export class Feed<T> {
  private last: Snapshot<T> | undefined;
  /** True while the newest attempt succeeded (and the value came from it). */
  private fresh = false;
  private inflight: Promise<void> | undefined;
  private nextAttemptAt = 0;
  private failures = 0;
  private hydrated = false;
  private pendingWrite: Promise<void> = Promise.resolve();

  constructor(private readonly opts: FeedOptions<T>) {}

  /** The current value: refreshed when due (coalesced), else the last good one. */
  async read(now = Date.now()): Promise<FeedRead<T>> {
    if (!this.inflight && now >= this.nextAttemptAt) {
      this.inflight = this.refresh().finally(() => {
        this.inflight = undefined;
      });
    }
    if (this.inflight) await this.inflight;
    if (!this.last) {
      // Nothing known in memory: look in the database every time (someone may have stored a value since).
      const stored = await this.opts.load();
      if (stored) this.last = stored;
    }
    return { snapshot: this.last ?? null, stale: !this.fresh };
  }

  /** Waits for a running refresh, if any (used to order writes between feeds). */
  async settled(): Promise<void> {
    if (this.inflight) await this.inflight.catch(() => {});
  }

  /** Waits until the good values obtained so far are stored. */
  async flushed(): Promise<void> {
    await this.settled();
    await this.pendingWrite;
  }

  /** The last good value obtained from the exchange by this process, if the newest attempt succeeded. */
  freshValue(): T | undefined {
    return this.fresh ? this.last?.value : undefined;
  }

  private async refresh(): Promise<void> {
    const timing = this.opts.timing();
    const started = Date.now();
    if (!this.hydrated) {
      this.hydrated = true;
      try {
        this.last ??= (await this.opts.load()) ?? undefined;
      } catch (e) {
        log("warn", this.opts.name, `load failed: ${String(e)}`);
      }
    }
    const ref =
      this.last && this.last.source !== "seed" && started - this.last.updatedAt.getTime() <= REFERENCE_MAX_AGE_MS
        ? this.last
        : undefined;
    try {
      const value = await this.opts.fetch(timing, ref);
      const at = new Date();
      this.last = { value, updatedAt: at, source: this.opts.name.split("-")[0]! };
      this.fresh = true;
      this.failures = 0;
      this.nextAttemptAt = started + timing.refreshMs;
      // Stored in the background: a slow database must not hold up the answer.
      const previous = this.pendingWrite;
      this.pendingWrite = (async () => {
        await previous;
        await this.opts.persist(value, at);
      })().catch((e) => log("warn", this.opts.name, "persist failed", errorLogFields(e)));
    } catch (e) {
      this.fresh = false;
      this.failures++;
      const backoff = Math.min(timing.refreshMs * 2 ** (this.failures - 1), timing.maxBackoffMs);
      this.nextAttemptAt = Date.now() + backoff;
      const reason = (e as { reason?: string })?.reason ?? (e as Error)?.message ?? String(e);
      log("warn", this.opts.name, `${reason}; next probe in ${backoff} ms`);
      // Another instance may have stored a newer good value meanwhile (once per probe, so cheap).
      try {
        const stored = await this.opts.load();
        if (stored && (!this.last || stored.updatedAt > this.last.updatedAt)) this.last = stored;
      } catch (err) {
        log("warn", this.opts.name, "load failed", errorLogFields(err));
      }
    }
  }
}

/**
 * Database errors are logged by their fields only (errorLogFields): a driver message may carry parameters.
 * The line carries the id of the request or job whose read started the refresh (lib/log.ts). Silent under
 * NODE_ENV=test, where the exchanges are unreachable on purpose in most files.
 */
function log(level: "warn", feed: string, msg: string, fields: Record<string, unknown> = {}) {
  // biome-ignore lint/style/noProcessEnv: NODE_ENV is the toolchain's (Vitest sets "test"), not the operator's; lib/env.ts would throw on a value it does not list.
  if (process.env.NODE_ENV === "test") return;
  logLine[level](`price feed ${feed}: ${msg}`, fields);
}
