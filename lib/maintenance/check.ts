/**
 * The maintenance check on a member's action: `assertNotPaused(db, feature)` refuses with 503 MAINTENANCE while the
 * feature has an open pause. It reads the database on every call (one read of the partial unique index
 * feature_pauses_open_uq, inside the caller's transaction when there is one), so a pause made through any instance
 * holds on every instance at once, and nothing is cached beyond the call.
 *
 * An expected end (`until`) that has passed lifts nothing: the feature stays paused until an administrator resumes
 * it (an operator decides that the work is done, not a clock); the answer and the banners then say the expected end
 * has passed and that a notice will follow.
 *
 * Who is checked: only what a member does themself — sign-up, a member's login (administrators and staff still
 * log in), their swap, buy (KRW deposit request), transfers and withdrawals per network. The console, including an
 * administrator acting for a member, keeps working.
 */
import type { DbOrTx } from "@/db/client";
import { type PauseRow, openPauseOf } from "@/db/queries/maintenance";
import { now } from "@/lib/clock";
import { AppError, type LocalizedParam } from "@/lib/errors";
import { translator } from "@/lib/i18n/translate";
import { kstMinuteText } from "@/lib/money-cooldown";
import { type Feature, featureKey, isFeature } from "./features";

/** Refuses (503 MAINTENANCE) when `feature` is paused; one indexed read. */
export async function assertNotPaused(db: DbOrTx, feature: Feature): Promise<void> {
  const pause = await openPauseOf(db, { feature });
  if (pause) throw maintenanceError(pause);
}

/** Both languages of one Maintenance message. */
function both(key: string, values?: Record<string, string>): LocalizedParam {
  return { ko: translator("ko", "Maintenance")(key, values), en: translator("en", "Maintenance")(key, values) };
}

/** The feature's name in both languages. */
export function featureName(feature: Feature): LocalizedParam {
  return both(`feature.${featureKey(feature)}`);
}

/**
 * 503 MAINTENANCE { feature, until, reason, featureName, untilText }: the reason and texts in the member's language
 * (lib/api/handler.ts picks), Retry-After until the expected end while it lies ahead.
 */
export function maintenanceError(pause: PauseRow): AppError {
  const feature = pause.feature;
  if (!isFeature(feature)) throw new Error(`feature_pauses: unknown feature ${feature}`);
  const until = new Date(pause.until);
  const left = Math.ceil((until.getTime() - now().getTime()) / 1000);
  const time = kstMinuteText(until);
  return new AppError(
    "MAINTENANCE",
    {
      feature,
      until: until.toISOString(),
      reason: { ko: pause.reasonKo, en: pause.reasonEn },
      featureName: featureName(feature),
      untilText: both(left > 0 ? "untilText" : "overdueText", { time }),
    },
    left > 0 ? { "retry-after": String(Math.min(left, 86_400)) } : {},
  );
}
