/**
 * GET /api/admin/waiting: the lengths of the three queues an administrator works through, in one statement, each
 * counted exactly as its list selects it — ID documents (./admin-id-documents idQueue), PENDING requests whose
 * quote has not expired by the database's clock (like the request queue and the dashboard), PENDING proposals not past their 72 hours. A viewer who
 * may not read a SUPERADMIN account (`withSuperadmins` false, ./members) counts none of theirs.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { idQueue } from "./admin-id-documents";
import { hiddenRoleList, hideRoles, type ViewerScope } from "./members";

/** The shape of lib/admin/waiting-dto.ts WaitingDto (db/ imports nothing from lib/). */
export type WaitingCounts = { idReviews: number; requests: number; approvals: number };

export async function waitingCounts(db: DbOrTx, { at, ...scope }: { at: Date } & ViewerScope): Promise<WaitingCounts> {
  const hidden = hiddenRoleList(scope).map((r) => `'${r}'`);
  const [row] = rowsOf<{ ids: string | number; requests: string | number; approvals: string | number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) ${idQueue(scope)}) AS ids,
        (SELECT count(*) FROM requests r JOIN users u ON u.id = r.user_id
          WHERE r.status = 'PENDING' AND (r.quote_expires_at IS NULL OR r.quote_expires_at > now())
          ${hideRoles(scope, "u")}) AS requests,
        (SELECT count(*) FROM proposals p LEFT JOIN users t ON t.id = p.target_user_id
          WHERE p.status = 'PENDING' AND p.expires_at > ${at.toISOString()}::timestamptz
          ${hidden.length ? sql.raw(`AND (t.id IS NULL OR t.role NOT IN (${hidden.join(", ")}))`) : sql``}) AS approvals`),
  );
  return {
    idReviews: Number(row?.ids ?? 0),
    requests: Number(row?.requests ?? 0),
    approvals: Number(row?.approvals ?? 0),
  };
}
