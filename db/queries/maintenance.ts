/**
 * Reads of the maintenance pauses (feature_pauses, db/migrations/0024). The open pause of a feature is one read of
 * the partial unique index feature_pauses_open_uq: every member action it guards pays that much, no more.
 */
import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { featurePauses, users } from "@/db/schema";

export type PauseRow = { feature: string; reasonKo: string; reasonEn: string; until: Date };

const open = isNull(featurePauses.resumedAt);
const pauseColumns = {
  feature: featurePauses.feature,
  reasonKo: featurePauses.reasonKo,
  reasonEn: featurePauses.reasonEn,
  until: featurePauses.until,
};

/** The open pause of `feature`, or null. */
export async function openPauseOf(db: DbOrTx, { feature }: { feature: string }): Promise<PauseRow | null> {
  const [row] = await db
    .select(pauseColumns)
    .from(featurePauses)
    .where(and(eq(featurePauses.feature, feature), open))
    .limit(1);
  return row ?? null;
}

/** Every open pause (the banners' answer). */
export async function openPauses(db: DbOrTx): Promise<PauseRow[]> {
  return db.select(pauseColumns).from(featurePauses).where(open).orderBy(featurePauses.feature);
}

/**
 * The open pause of a feature as a SQL expression answering its row as JSON text (or NULL), to join a statement
 * that is made anyway (the transfer request's one statement, lib/wallet/requests.ts).
 */
export function openPauseJsonSql(feature: string | null) {
  return sql`(SELECT json_build_object('feature', p.feature, 'reasonKo', p.reason_ko, 'reasonEn', p.reason_en,
    'until', p.until)::text FROM feature_pauses p WHERE p.feature = ${feature}::text AND p.resumed_at IS NULL)`;
}

const pausedByUser = alias(users, "paused_by_user");
const resumedByUser = alias(users, "resumed_by_user");

export type AdminPauseRow = {
  id: number;
  feature: string;
  reasonKo: string;
  reasonEn: string;
  until: Date;
  pausedAt: Date;
  pausedById: number;
  pausedByHandle: string | null;
  resumedAt: Date | null;
  resumedById: number | null;
  resumedByHandle: string | null;
  noticeId: number | null;
};

/** Pauses for the console: the open ones and the newest `limit` of the history, newest first. */
export async function pauseHistory(
  db: DbOrTx,
  { limit, openOnly = false }: { limit: number; openOnly?: boolean },
): Promise<AdminPauseRow[]> {
  return db
    .select({
      id: featurePauses.id,
      feature: featurePauses.feature,
      reasonKo: featurePauses.reasonKo,
      reasonEn: featurePauses.reasonEn,
      until: featurePauses.until,
      pausedAt: featurePauses.pausedAt,
      pausedById: featurePauses.pausedBy,
      pausedByHandle: pausedByUser.userId,
      resumedAt: featurePauses.resumedAt,
      resumedById: featurePauses.resumedBy,
      resumedByHandle: resumedByUser.userId,
      noticeId: featurePauses.noticeId,
    })
    .from(featurePauses)
    .leftJoin(pausedByUser, eq(pausedByUser.id, featurePauses.pausedBy))
    .leftJoin(resumedByUser, eq(resumedByUser.id, featurePauses.resumedBy))
    .where(openOnly ? open : undefined)
    .orderBy(desc(featurePauses.pausedAt), desc(featurePauses.id))
    .limit(limit);
}

/** One pause by id, locked FOR UPDATE (a resume), or null. */
export async function pauseForUpdate(db: DbOrTx, { id }: { id: number }) {
  const [row] = await db
    .select({
      id: featurePauses.id,
      feature: featurePauses.feature,
      resumedAt: featurePauses.resumedAt,
      noticeId: featurePauses.noticeId,
      reasonKo: featurePauses.reasonKo,
      reasonEn: featurePauses.reasonEn,
      until: featurePauses.until,
    })
    .from(featurePauses)
    .where(eq(featurePauses.id, id))
    .for("update");
  return row ?? null;
}
