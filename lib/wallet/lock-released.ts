/**
 * Whether the protected lock has ended at `now` (ms); a date that cannot be read counts as not ended.
 * Its own module (no decimal library) so the wallet's first screen can ask without loading lib/wallet/review.ts.
 */
export function lockReleased(releaseAt: string | null | undefined, now: number): boolean {
  if (!releaseAt) return false;
  const t = new Date(releaseAt).getTime();
  return Number.isFinite(t) && now >= t;
}
