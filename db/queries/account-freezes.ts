/**
 * The panic button's reads (changes live in lib/account/freeze.ts): a member's freeze state with the open freeze's
 * origin and a waiting unfreeze proposal, and the history of their freezes for the console.
 */
import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DbOrTx, rowsOf } from "@/db/client";
import { accountFreezes, users } from "@/db/schema";

export type FreezeStateRow = {
  frozenAt: Date | null;
  how: "SETTINGS" | "NOTIFICATION" | null;
  moneyCooldownUntil: Date | null;
  pendingProposalId: number | null;
};

type Raw = {
  frozen_at: string | Date | null;
  how: string | null;
  money_cooldown_until: string | Date | null;
  pending: string | null;
};

const date = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * The member's state, or null when there is no such member. One statement on primary keys and small indexes; `at`
 * (the application clock) decides whether a pending proposal has expired.
 */
export async function freezeStateOf(db: DbOrTx, userId: number, at: Date): Promise<FreezeStateRow | null> {
  const [r] = rowsOf<Raw>(
    await db.execute(sql`
      SELECT u.frozen_at, u.money_cooldown_until,
        (SELECT f.how FROM account_freezes f WHERE f.user_id = u.id AND f.unfrozen_at IS NULL) AS how,
        (SELECT p.id::text FROM proposals p WHERE p.kind = 'account_unfreeze' AND p.target_user_id = u.id
          AND p.status = 'PENDING' AND p.expires_at > ${at.toISOString()}::timestamptz ORDER BY p.id DESC LIMIT 1) AS pending
      FROM users u WHERE u.id = ${userId}::integer`),
  );
  if (!r) return null;
  return {
    frozenAt: date(r.frozen_at),
    how: (r.how as FreezeStateRow["how"]) ?? null,
    moneyCooldownUntil: date(r.money_cooldown_until),
    pendingProposalId: r.pending === null ? null : Number(r.pending),
  };
}

export type FreezeHistoryRow = {
  id: number;
  frozenAt: string;
  how: "SETTINGS" | "NOTIFICATION";
  unfrozenAt: string | null;
  unfreezeHow: "SELF" | "PROPOSAL" | null;
  /** The handle of who lifted it (the member, or the approving administrator). */
  unfrozenBy: string | null;
};

/** The member's last freezes, newest first. */
export async function freezeHistoryOf(db: DbOrTx, userId: number, limit = 10): Promise<FreezeHistoryRow[]> {
  const by = alias(users, "unfrozen_by_user");
  const rows = await db
    .select({
      id: accountFreezes.id,
      frozenAt: accountFreezes.frozenAt,
      how: accountFreezes.how,
      unfrozenAt: accountFreezes.unfrozenAt,
      unfreezeHow: accountFreezes.unfreezeHow,
      unfrozenBy: by.userId,
    })
    .from(accountFreezes)
    .leftJoin(by, eq(by.id, accountFreezes.unfrozenBy))
    .where(eq(accountFreezes.userId, userId))
    .orderBy(desc(accountFreezes.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    frozenAt: r.frozenAt.toISOString(),
    how: r.how as FreezeHistoryRow["how"],
    unfrozenAt: r.unfrozenAt?.toISOString() ?? null,
    unfreezeHow: (r.unfreezeHow as FreezeHistoryRow["unfreezeHow"]) ?? null,
    unfrozenBy: r.unfrozenBy ?? null,
  }));
}
