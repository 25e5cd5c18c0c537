/**
 * The admin dashboard's figures, each one bounded statement: members, ID documents awaiting review, pending
 * requests per type, WLD owed to members per account kind (from the ledger), and sign-ups per KST day.
 * KST is UTC+9 all year, so a day is `(ts AT TIME ZONE 'UTC' + 9 hours)::date`, no time-zone database needed.
 * The two queue lengths are the queues' own (a SUPERADMIN account's items only `withSuperadmins`, ./members); the
 * WLD owed is every member's, the figure the reconciliation checks against the system accounts.
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

const kstDate = (col: string) => sql.raw(`((${col} AT TIME ZONE 'UTC') + interval '9 hours')::date`);

/** `today` is the KST day (YYYY-MM-DD) the figures are for. */
export async function dashboardFigures(
  db: DbOrTx,
  { today, days, ...scope }: { today: string; days: number } & ViewerScope,
) {
  // The KST day `today` starts at 15:00 UTC of the day before.
  const dayStart = sql`(${today}::date - interval '9 hours')::timestamp AT TIME ZONE 'UTC'`;
  const firstDay = sql`(${today}::date - ${days - 1}::int)`;
  const [m] = rowsOf<{ total: string | number; today: string | number; pending_ids: string | number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE role = 'USER') AS total,
             count(*) FILTER (WHERE role = 'USER' AND created_at >= ${dayStart}) AS today,
             (SELECT count(*) ${idQueue(scope)}) AS pending_ids
      FROM users WHERE status = 'ACTIVE'`),
  );
  const pending = rowsOf<{ type: "DEPOSIT" | "WITHDRAW" | "TRANSFER"; n: string | number }>(
    await db.execute(sql`
      SELECT r.type::text AS type, count(*) AS n FROM requests r JOIN users u ON u.id = r.user_id
      WHERE r.status = 'PENDING' AND (r.quote_expires_at IS NULL OR r.quote_expires_at > now())
        ${hideRoles(scope, "u")}
      GROUP BY r.type`),
  );
  const owed = rowsOf<{ kind: string; total: string }>(
    await db.execute(sql`
      SELECT kind::text AS kind, trim_scale(sum(balance))::text AS total FROM ledger_accounts
      WHERE user_id IS NOT NULL AND coin = 'WLD' GROUP BY kind`),
  );
  const signups = rowsOf<{ day: string; n: string | number }>(
    await db.execute(sql`
      SELECT d::date::text AS day, COALESCE(s.n, 0) AS n
      FROM generate_series(${firstDay}, ${today}::date, interval '1 day') d
      LEFT JOIN (
        SELECT ${kstDate("created_at")} AS day, count(*) AS n FROM users
        WHERE created_at >= (${firstDay} - interval '9 hours')::timestamp AT TIME ZONE 'UTC' AND role = 'USER'
        GROUP BY 1
      ) s ON s.day = d::date
      ORDER BY d`),
  );
  const pendingOf = (t: string) => Number(pending.find((p) => p.type === t)?.n ?? 0);
  const owedOf = (k: string) => owed.find((o) => o.kind === k)?.total ?? "0";
  return {
    members: { total: Number(m?.total ?? 0), newToday: Number(m?.today ?? 0) },
    idDocumentsPending: Number(m?.pending_ids ?? 0),
    pendingRequests: {
      DEPOSIT: pendingOf("DEPOSIT"),
      WITHDRAW: pendingOf("WITHDRAW"),
      TRANSFER: pendingOf("TRANSFER"),
    },
    wldOwed: { holding: owedOf("holding"), staked: owedOf("staked"), held: owedOf("held"), rewards: owedOf("rewards") },
    signups: signups.map((s) => ({ day: s.day.slice(0, 10), count: Number(s.n) })),
  } satisfies DashboardDto;
}
