/**
 * At most `limit` tasks at once; the rest wait in arrival order. For CPU-bound work handed to threads (the
 * password hashes, lib/auth/password-hash.ts), where more tasks in flight than cores only makes each one slower.
 */
export type ConcurrencyLimit = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now and waiting now (for tests and metrics). */
  readonly running: number;
  readonly waiting: number;
};

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`concurrency limit: limit must be a positive integer, not ${limit}`);
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight to the next task
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
