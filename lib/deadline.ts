/**
 * `work`, or a rejection with `late()`'s error once `ms` have passed — whichever comes first; the timer is cleared
 * when `work` settles. `late` runs only at the deadline (to abort what was waited on, or to say what was going on
 * then); `work` is not stopped by this alone.
 */
export async function withDeadline<T>(ms: number, work: Promise<T>, late: () => Error | Promise<Error>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(async () => reject(await late()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
