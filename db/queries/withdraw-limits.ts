/**
 * What the transfer screen's status reads (lib/wallet/limits.ts withdrawStatus), in one statement: the member's
 * daily-limit override and cool-down end; what their TRANSFER and WITHDRAW requests created in [start, end) that are
 * PENDING or APPROVED are worth in KRW (the SQL function outgoing_krw, db/migrations/0011, which
 * transfer_request_open judges the limit with); the KRW hold's facts (their WLD deposits credited after
 * `heldSince`, the newest credit, their WLD holding); where their address sends to (its destinations row, or for a
 * personal wallet whether a signature proved it); and the originator of their Travel Rule records (name, ID state).
 * Reads only.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { DESTINATION_KINDS, DESTINATION_STATUSES } from "@/db/schema";

type DestinationKind = (typeof DESTINATION_KINDS)[number];
type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export type WithdrawFacts = {
  /** users.daily_withdraw_limit_krw (whole KRW) or null for the configured default. */
  overrideKrw: string | null;
  cooldownUntil: Date | null;
  /** Decimal string, exact (SQL numeric). */
  usedKrw: string;
  name: string;
  idVerified: boolean;
  walletAddr: string | null;
  /** WLD credited by KRW deposits after heldSince, and the newest such credit (null: none). */
  recentKrwCredits: string;
  lastCreditAt: Date | null;
  holding: string;
  /** The address's exchange as a destinations row (null: none of that name). */
  destination: { name: string; kind: DestinationKind; status: DestinationStatus } | null;
  /** A personal_wallets row of the member for the address (a personal wallet's signature proven). */
  personalVerified: boolean;
};

type Row = {
  override: string | null;
  cooldown: string | Date | null;
  used: string;
  name: string;
  id_verified: boolean;
  wallet_addr: string | null;
  recent: string;
  last_credit: string | Date | null;
  holding: string;
  dest_name: string | null;
  dest_kind: DestinationKind | null;
  dest_status: DestinationStatus | null;
  personal_verified: boolean;
};

const dateOf = (v: string | Date | null) => (v === null ? null : new Date(v));

export async function withdrawFacts(
  db: DbOrTx,
  args: { userId: number; start: Date; end: Date; heldSince: Date },
): Promise<WithdrawFacts | null> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      SELECT trim_scale(u.daily_withdraw_limit_krw)::text AS override, u.money_cooldown_until AS cooldown,
        trim_scale(outgoing_krw(u.id, ${args.start.toISOString()}::timestamptz,
          ${args.end.toISOString()}::timestamptz, NULL))::text AS used,
        u.name, u.id_status = 'APPROVED' AS id_verified, u.wallet_addr,
        trim_scale(coalesce(c.recent, 0))::text AS recent, c.last_credit,
        trim_scale(coalesce(b.holding, 0))::text AS holding,
        d.name AS dest_name, d.kind AS dest_kind, d.status AS dest_status,
        EXISTS (SELECT 1 FROM personal_wallets w
                WHERE w.user_id = u.id AND w.address = lower(split_part(u.wallet_addr, '|', 3))) AS personal_verified
      FROM users u
        LEFT JOIN LATERAL (
          SELECT sum(r.amount) AS recent, max(r.credited_at) AS last_credit FROM requests r
          WHERE r.user_id = u.id AND r.type = 'DEPOSIT' AND r.credited_at IS NOT NULL
            AND r.credited_at > ${args.heldSince.toISOString()}::timestamptz AND r.coin_symbol = 'WLD') c ON TRUE
        LEFT JOIN LATERAL (
          SELECT sum(a.balance) AS holding FROM ledger_accounts a
          WHERE a.user_id = u.id AND a.coin = 'WLD' AND a.kind = 'holding') b ON TRUE
        LEFT JOIN destinations d ON lower(d.name) = lower(split_part(u.wallet_addr, '|', 2))
      WHERE u.id = ${args.userId}::integer`),
  );
  if (!row) return null;
  return {
    overrideKrw: row.override,
    cooldownUntil: dateOf(row.cooldown),
    usedKrw: row.used,
    name: row.name,
    idVerified: row.id_verified,
    walletAddr: row.wallet_addr,
    recentKrwCredits: row.recent,
    lastCreditAt: dateOf(row.last_credit),
    holding: row.holding,
    destination:
      row.dest_name === null ? null : { name: row.dest_name, kind: row.dest_kind!, status: row.dest_status! },
    personalVerified: row.personal_verified,
  };
}
