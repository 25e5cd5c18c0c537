/**
 * The ID review queue (/admin/id-reviews): pending submissions of active members, oldest first, with the
 * member and the image URL (served and audited by /api/id-images/{key}). A SUPERADMIN's document is listed only
 * `withSuperadmins` (./members): an ADMIN may neither decide it nor open its image.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { idImageUrl } from "./id-documents";
import { COUNT_CAP, cappedCount, hideRoles, type ViewerScope } from "./members";

export type IdReviewDto = {
  documentId: number;
  user: { id: number; userId: string; name: string };
  submittedAt: string;
  imageUrl: string | null;
};

/** The queue's rows (also its length on the dashboard, ./admin-dashboard). */
export const idQueue = (scope: ViewerScope) => sql`FROM id_documents d JOIN users u ON u.id = d.user_id
  WHERE d.status = 'PENDING' AND d.erased_at IS NULL AND u.status = 'ACTIVE' AND u.id_status = 'PENDING'
  ${hideRoles(scope, "u")}`;

export async function idReviewQueue(
  db: DbOrTx,
  { page, limit, ...scope }: { page: number; limit: number } & ViewerScope,
): Promise<{ items: IdReviewDto[]; total: number; totalCapped: boolean }> {
  // The page walks id_documents_pending_created_idx (migration 0033) in its order and stops after its rows. The
  // planner cannot know that a pending document's member is nearly always a member whose ID is pending: at
  // 1,000,000 members it expects ~375 of the 20,000 pending documents to join and would sort them all rather than
  // walk (66 ms p95 against ~1 ms; docs/scaling.md, "Hot queries at that size"). So sorts are off in this
  // transaction, and parallel workers, whose start costs more than 20 rows.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('enable_sort', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return rowsOf<{
      id: string | number;
      uid: number;
      handle: string;
      name: string;
      at: string;
      key: string | null;
    }>(
      await tx.execute(sql`
      SELECT d.id, u.id AS uid, u.user_id AS handle, u.name, d.storage_key AS key,
        to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      ${idQueue(scope)}
      ORDER BY d.created_at ASC, d.id ASC
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
    );
  });
  const n = await cappedCount(db, sql`SELECT 1 ${idQueue(scope)}`);
  return {
    items: rows.map((r) => ({
      documentId: Number(r.id),
      user: { id: r.uid, userId: r.handle, name: r.name },
      submittedAt: r.at,
      imageUrl: r.key ? idImageUrl(r.key) : null,
    })),
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
  };
}
