/**
 * The admin dashboard's figures, each one bounded statement: members, ID documents awaiting review, pending
 * requests per type, WLD owed to members per account kind (from the ledger), and sign-ups per KST day.
 * KST is UTC+9 all year, so a day is `(ts AT TIME ZONE 'UTC' + 9 hours)::date`, no time-zone database needed.
 * The two queue lengths are the queues' own (a SUPERADMIN account's items only `withSuperadmins`, ./members); the
 * WLD owed is every member's, the figure the reconciliation checks against the system accounts.
 *
 * No statement scans a member table (docs/scaling.md, "Hot queries at that size"): the member counts, sign-ups per
 * day and WLD owed are the sums of admin_tallies, which the writes to users and ledger_accounts keep (migration
 * 0030: a few rows per day plus those of transactions not yet folded); the queue lengths read partial indexes of
 * the pending rows only (id_documents_pending_idx with users_id_pending_idx, requests_pending_created_idx).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { idQueue } from "./admin-id-documents";
import { hideRoles, type ViewerScope } from "./members";

export type DashboardDto = {
  members: { total: number; newToday: number };
  /** The ID review queue's length (GET /api/admin/id-documents). */
  idDocumentsPending: number;
  pendingRequests: { DEPOSIT: number; WITHDRAW: number; TRANSFER: number };
  /** WLD owed to members, decimal strings, by member account kind. */
  wldOwed: { holding: string; staked: string; held: string; rewards: string };
  /** Sign-ups per KST day, oldest first, every one of the `days` days up to today present (zero-filled). */
  signups: { day: string; count: number }[];
};

/** `today` is the KST day (YYYY-MM-DD) the figures are for. */
export async function dashboardFigures(
  db: DbOrTx,
  { today, days, ...scope }: { today: string; days: number } & ViewerScope,
) {
  // admin_tallies.day is the KST sign-up day (UTC+9 all year): today's members are the rows of `today` (and later).
  const firstDay = sql`(${today}::date - ${days - 1}::int)`;
  const [m] = rowsOf<{ total: string | number; today: string | number; pending_ids: string | number }>(
    await db.execute(sql`
      SELECT COALESCE(sum(members), 0) AS total, COALESCE(sum(members) FILTER (WHERE day >= ${today}::date), 0) AS today,
             (SELECT count(*) ${idQueue(scope)}) AS pending_ids
      FROM admin_tallies WHERE day IS NOT NULL`),
  );
  const pending = rowsOf<{ type: "DEPOSIT" | "WITHDRAW" | "TRANSFER"; n: string | number }>(
    await db.execute(sql`
      SELECT r.type::text AS type, count(*) AS n FROM requests r JOIN users u ON u.id = r.user_id
      WHERE r.status = 'PENDING' AND (r.quote_expires_at IS NULL OR r.quote_expires_at > now())
        ${hideRoles(scope, "u")}
      GROUP BY r.type`),
  );
  const [owedRow] = rowsOf<{ holding: string; staked: string; held: string; rewards: string }>(
    await db.execute(sql`
      SELECT trim_scale(COALESCE(sum(wld_holding), 0))::text AS holding, trim_scale(COALESCE(sum(wld_staked), 0))::text AS staked,
        trim_scale(COALESCE(sum(wld_held), 0))::text AS held, trim_scale(COALESCE(sum(wld_rewards), 0))::text AS rewards
      FROM admin_tallies WHERE day IS NULL`),
  );
  const signups = rowsOf<{ day: string; n: string | number }>(
    await db.execute(sql`
      SELECT d::date::text AS day, COALESCE(s.n, 0) AS n
      FROM generate_series(${firstDay}, ${today}::date, interval '1 day') d
      LEFT JOIN (
        SELECT day, sum(signups) AS n FROM admin_tallies WHERE day >= ${firstDay} AND day <= ${today}::date GROUP BY day
      ) s ON s.day = d::date
      ORDER BY d`),
  );
  const pendingOf = (t: string) => Number(pending.find((p) => p.type === t)?.n ?? 0);
  return {
    members: { total: Number(m?.total ?? 0), newToday: Number(m?.today ?? 0) },
    idDocumentsPending: Number(m?.pending_ids ?? 0),
    pendingRequests: {
      DEPOSIT: pendingOf("DEPOSIT"),
      WITHDRAW: pendingOf("WITHDRAW"),
      TRANSFER: pendingOf("TRANSFER"),
    },
    wldOwed: {
      holding: owedRow?.holding ?? "0",
      staked: owedRow?.staked ?? "0",
      held: owedRow?.held ?? "0",
      rewards: owedRow?.rewards ?? "0",
    },
    signups: signups.map((s) => ({ day: s.day.slice(0, 10), count: Number(s.n) })),
  } satisfies DashboardDto;
}
