/**
 * Every referral code (/admin/signup-codes): each member's own code and each sign-up code an administrator
 * issued, with the owner and how many sign-ups used it (a member code: members who entered it, found through
 * users_referrer_idx; a sign-up code: its `uses` counter, kept atomically at sign-up). Newest first. A SUPERADMIN
 * account's own code is listed only `withSuperadmins` (./members); a sign-up code is the console's, whoever issued it.
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { COUNT_CAP, cappedCount, hideRoles, type ViewerScope } from "./members";

export type ReferralCodeDto = {
  kind: "member" | "signup-code";
  /** users.id for a member code, signup_codes.id for a sign-up code. */
  id: number;
  code: string;
  owner: { id: number; userId: string; name: string } | null;
  /** Sign-ups that used the code. */
  signups: number;
  active: boolean;
  note: string | null;
  maxUses: number | null;
  createdAt: string;
};

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function codes(search: string, scope: ViewerScope): SQL {
  const m = search ? sql`AND (u.ref_code ILIKE ${contains(search)} OR u.user_id ILIKE ${contains(search)})` : sql``;
  const owners = hideRoles(scope, "u");
  const s = search ? sql`AND (c.code ILIKE ${contains(search)} OR o.user_id ILIKE ${contains(search)})` : sql``;
  return sql`
    SELECT 'member' AS kind, u.id, u.ref_code AS code, u.id AS owner_id, u.user_id AS owner_handle, u.name AS owner_name,
      NULL::int AS uses,
      (u.status = 'ACTIVE') AS active, NULL::text AS note, NULL::int AS max_uses, u.created_at
    FROM users u WHERE TRUE ${owners} ${m}
    UNION ALL
    SELECT 'signup-code', c.id, c.code, o.id, o.user_id, o.name, c.uses, c.active, c.note, c.max_uses, c.created_at
    FROM signup_codes c LEFT JOIN users o ON o.id = c.owner_id WHERE TRUE ${s}`;
}

export async function referralCodePage(
  db: DbOrTx,
  { search, page, limit, ...scope }: { search: string; page: number; limit: number } & ViewerScope,
): Promise<{ items: ReferralCodeDto[]; total: number; totalCapped: boolean }> {
  const rows = rowsOf<{
    kind: "member" | "signup-code";
    id: number;
    code: string;
    owner_id: number | null;
    owner_handle: string | null;
    owner_name: string | null;
    signups: string | number;
    active: boolean;
    note: string | null;
    max_uses: number | null;
    at: string;
  }>(
    await db.execute(sql`
      SELECT kind, id, code, owner_id, owner_handle, owner_name, active, note, max_uses, ${iso("created_at")} AS at,
        -- counted for the page's rows only
        CASE WHEN kind = 'member'
          THEN (SELECT count(*) FROM users r WHERE r.referrer_id = p.owner_id AND r.ref_id = p.code) ELSE uses END AS signups
      FROM (
        SELECT * FROM (${codes(search, scope)}) x ORDER BY created_at DESC, kind, id DESC
        LIMIT ${limit} OFFSET ${(page - 1) * limit}
      ) p
      ORDER BY created_at DESC, kind, id DESC`),
  );
  const n = await cappedCount(db, sql`SELECT 1 FROM (${codes(search, scope)}) x`);
  return {
    items: rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      code: r.code,
      owner: r.owner_id === null ? null : { id: r.owner_id, userId: r.owner_handle ?? "", name: r.owner_name ?? "" },
      signups: Number(r.signups),
      active: Boolean(r.active),
      note: r.note,
      maxUses: r.max_uses,
      createdAt: r.at,
    })),
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
  };
}
