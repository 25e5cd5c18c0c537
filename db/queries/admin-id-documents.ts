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
  const rows = rowsOf<{
    id: string | number;
    uid: number;
    handle: string;
    name: string;
    at: string;
    key: string | null;
  }>(
    await db.execute(sql`
      SELECT d.id, u.id AS uid, u.user_id AS handle, u.name, d.storage_key AS key,
        to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      ${idQueue(scope)}
      ORDER BY d.created_at ASC, d.id ASC
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
  );
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
