/**
 * The member's outgoing total for the daily withdrawal limit (lib/wallet/limits.ts): reads only. One statement:
 * the member's override and cool-down end, and what their TRANSFER and WITHDRAW requests created in [start, end)
 * that are PENDING or APPROVED are worth in KRW (the SQL function outgoing_krw, db/migrations/0011, which
 * transfer_request_open judges the limit with).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";

export type OutgoingUsage = {
  /** users.daily_withdraw_limit_krw (whole KRW) or null for the configured default. */
  overrideKrw: string | null;
  cooldownUntil: Date | null;
  /** Decimal string, exact (SQL numeric). */
  usedKrw: string;
};

export async function outgoingUsage(
  db: DbOrTx,
  args: { userId: number; start: Date; end: Date },
): Promise<OutgoingUsage | null> {
  const [row] = rowsOf<{ override: string | null; cooldown: string | Date | null; used: string }>(
    await db.execute(sql`
      SELECT trim_scale(u.daily_withdraw_limit_krw)::text AS override, u.money_cooldown_until AS cooldown,
        trim_scale(outgoing_krw(u.id, ${args.start.toISOString()}::timestamptz,
          ${args.end.toISOString()}::timestamptz, NULL))::text AS used
      FROM users u WHERE u.id = ${args.userId}::integer`),
  );
  if (!row) return null;
  return {
    overrideKrw: row.override,
    cooldownUntil: row.cooldown === null ? null : new Date(row.cooldown),
    usedKrw: row.used,
  };
}
