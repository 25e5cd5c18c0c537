/**
 * The four-eyes limit on a rolling 24-hour total (SECURITY.md I39): what one administrator may move on their own
 * authority. Every direct admin balance change — coin, coinunhist deposit and withdraw, interest, staking withdraw,
 * a KRW deposit approval — counts its absolute WLD amount towards two totals: the administrator's (all their direct
 * changes) and the member's (all direct changes to them, by any administrator). A change that would take either
 * above FOUR_EYES_LIMIT is not applied by one person: the caller makes it a proposal, and a change applied through
 * an approved proposal is never counted (two people saw it). Another coin has no WLD value without a price, so any
 * amount of it needs a second administrator.
 *
 * The totals are read and the change recorded under two transaction-scoped advisory locks — the administrator's,
 * then the member's — so parallel calls queue and each sees the others' committed changes: no two can slip under
 * the limit together. Lock order: the member's users row (FOR SHARE, as every money change takes it first), then
 * these two; a caller holding them goes on to the ledger only, never to a users or request row, so they close no
 * cycle of waits.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "@/db/client";
import type { Coin } from "@/db/schema";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { D, type Dec } from "@/lib/money";
import { memberRowForShare } from "@/lib/wallet/member-row";

/** The kinds of direct change that count (the proposal kind each becomes above the limit). */
export type DirectChangeKind = "coin" | "coinunhist" | "interest" | "staking" | "deposit";

/** The rolling window the totals cover. */
export const ROLLING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Advisory lock namespaces (arbitrary constants: "4EYA" per administrator, "4EYM" per member). */
const ACTOR_LOCK_NS = 0x34455941;
const MEMBER_LOCK_NS = 0x3445594d;

/** The configured limit as a decimal (FOUR_EYES_LIMIT, default 1000 WLD). */
export const fourEyesLimit = (): Dec => new D(env().FOUR_EYES_LIMIT);

export type DirectChange = { actorId: number; memberId: number; kind: DirectChangeKind; symbol: Coin; amount: Dec };

/**
 * Inside the change's transaction: true when one administrator may apply it — it is recorded then, and rolls back
 * with the transaction if the change is refused — or false: it needs a second administrator (a proposal).
 */
export async function admitDirectChange(tx: Tx, c: DirectChange): Promise<boolean> {
  const amount = c.amount.abs();
  const limit = fourEyesLimit();
  if (c.symbol !== "WLD" || amount.gt(limit)) return false;
  await memberRowForShare(tx, c.memberId);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACTOR_LOCK_NS}::integer, ${c.actorId}::integer)`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${MEMBER_LOCK_NS}::integer, ${c.memberId}::integer)`);
  const at = now();
  const since = new Date(at.getTime() - ROLLING_WINDOW_MS).toISOString();
  const [totals] = rowsOf<{ actor: string; member: string }>(
    await tx.execute(sql`
      SELECT
        (SELECT coalesce(sum(amount_wld), 0) FROM admin_direct_changes
          WHERE actor_id = ${c.actorId} AND created_at > ${since}::timestamptz)::text AS actor,
        (SELECT coalesce(sum(amount_wld), 0) FROM admin_direct_changes
          WHERE member_id = ${c.memberId} AND created_at > ${since}::timestamptz)::text AS member`),
  );
  if (amount.plus(totals!.actor).gt(limit) || amount.plus(totals!.member).gt(limit)) return false;
  await tx.execute(sql`
    INSERT INTO admin_direct_changes (actor_id, member_id, kind, amount_wld, created_at)
    VALUES (${c.actorId}, ${c.memberId}, ${c.kind}, ${amount.toFixed()}, ${at.toISOString()}::timestamptz)`);
  return true;
}
