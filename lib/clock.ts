/**
 * The application's clock for time-based rules (cool-downs, daily limits, code and proposal expiry).
 * Rules read `now()` here and pass the instant to SQL as a parameter instead of the database's `now()`,
 * so that tests can move time with `setTestClock` instead of waiting a day. Outside Vitest
 * (`NODE_ENV === "test"`) the clock cannot be moved: production always reads the real time.
 */
let fixed: number | null = null;

export function now(): Date {
  return new Date(fixed ?? Date.now());
}

/** Tests only: pin the clock to `at` (a Date or ISO string), or give it back to real time with `null`. */
export function setTestClock(at: Date | string | null): void {
  // biome-ignore lint/style/noProcessEnv: NODE_ENV is the toolchain's (Vitest sets "test"), not the operator's; lib/env.ts would throw on a value it does not list.
  if (process.env.NODE_ENV !== "test") throw new Error("setTestClock is for tests only");
  fixed = at === null ? null : new Date(at).getTime();
}

/** Tests only: move a pinned (or the real) clock forward by `ms`. */
export function advanceTestClock(ms: number): void {
  setTestClock(new Date(now().getTime() + ms));
}
