/**
 * Pausing and resuming a feature (the console, `maintenance.manage`), the open pauses for the banners, and the
 * console's list. A pause publishes a pinned maintenance notice (lib/notices/publish.ts) in the same transaction;
 * resuming retires it and publishes a short "resumed" notice, so a member who read the first learns it is over.
 * Both are audited (MAINTENANCE_PAUSE, MAINTENANCE_RESUME). An expected end that passes lifts nothing (./check.ts).
 */
import { type DbOrTx, getDb, type Tx } from "@/db/client";
import { type AdminPauseRow, pauseForUpdate, openPauses, pauseHistory } from "@/db/queries/maintenance";
import { featurePauses } from "@/db/schema";
import { eq } from "drizzle-orm";
import { audit, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { translator } from "@/lib/i18n/translate";
import { publishNotice, retireNotice } from "@/lib/notices/publish";
import { kstMinuteText } from "@/lib/money-cooldown";
import { featureName } from "./check";
import type { AdminMaintenance, AdminPause, MaintenanceStatus } from "./dto";
import { FEATURES, type Feature, isFeature } from "./features";

/** How long the "resumed" notice stays in the members' list. */
const RESUMED_NOTICE_MS = 3 * 86_400_000;
/** The furthest expected end a pause may announce. */
export const MAX_PAUSE_MS = 30 * 86_400_000;

type Actor = { id: number } & RequestMeta;

const overdue = (until: Date) => until.getTime() <= now().getTime();

/** The notice texts in both languages (MaintenanceAdmin.notice.*). */
function noticeTexts(
  kind: "paused" | "resumed",
  p: { feature: Feature; reasonKo: string; reasonEn: string; until: Date },
) {
  const name = featureName(p.feature);
  const time = kstMinuteText(p.until);
  const text = (locale: "ko" | "en") => {
    const t = translator(locale, "MaintenanceAdmin");
    const values = { feature: name[locale], reason: locale === "ko" ? p.reasonKo : p.reasonEn, time };
    return { title: t(`notice.${kind}Title`, values), body: t(`notice.${kind}Body`, values) };
  };
  const ko = text("ko");
  const en = text("en");
  return { titleKo: ko.title, titleEn: en.title, bodyKo: ko.body, bodyEn: en.body };
}

/**
 * Pauses `feature` until an administrator resumes it; `until` is the end announced to members (in the future, at
 * most 30 days ahead: else 400 INVALID_UNTIL). A feature already paused → 409 ALREADY_PAUSED (the partial unique
 * index decides, so two administrators racing make one pause).
 */
export async function pauseFeature(
  tx: Tx,
  input: { feature: Feature; reasonKo: string; reasonEn: string; until: Date },
  actor: Actor,
): Promise<AdminPause> {
  const at = now();
  if (input.until.getTime() <= at.getTime() || input.until.getTime() - at.getTime() > MAX_PAUSE_MS)
    throw new AppError("INVALID_UNTIL", { field: "until" });
  const notice = await publishNotice(tx, {
    category: "maintenance",
    ...noticeTexts("paused", input),
    pinned: true,
    publishedFrom: at,
    createdBy: actor.id,
  });
  const [row] = await tx
    .insert(featurePauses)
    .values({
      feature: input.feature,
      reasonKo: input.reasonKo,
      reasonEn: input.reasonEn,
      until: input.until,
      pausedBy: actor.id,
      pausedAt: at,
      noticeId: notice.id,
    })
    .onConflictDoNothing()
    .returning({ id: featurePauses.id });
  if (!row) throw new AppError("ALREADY_PAUSED", { feature: input.feature });
  await audit(tx, {
    action: "MAINTENANCE_PAUSE",
    actorId: actor.id,
    targetId: row.id,
    ip: actor.ip,
    requestId: actor.requestId,
    after: {
      feature: input.feature,
      reasonKo: input.reasonKo,
      reasonEn: input.reasonEn,
      until: input.until.toISOString(),
      noticeId: notice.id,
    },
  });
  return {
    id: row.id,
    feature: input.feature,
    reasonKo: input.reasonKo,
    reasonEn: input.reasonEn,
    until: input.until.toISOString(),
    overdue: false,
    pausedAt: at.toISOString(),
    pausedBy: null,
    resumedAt: null,
    resumedBy: null,
    noticeId: notice.id,
  };
}

/**
 * Resumes pause `id`: the feature works again at once on every instance. Its notice is retired and a "resumed"
 * notice published for three days. Unknown → 404; already resumed → 409 INVALID_STATE.
 */
export async function resumePause(
  tx: Tx,
  id: number,
  actor: Actor,
): Promise<{ id: number; feature: Feature; resumedAt: string; noticeId: number }> {
  const pause = await pauseForUpdate(tx, { id });
  if (!pause || !isFeature(pause.feature)) throw new AppError("NOT_FOUND");
  if (pause.resumedAt) throw new AppError("INVALID_STATE");
  const at = now();
  await tx.update(featurePauses).set({ resumedAt: at, resumedBy: actor.id }).where(eq(featurePauses.id, id));
  if (pause.noticeId !== null) await retireNotice(tx, pause.noticeId, at);
  const notice = await publishNotice(tx, {
    category: "maintenance",
    ...noticeTexts("resumed", { ...pause, feature: pause.feature }),
    publishedFrom: at,
    publishedUntil: new Date(at.getTime() + RESUMED_NOTICE_MS),
    createdBy: actor.id,
  });
  await audit(tx, {
    action: "MAINTENANCE_RESUME",
    actorId: actor.id,
    targetId: id,
    ip: actor.ip,
    requestId: actor.requestId,
    before: { feature: pause.feature, until: pause.until.toISOString() },
    after: { resumedAt: at.toISOString(), noticeId: notice.id },
  });
  return { id, feature: pause.feature, resumedAt: at.toISOString(), noticeId: notice.id };
}

/** The open pauses, for the member screens' banners (public; read on every call). */
export async function maintenanceStatus(db?: DbOrTx): Promise<MaintenanceStatus> {
  const rows = await openPauses(db ?? (await getDb()));
  return {
    pauses: rows
      .filter((r) => isFeature(r.feature))
      .map((r) => ({
        feature: r.feature as Feature,
        reasonKo: r.reasonKo,
        reasonEn: r.reasonEn,
        until: r.until.toISOString(),
        overdue: overdue(r.until),
      })),
  };
}

function adminPause(r: AdminPauseRow): AdminPause {
  return {
    id: r.id,
    feature: r.feature as Feature,
    reasonKo: r.reasonKo,
    reasonEn: r.reasonEn,
    until: r.until.toISOString(),
    overdue: r.resumedAt === null && overdue(r.until),
    pausedAt: r.pausedAt.toISOString(),
    pausedBy: r.pausedByHandle === null ? null : { id: r.pausedById, userId: r.pausedByHandle },
    resumedAt: r.resumedAt?.toISOString() ?? null,
    resumedBy:
      r.resumedById === null || r.resumedByHandle === null ? null : { id: r.resumedById, userId: r.resumedByHandle },
    noticeId: r.noticeId,
  };
}

/** The console's screen: every feature with its open pause, and the newest 50 pauses (open and resumed). */
export async function adminMaintenance(): Promise<AdminMaintenance> {
  const db = await getDb();
  const [open, history] = await Promise.all([
    pauseHistory(db, { limit: FEATURES.length, openOnly: true }),
    pauseHistory(db, { limit: 50 }),
  ]);
  const byFeature = new Map(open.map((r) => [r.feature, adminPause(r)]));
  return {
    features: FEATURES.map((feature) => ({ feature, pause: byFeature.get(feature) ?? null })),
    history: history.map(adminPause),
  };
}
